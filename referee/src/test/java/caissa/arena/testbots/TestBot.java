package caissa.arena.testbots;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;

/**
 * A bot for the referee's tests, run as a real process: it plays random legal moves and, when
 * told to, misbehaves at its N-th reply. It writes {@code pid N} (and {@code child-pid N}) to
 * standard error so that tests can check that no process outlives the game.
 *
 * <p>Usage: {@code TestBot BEHAVIOUR [N]} where BEHAVIOUR is one of the cases of {@link #misbehave}.
 */
public final class TestBot {

    private TestBot() {}

    public static void main(String[] args) throws Exception {
        String behaviour = args.length > 0 ? args[0] : "random";
        int at = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        targets = args.length > 2 ? Arrays.copyOfRange(args, 2, args.length) : new String[0];
        // Our own buffer, flushed once per reply: System.out flushes every write, which would
        // split a double reply or a flood into many small writes and make the tests racy.
        PrintStream out = new PrintStream(
                new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 20),
                false,
                StandardCharsets.UTF_8);
        System.err.println("pid " + ProcessHandle.current().pid());
        // The referee names the variant (HEXCAISSA.md 8); the bot says what it heard, for the tests.
        Variant variant = Variant.fromId(System.getenv().getOrDefault("CAISSA_VARIANT", "caissa"))
                .orElseThrow();
        System.err.println("variant " + variant);
        System.err.flush();
        switch (behaviour) {
            case "exit-immediately" -> System.exit(0);
            case "grandchild" -> {
                Process child = new ProcessBuilder("sleep", "600", token()).start();
                System.err.println("child-pid " + child.pid());
                System.err.flush();
            }
            case "ignore-end" -> ignoreTerm();
            case "spin-while-waiting" -> Spinner.start();
            case "memfd-hog", "shm-hog", "pte-hog" -> {
                // A helper that keeps memory where no resident set shows it: memfds it holds open but
                // never maps (each under the file size limit, which counts for a memfd too), or a System V
                // segment it fills 16 MiB at a time, detaching each time, and leaves. The bot replies once the helper
                // says it is done.
                // Or page tables: a huge read-only mapping read once every 2 MiB, each read a page
                // table (4 KiB) that maps the zero page, resident in no process (VmRSS stays small).
                String script = behaviour.equals("pte-hog")
                        ? "import ctypes,sys,time\nlibc=ctypes.CDLL(None,use_errno=True)\nlibc.mmap.restype=ctypes.c_void_p\n"
                                + "libc.mmap.argtypes=[ctypes.c_void_p,ctypes.c_size_t,ctypes.c_int,ctypes.c_int,ctypes.c_int,ctypes.c_long]\n"
                                + "n=(int(sys.argv[1])<<20)//4096*(2<<20)\na=libc.mmap(None,n,1,0x4022,-1,0)\n"
                                + "libc.madvise(ctypes.c_void_p(a),ctypes.c_size_t(n),15)\n"
                                + "for off in range(0,n,2<<20): ctypes.c_char.from_address(a+off).value\n"
                                + "print('page tables',[l.split()[1] for l in open('/proc/self/status') if l.startswith('VmPTE')],flush=True)\n"
                                + "time.sleep(600)\n"
                        : behaviour.equals("memfd-hog")
                                ? "import os,sys,time\nchunk=b'x'*(1<<20)\nfds=[]\n"
                                        + "for i in range(int(sys.argv[1])):\n"
                                        + "    if i%16==0: fds.append(os.memfd_create('hog'))\n"
                                        + "    os.write(fds[-1],chunk)\n"
                                        + "print('memfds',len(fds),flush=True)\ntime.sleep(600)\n"
                                : "import ctypes,sys,time\nlibc=ctypes.CDLL(None,use_errno=True)\nlibc.shmat.restype=ctypes.c_void_p\n"
                                        + "n=int(sys.argv[1])<<20\ni=libc.shmget(0,ctypes.c_size_t(n),0o1600)\n"
                                        + "for off in range(0,n,16<<20):\n"
                                        + "    a=libc.shmat(i,None,0)\n    ctypes.memset(a+off,1,16<<20)\n    libc.shmdt(ctypes.c_void_p(a))\n"
                                        + "print('shmid',i,flush=True)\ntime.sleep(600)\n";
                Process helper = new ProcessBuilder("/usr/bin/python3", "-c", script, Integer.toString(at), token())
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
                String said = new BufferedReader(new InputStreamReader(helper.getInputStream(), StandardCharsets.UTF_8))
                        .readLine();
                System.err.println("helper: " + said);
                System.err.flush();
            }
            case "inotify-hog" -> {
                // A helper that takes every inotify instance the user it runs as may have and keeps them.
                String script = "import ctypes,sys,time\nlibc=ctypes.CDLL(None,use_errno=True)\nfds=[]\n"
                        + "while len(fds)<100000:\n    fd=libc.inotify_init()\n    if fd<0: break\n    fds.append(fd)\n"
                        + "print('took',len(fds),'errno',ctypes.get_errno(),flush=True)\ntime.sleep(600)\n";
                Process helper = new ProcessBuilder("/usr/bin/python3", "-c", script, token())
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
                String said = new BufferedReader(new InputStreamReader(helper.getInputStream(), StandardCharsets.UTF_8))
                        .readLine();
                System.err.println("inotify-hog: " + said);
                System.err.flush();
            }
            case "setsid-helpers" -> {
                // Helpers that spin in sessions of their own, out of the bot's process group: what
                // suspension by signals to that group alone would leave running on the opponent's time.
                for (int i = 0; i < at; i++) {
                    Process helper = new ProcessBuilder(
                                    "/usr/bin/setsid", "/bin/sh", "-c", "while :; do :; done", "helper", token())
                            .start();
                    System.err.println("helper-pid " + helper.pid());
                }
                System.err.flush();
            }
            case "slow-burning-child" -> {
                // A child that burns CPU for as long as it runs, while the bot itself only sleeps.
                Process child = new ProcessBuilder("/bin/sh", "-c", "while :; do :; done", "burner", token()).start();
                System.err.println("child-pid " + child.pid());
                System.err.flush();
            }

            case "stderr-spam" -> {
                byte[] chunk = new byte[1024];
                Arrays.fill(chunk, (byte) 'e');
                for (int i = 0; i < 1024; i++) {
                    System.err.write(chunk);
                }
                System.err.println();
                System.err.println("last words");
                System.err.flush();
            }
            default -> {}
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        // A random mover takes its seed from the second argument, so that test tournaments can field distinct bots.
        Random random = new Random(behaviour.equals("random") ? at : 7);
        Position position = variant.initial();
        int replies = 0;
        String line;
        while ((line = in.readLine()) != null) {
            Spinner.lineReceived();
            String text = line.strip();
            if (text.equals("end")) {
                if (behaviour.equals("ignore-end")) {
                    sleepForever();
                }
                return;
            }
            if (text.startsWith("opening ") && behaviour.equals("skip-opening")) {
                // Takes no notice of the line, as a bot that never heard of openings: it plays from the initial
                // position.
                continue;
            }
            if (text.startsWith("opening ")) {
                for (String move : text.substring(8).split(" ")) {
                    position = position.play(variant.move(move));
                }
                if (behaviour.equals("answer-opening")) {
                    // Takes the opening line for a question, as a bot that misread the protocol does;
                    // the answer goes out with its first move, in one write, so that it is there to see.
                    out.println(position.legalMoves().get(0));
                }
                continue;
            }
            if (!text.equals("start")) {
                position = position.play(variant.move(text));
            }
            replies++;
            List<Move> moves = position.legalMoves();
            // A bot that skips the opening plays the first move it finds, so that a test knows which.
            Move move = behaviour.equals("skip-opening") ? moves.get(0) : moves.get(random.nextInt(moves.size()));
            if (replies >= at && misbehave(behaviour, position, move, out)) {
                continue;
            }
            // Marked before the write: once the line is out the arena may stop this bot at any
            // moment, and a mark made after continuing would hide the whole wait.
            Spinner.replied();
            out.println(behaviour.equals("upper-case") ? " " + move.toString().toUpperCase() + "\t\r" : move);
            out.flush();
            position = position.play(move);
        }
    }

    /** Does the misbehaviour for this reply; true when no normal reply must follow. */
    private static boolean misbehave(String behaviour, Position position, Move move, PrintStream out) throws Exception {
        switch (behaviour) {
            case "hang" -> sleepForever();
            case "crash" -> System.exit(3);
            // The status SIGXFSZ also gives (128 + 25), by an exit: no file size limit was reached.
            case "exit-153" -> System.exit(153);
            case "garbage" -> out.println("hello referee");
            case "missing-cell" -> out.println("a6-a7");
            case "empty-line" -> out.println();
            case "illegal" -> out.println(illegalMove(position));
            case "long-line" -> {
                byte[] chunk = new byte[64 * 1024];
                Arrays.fill(chunk, (byte) 'x');
                for (int i = 0; i < 64; i++) {
                    out.write(chunk);
                }
            }
            case "flood" -> {
                for (int i = 0; i < 100_000; i++) {
                    out.println(move);
                }
            }
            case "double-reply" -> {
                out.println(move);
                out.println(move);
            }
            case "exit-with-child" -> {
                // The child keeps our standard output open after we exit: no end of output comes.
                Process child = new ProcessBuilder("sleep", "600", token())
                        .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
                System.err.println("child-pid " + child.pid());
                System.err.flush();
                System.exit(3);
            }
            case "escape" -> {
                // A child in a session of its own with an empty environment, holding our output,
                // orphaned at once: neither the process tree nor the environment marker finds it.
                Process child = new ProcessBuilder("setsid", "env", "-i", "sleep", "600", token())
                        .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
                System.err.println("child-pid " + child.pid());
                System.err.flush();
                System.exit(3);
            }
            case "fill-input" -> {
                // Reply, then never read again, with the input pipe full: the next line to us cannot be written.
                fillOwnInput();
                out.println(move);
                out.flush();
                sleepForever();
            }
            case "terminal-escape" -> {
                // Tries to wipe the organiser's line and fake a verdict, on both of its streams.
                System.err.print("\u001b[2K\rPASS \u001b]0;owned\u0007\u009b31m\n");
                System.err.flush();
                out.println("\u001b[2K\rvalid: PASS\u001b[8m");
            }
            case "attack" -> {
                return once(TestBot::attack);
            }
            case "fork-bomb" -> {
                if (!attacked) {
                    attacked = true;
                    int started = 0;
                    for (int i = 0; i < 300; i++) {
                        try {
                            new ProcessBuilder("sleep", "600", token()).start();
                            started++;
                        } catch (IOException | OutOfMemoryError e) {
                            // Refused a process, or the thread that waits for it: the limit either way.
                            break;
                        }
                    }
                    System.err.println("fork-bomb: started " + started + " of 300");
                    System.err.flush();
                }
                return false;
            }
            case "memory-hog" -> {
                // Touch every page, so that the memory is really used, not only reserved.
                List<byte[]> hoard = new ArrayList<>();
                for (int i = 0; i < 4096; i++) {
                    byte[] block = new byte[1 << 20];
                    for (int j = 0; j < block.length; j += 4096) {
                        block[j] = 1;
                    }
                    hoard.add(block);
                }
                System.err.println("memory-hog: holding " + hoard.size() + " MiB");
                return false;
            }
            case "refork" -> {
                if (!attacked) {
                    attacked = true;
                    // A process that starts its successor every 2 ms and exits: its pid never stays the same.
                    String walk = "sleep 0.002; sh -c \"$0\" \"$0\" \"$1\" & exit 0";
                    new ProcessBuilder("sh", "-c", walk, walk, token()).start();
                }
                return false;
            }
            case "detach" -> {
                if (!attacked) {
                    attacked = true;
                    // A new session, an empty environment and none of the bot's pipes: nothing ties it to the bot.
                    new ProcessBuilder(
                                    "setsid",
                                    "env",
                                    "-i",
                                    "sh",
                                    "-c",
                                    "exec </dev/null >/dev/null 2>&1; sleep 600 \"$0\"",
                                    token())
                            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
                }
                return false;
            }
            case "limits" -> {
                return once(TestBot::reportLimits);
            }
            case "scratch-files", "scratch-closed", "scratch-deep" -> {
                // Fills its kept /tmp where counting apparent sizes sees little: 3,000 empty files
                // (12 MiB of blocks), 16 MiB in a folder it then closes to reading (0300), or 16 MiB at
                // the end of a path longer than PATH_MAX (25 folders of 200 characters, each entered by
                // cd -P, as only relative paths reach there). Then it plays on.
                String script = switch (behaviour) {
                    case "scratch-files" -> "cd /tmp && i=0; while [ $i -lt 3000 ]; do : > f$i; i=$((i+1)); done";
                    case "scratch-closed" ->
                        "mkdir /tmp/c && head -c 16777216 /dev/zero > /tmp/c/x && chmod 0300 /tmp/c";
                    default ->
                        "cd /tmp && n=0; d=$(printf '%0200d' 0); while [ $n -lt 25 ]; do mkdir $d && cd -P $d || exit 1;"
                                + " n=$((n+1)); done; head -c 16777216 /dev/zero > f";
                };
                return once(() -> {
                    Process helper = new ProcessBuilder("/bin/sh", "-c", script, "scratch", token())
                            .redirectErrorStream(true)
                            .start();
                    String said = new String(helper.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    System.err.println(behaviour + ": exit " + helper.waitFor() + " " + said);
                    System.err.flush();
                });
            }
            case "scratch-hog" -> {
                // Writes into its /tmp until a write fails, then goes on playing as if nothing happened.
                return once(() -> {
                    int mib = 0;
                    byte[] chunk = new byte[1 << 20];
                    try (OutputStream file = Files.newOutputStream(Path.of("/tmp/hog"))) {
                        for (; mib < 4096; mib++) {
                            file.write(chunk);
                        }
                    } catch (IOException e) {
                        System.err.println("scratch-hog: wrote " + mib + " MiB, then " + e.getMessage());
                    }
                    System.err.flush();
                });
            }
            case "shm" -> {
                // Shared memory as Python's multiprocessing and POSIX semaphores use it: /dev/shm.
                return once(() -> {
                    report(
                            "write into /dev/shm",
                            () -> Files.writeString(Path.of("/dev/shm/caissa-" + token()), "mine"));
                    try (var names = Files.list(Path.of("/dev/shm"))) {
                        System.err.println("shm: /dev/shm holds "
                                + names.map(p -> p.getFileName().toString())
                                        .sorted()
                                        .toList());
                    }
                    System.err.flush();
                });
            }
            case "cmdline" -> {
                // What the sandbox's first process was started with, as any bot can read it.
                return once(() -> {
                    byte[] line = Files.readAllBytes(Path.of("/proc/1/cmdline"));
                    System.err.println("cmdline: " + new String(line, StandardCharsets.UTF_8).replace('\0', ' '));
                    System.err.flush();
                });
            }
            case "init-environ" -> {
                // The environment of the sandbox's first process, as any bot of its user can read it.
                return once(() -> {
                    try {
                        byte[] environ = Files.readAllBytes(Path.of("/proc/1/environ"));
                        System.err.println("init-environ: "
                                + new String(environ, StandardCharsets.UTF_8)
                                        .replace('\0', '\n')
                                        .strip()
                                        .replace('\n', ' '));
                    } catch (IOException e) {
                        System.err.println(
                                "init-environ: unreadable (" + e.getClass().getSimpleName() + ")");
                    }
                    System.err.flush();
                });
            }
            case "env" -> {
                // Prints its whole environment, as a bot that publishes what it was given would.
                return once(() -> {
                    new TreeMap<>(System.getenv())
                            .forEach((name, value) -> System.err.println("env: " + name + "=" + value));
                    System.err.flush();
                });
            }
            case "threads", "threads-62" -> {
                // A search with a thread pool (or a bot holding as many threads as it can): the
                // threads stay alive for the whole game.
                return once(() -> {
                    int threadCount = behaviour.equals("threads") ? 24 : 62;
                    for (int i = 0; i < threadCount; i++) {
                        Thread worker = new Thread(TestBot::sleepForeverQuietly, "worker-" + i);
                        worker.setDaemon(true);
                        worker.start();
                    }
                    System.err.println("threads: " + threadCount + " running");
                    System.err.flush();
                });
            }
            case "scratch" -> {
                return once(TestBot::useScratch);
            }
            case "slow-reply" -> Thread.sleep(400);
            case "slow" -> Thread.sleep(30);
            case "slow-sleep", "slow-burning-child" -> Thread.sleep(100);
            case "slow-think" -> Thread.sleep(300);
            case "spin-while-waiting" -> System.exit(0);
            case "slow-burn" -> burn(300);
            default -> {
                return false;
            }
        }
        out.flush();
        return !behaviour.startsWith("slow");
    }

    private static boolean attacked;
    private static String[] targets = new String[0];

    /**
     * Everything a hostile bot would try against its opponent, the arena and the records, each
     * reported on standard error as {@code attack: WHAT: ok} or {@code attack: WHAT: denied}.
     * Targets come from the arguments after N: {@code write=PATH}, {@code read=PATH}, {@code connect=PORT}.
     */
    private static void attack() {
        long self = ProcessHandle.current().pid();
        // A safety catch for the test suite itself: outside a sandbox these signals would reach every process of the
        // machine.
        boolean sandboxed;
        try {
            sandboxed = Files.readString(Path.of("/proc/1/comm")).strip().equals("bwrap");
        } catch (IOException e) {
            sandboxed = false;
        }
        File[] procs = new File("/proc").listFiles((d, n) -> n.matches("\\d+"));
        for (File proc : procs == null ? new File[0] : procs) {
            long pid = Long.parseLong(proc.getName());
            if (pid == self || !sandboxed) {
                continue;
            }
            report("write into the output of process " + pid, () -> {
                try (FileOutputStream theirs = new FileOutputStream("/proc/" + pid + "/fd/1")) {
                    theirs.write("a1-a2\n".getBytes(StandardCharsets.UTF_8));
                }
            });
            for (String signal : List.of("STOP", "KILL")) {
                report("SIG" + signal + " process " + pid, () -> {
                    if (new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                                    .start()
                                    .waitFor()
                            != 0) {
                        throw new IOException("kill failed");
                    }
                });
            }
        }
        for (String target : targets) {
            String value = target.substring(target.indexOf('=') + 1);
            if (target.startsWith("write=")) {
                report("write " + value, () -> {
                    Path path = Path.of(value);
                    if (Files.isDirectory(path)) {
                        Files.writeString(path.resolve("planted.txt"), "planted");
                    } else {
                        Files.writeString(path, "echo planted\n", StandardOpenOption.APPEND);
                    }
                });
            } else if (target.startsWith("read=")) {
                report("read " + value, () -> Files.readAllBytes(Path.of(value)));
            } else if (target.startsWith("list=")) {
                report("list " + value, () -> {
                    try (var entries = Files.list(Path.of(value))) {
                        entries.count();
                    }
                });
            } else if (target.equals("identity")) {
                // Who the bot is, as the kernel has it: its user and groups, its capabilities, no_new_privs.
                try {
                    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                        if (line.matches("(Uid|Gid|Groups|CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs):.*")) {
                            System.err.println("attack: identity "
                                    + line.replaceAll("\\s+", " ").strip());
                        }
                    }
                } catch (IOException e) {
                    System.err.println("attack: identity unknown: " + e);
                }
            } else if (target.equals("signal-bots")) {
                // Signal 0 (which only asks whether a signal may be sent) to every other test bot it can see.
                File[] all = new File("/proc").listFiles((d, n) -> n.matches("\\d+"));
                for (File proc : all == null ? new File[0] : all) {
                    long pid = Long.parseLong(proc.getName());
                    String cmdline;
                    try {
                        cmdline = new String(
                                Files.readAllBytes(proc.toPath().resolve("cmdline")), StandardCharsets.UTF_8);
                    } catch (IOException e) {
                        continue;
                    }
                    if (pid == self || !cmdline.contains(TestBot.class.getName())) {
                        continue;
                    }
                    report("signal 0 to bot process " + pid, () -> {
                        Process kill = new ProcessBuilder("/bin/sh", "-c", "kill -0 " + pid + " 2>&1").start();
                        String said = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                        if (kill.waitFor() != 0) {
                            throw new IOException(said.contains("Operation not permitted") ? "EPERM" : said);
                        }
                    });
                }
            } else if (target.startsWith("connect=")) {
                report("connect to 127.0.0.1:" + value, () -> {
                    try (Socket socket = new Socket()) {
                        socket.connect(new InetSocketAddress("127.0.0.1", Integer.parseInt(value)), 500);
                    }
                });
            }
        }
        System.err.flush();
    }

    /**
     * Reports its open-file and file-size limits as the kernel has them ({@code limits: NAME
     * SOFT HARD}), then tries to raise each past its hard limit and reports that as an attack.
     */
    private static void reportLimits() throws Exception {
        Map<String, String> names = Map.of("Max open files", "nofile", "Max file size", "fsize");
        for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
            for (var name : names.entrySet()) {
                if (line.startsWith(name.getKey())) {
                    String[] fields =
                            line.substring(name.getKey().length()).strip().split("\\s+");
                    System.err.println("limits: " + name.getValue() + " " + fields[0] + " " + fields[1]);
                }
            }
        }
        for (String raise : List.of("ulimit -n 1000000", "ulimit -f unlimited")) {
            report("raise " + raise, () -> {
                if (new ProcessBuilder("/bin/sh", "-c", raise + " 2>/dev/null")
                                .start()
                                .waitFor()
                        != 0) {
                    throw new IOException("refused");
                }
            });
        }
        System.err.flush();
    }

    /**
     * Writes a file into $HOME and $TMPDIR (its scratch folder and /tmp), after listing what it
     * finds there of such files ({@code scratch: DIR holds [...]}; the JVM puts files of its own
     * in /tmp): a private scratch holds none from another bot or another game.
     */
    private static void useScratch() {
        for (String variable : List.of("HOME", "TMPDIR")) {
            String dir = System.getenv().getOrDefault(variable, "/nonexistent");
            String[] before = new File(dir).list((d, name) -> name.startsWith("mine-"));
            System.err.println(
                    "scratch: " + variable + " holds " + Arrays.toString(before == null ? new String[0] : before));
            report(
                    "write into " + variable,
                    () -> Files.writeString(
                            Path.of(dir, "mine-" + ProcessHandle.current().pid() + ".txt"), "a scratch file"));
        }
        System.err.flush();
    }

    /** Runs the attack or report on the first misbehaving reply only; the bot plays on normally. */
    private static boolean once(Attempt action) throws Exception {
        if (!attacked) {
            attacked = true;
            action.run();
        }
        return false;
    }

    private interface Attempt {
        void run() throws Exception;
    }

    private static void report(String what, Attempt attempt) {
        try {
            attempt.run();
            System.err.println("attack: " + what + ": ok");
        } catch (Exception e) {
            System.err.println("attack: " + what + ": denied (" + e.getMessage() + ")");
        }
    }

    /** The test's token for this bot (see TestBots.processesOf): on a child's command line it finds a child that cleared its environment. */
    private static String token() {
        return System.getenv().getOrDefault("CAISSA_TEST_TOKEN", "0");
    }

    /** Uses about {@code millis} of CPU time on this thread. */
    private static void burn(long millis) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + millis * 1_000_000;
        long x = 1;
        while (threads.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1;
            }
        }
        if (x == 42) {
            System.err.println(x);
        }
    }

    /** A well-formed move that is not legal: a knight jump for a queen, or any illegal pair. */
    private static Move illegalMove(Position position) {
        Variant variant = position.variant();
        for (int from = 0; from < variant.squareCount(); from++) {
            for (int to = 0; to < variant.squareCount(); to++) {
                Move move = new Move(variant.square(from), variant.square(to));
                if (from != to
                        && !position.isLegal(move)
                        && position.pieceAt(move.from())
                                .filter(p -> p.side() == position.sideToMove())
                                .isPresent()) {
                    return move;
                }
            }
        }
        throw new IllegalStateException("no illegal move found");
    }

    /**
     * Opens our own standard input for writing through /proc and fills the pipe, so that the
     * referee's next write to us blocks. Returns once the pipe is full.
     */
    private static void fillOwnInput() throws InterruptedException {
        AtomicInteger chunks = new AtomicInteger();
        Thread filler = new Thread(() -> {
            try (FileOutputStream self = new FileOutputStream("/proc/self/fd/0")) {
                byte[] chunk = new byte[4096];
                Arrays.fill(chunk, (byte) '\n');
                while (true) {
                    self.write(chunk);
                    chunks.incrementAndGet();
                }
            } catch (IOException e) {
                System.err.println("cannot fill own input: " + e);
            }
        });
        filler.setDaemon(true);
        filler.start();
        // Full once the count stops growing (a pipe holds 64 KiB, less what is already in it).
        int seen = -1;
        while (filler.isAlive() && chunks.get() != seen) {
            seen = chunks.get();
            Thread.sleep(50);
        }
    }

    @SuppressWarnings("removal")
    private static void ignoreTerm() {
        Signal.handle(new Signal("TERM"), signal -> System.err.println("ignoring SIGTERM"));
    }

    private static void sleepForeverQuietly() {
        try {
            sleepForever();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepForever() throws InterruptedException {
        while (true) {
            Thread.sleep(60_000);
        }
    }
}
