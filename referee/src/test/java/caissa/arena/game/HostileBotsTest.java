package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.linux.BotCgroup;
import caissa.arena.linux.Namespaces;
import caissa.arena.program.BotCommand;
import caissa.arena.rules.Side;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bots written to harm their opponent, the arena, the records or the machine, run as real
 * processes. Each attack either has no effect at all (the sandbox makes it impossible) or costs
 * the attacker the game by the right termination; the opponent's game, the arena's files and
 * the output folder are unaffected, and no process of the game is left.
 */
class HostileBotsTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(3), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));
    private static final long MARGIN_MILLIS = 5_000;

    @TempDir
    Path temp;

    /**
     * An arena-like folder: the launcher, an output folder with a journal, and one folder per
     * bot. Readable by all, as submissions are, since a sandboxed bot runs as nobody.
     */
    private Path arena() throws IOException {
        Path arena = temp.resolve("arena");
        Files.createDirectories(arena.resolve("reports/t1/games"));
        Files.createDirectories(arena.resolve("bots/attacker"));
        Files.createDirectories(arena.resolve("bots/victim"));
        Files.writeString(arena.resolve("caissa"), "#!/bin/sh\necho arena\n");
        Files.writeString(arena.resolve("reports/t1/journal.jsonl"), "{\"game\":1}\n");
        Files.writeString(arena.resolve("bots/victim/secret.txt"), "the victim's opening book\n");
        try (Stream<Path> paths = Files.walk(temp)) {
            for (Path p : paths.toList()) {
                Files.setPosixFilePermissions(
                        p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        return arena;
    }

    private static Entrant in(Path dir, String name, String... args) {
        BotCommand command = TestBots.command(args);
        return new Entrant(name, new BotCommand(command.argv(), Optional.of(dir), command.env()));
    }

    @Test
    void aBotInASandboxCannotReachItsOpponentTheArenaTheRecordsOrTheNetwork() throws Exception {
        Sandboxes.assumeSandbox();
        // As another user, the bot is its sandbox's init's user: it may signal that init (to no effect)
        // and write into the folders bubblewrap made in its private /tmp, which this test counts as attacks.
        Sandboxes.assumeRoot("the bot runs as nobody, denied everything, even its sandbox's init");
        Path arena = arena();
        Path output = arena.resolve("reports/t1");
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // The attacker's working folder is the arena itself: the worst case, everything is under it.
            Entrant attacker = in(
                    arena,
                    "attacker",
                    "attack",
                    "2",
                    "write=" + arena.resolve("caissa"),
                    "write=" + output.resolve("journal.jsonl"),
                    "write=" + output.resolve("games"),
                    "write=" + arena,
                    "write=" + temp,
                    "read=" + arena.resolve("bots/victim/secret.txt"),
                    "read=" + output.resolve("journal.jsonl"),
                    "connect=" + server.getLocalPort());
            Entrant victim = in(arena.resolve("bots/victim"), "victim", "random", "5");
            GameSetup setup = GameSetup.of(attacker, victim, CLOCK)
                    .withIsolation(
                            Isolation.defaults().withSandbox(SandboxMode.BWRAP).hiding(List.of(output)));

            GameRecord record = Game.play(setup);

            String stderr = record.white().stderr().head();
            assertThat(stderr)
                    .contains("attack: write " + arena.resolve("caissa") + ": denied")
                    .contains("attack: read " + arena.resolve("bots/victim/secret.txt") + ": denied")
                    .contains("attack: read " + output.resolve("journal.jsonl") + ": denied")
                    .contains("attack: connect to 127.0.0.1:" + server.getLocalPort() + ": denied")
                    .doesNotContain(": ok");
            // It sees no process but its own: nothing to write into, stop or kill (it tried pid 1, the sandbox's init).
            assertThat(stderr).contains("attack: SIGKILL process 1: denied");
            assertThat(stderr)
                    .doesNotContain("of process " + ProcessHandle.current().pid() + ":");
            // Its opponent played on undisturbed; the attacker played legal moves too, so the game ended by the rules.
            assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
            assertThat(Files.readString(arena.resolve("caissa"))).isEqualTo("#!/bin/sh\necho arena\n");
            assertThat(Files.readString(output.resolve("journal.jsonl"))).isEqualTo("{\"game\":1}\n");
            try (Stream<Path> files = Files.walk(temp)) {
                assertThat(files.filter(p -> p.getFileName().toString().equals("planted.txt"))
                                .toList())
                        .isEmpty();
            }
            server.setSoTimeout(1);
            assertThatThrownBy(server::accept).isInstanceOf(SocketTimeoutException.class);
            assertEndedInTime(record);
            assertNoProcessLeft(setup);
        }
    }

    /**
     * With a cgroup the kernel refuses the processes past the limit; without one (an ordinary
     * user, a container) the arena's watchdog sees the tree pass it and kills it.
     */
    @ParameterizedTest(name = "cgroups {0}")
    @ValueSource(strings = {"on", "off"})
    void aBotThatStartsThreeHundredProcessesLosesByTheProcessLimit(String cgroups) {
        Sandboxes.withCgroups(cgroups, () -> {
            GameSetup setup = GameSetup.of(
                    TestBots.entrant("bomber", "fork-bomb", "2"), TestBots.entrant("good", "random"), CLOCK);

            GameRecord record = Game.play(setup);

            assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.RESOURCE_LIMIT);
            assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
            assertThat(record.reason())
                    .startsWith("bomber (white) went over its process limit of 64 processes and threads");
            assertThat(record.white().sandbox().limitsBy()).isEqualTo(limitsBy(cgroups));
            if (cgroups.equals("on")) {
                // Refused, not killed: the bot lives on to say how far it got.
                assertThat(record.white().stderr().head()).containsPattern("fork-bomb: started \\d+ of 300");
            }
            assertEndedInTime(record);
            assertNoProcessLeft(setup);
        });
    }

    @ParameterizedTest(name = "cgroups {0}")
    @ValueSource(strings = {"on", "off"})
    void aBotThatAllocatesPastItsMemoryLimitLosesByIt(String cgroups) {
        Sandboxes.withCgroups(cgroups, () -> {
            // Near its limit the kernel first evicts the hog's own file pages (its JVM's code), which it
            // then reads back: that can take seconds before the kill, on a loaded machine. A roomy clock
            // keeps the test about the limit, not about how fast the kernel gives up.
            TimeControl roomy =
                    new TimeControl(Duration.ofSeconds(60), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));
            GameSetup setup = GameSetup.of(
                            TestBots.entrant("good", "random"), TestBots.entrant("hog", "memory-hog", "2"), roomy)
                    .withIsolation(Isolation.defaults().withLimits(ResourceLimits.DEFAULT.withMemory(256L << 20)));

            GameRecord record = Game.play(setup);

            assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.RESOURCE_LIMIT);
            assertThat(record.result()).isEqualTo(Result.WHITE_WINS);
            assertThat(record.reason()).startsWith("hog (black) went over its memory limit of 256 MiB");
            assertThat(record.black().sandbox().limits().memoryBytes()).isEqualTo(256L << 20);
            assertThat(record.black().sandbox().limitsBy()).isEqualTo(limitsBy(cgroups));
            assertEndedInTime(record);
            assertNoProcessLeft(setup);
        });
    }

    /**
     * What a bot writes goes into memory file systems of the scratch limit's size, with or without
     * a cgroup: it cannot fill the host's disk, and filling one loses it the game.
     */
    @ParameterizedTest(name = "cgroups {0}")
    @ValueSource(strings = {"on", "off"})
    void aBotThatFillsItsScratchLosesByTheScratchLimit(String cgroups) {
        Sandboxes.assumeSandbox();
        Sandboxes.withCgroups(cgroups, () -> {
            GameSetup setup = GameSetup.of(
                            TestBots.entrant("good", "random"), TestBots.entrant("hog", "scratch-hog", "1"), CLOCK)
                    .withIsolation(Isolation.defaults().withLimits(ResourceLimits.DEFAULT.withScratch(8L << 20)));

            GameRecord record = Game.play(setup);

            assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.RESOURCE_LIMIT);
            assertThat(record.result()).isEqualTo(Result.WHITE_WINS);
            assertThat(record.reason())
                    .startsWith("hog (black) went over its scratch limit of 8 MiB (its /tmp was full)");
            assertThat(record.black().sandbox().limits().scratchBytes()).isEqualTo(8L << 20);
            assertNoProcessLeft(setup);
        });
    }

    /**
     * A write past the file size limit kills the writer with SIGXFSZ, whose status (153) is also
     * {@code exit(153)}'s: the file it left at the limit in its scratch is what charges the limit.
     * The bot is a shell that runs a test bot, which plays a move and exits, then becomes {@code
     * head} writing into its /tmp: the process the arena started dies of the signal itself.
     */
    @ParameterizedTest(name = "cgroups {0}")
    @ValueSource(strings = {"on", "off"})
    void aBotKilledForWritingPastItsFileSizeLimitLosesByTheLimit(String cgroups) {
        Sandboxes.assumeSandbox();
        Sandboxes.withCgroups(cgroups, () -> {
            BotCommand player = TestBots.command("crash", "2");
            String script = player.argv().stream()
                            .map(arg -> "'" + arg.replace("'", "'\\''") + "'")
                            .collect(Collectors.joining(" "))
                    + "; exec head -c 4194304 /dev/zero > /tmp/big";
            Entrant writer = new Entrant(
                    "writer", new BotCommand(List.of("/bin/sh", "-c", script), Optional.empty(), player.env()));
            GameSetup setup = GameSetup.of(writer, TestBots.entrant("good", "random"), CLOCK)
                    .withIsolation(Isolation.defaults().withLimits(ResourceLimits.DEFAULT.withFileSize(1L << 20)));

            GameRecord record = Game.play(setup);

            assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.RESOURCE_LIMIT);
            assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
            assertThat(record.reason())
                    .isEqualTo("writer (white) went over its file size limit of 1 MiB (a write went past it) (writer"
                            + " (white) ended with status 153 (exit 153, or signal 25, SIGXFSZ) before the game was"
                            + " over)");
            assertNoProcessLeft(setup);
        });
    }

    /**
     * The kernel's keyrings are not namespaced: a key a bot adds to its user or session keyring
     * would be there for a bot of a later game (all sandboxed bots of a root arena are nobody).
     * A sandbox refuses the keyring calls, so the next game finds nothing.
     */
    @Test
    void aKeyringValueIsNotReadableInTheNextGame() throws IOException {
        Sandboxes.assumeSandbox();
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3");
        Path dir = Files.createDirectories(temp.resolve("keyring"));
        String prelude = """
                import ctypes, os, sys
                libc = ctypes.CDLL(None, use_errno=True)
                ADD_KEY, KEYCTL = {"x86_64": (248, 250), "aarch64": (217, 219)}[os.uname().machine]
                for ring, name in ((-4, "user"), (-3, "session")):
                    if sys.argv[1] == "write":
                        r = libc.syscall(ADD_KEY, b"user", b"caissa-test", b"the first bot's secret", 22, ctypes.c_int(ring))
                        print("keyring: add to", name, "ok" if r >= 0 else "refused", file=sys.stderr)
                    else:
                        r = libc.syscall(KEYCTL, 10, ctypes.c_int(ring), b"user", b"caissa-test", 0)
                        print("keyring: search", name, "found" if r >= 0 else "nothing", file=sys.stderr)
                sys.stderr.flush()
                """;
        Files.writeString(
                dir.resolve("bot.py"),
                prelude + Files.readString(Path.of("..", "sample-bots", "examples", "random_bot.py")));
        try (Stream<Path> paths = Files.walk(temp)) {
            for (Path p : paths.toList()) {
                Files.setPosixFilePermissions(
                        p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        Function<String, Entrant> bot = mode -> new Entrant(
                mode,
                new BotCommand(
                        List.of("/usr/bin/python3", dir.resolve("bot.py").toString(), mode),
                        Optional.empty(),
                        Map.of()));

        GameRecord first = Game.play(GameSetup.of(bot.apply("write"), TestBots.entrant("random", "random"), CLOCK));
        GameRecord next = Game.play(GameSetup.of(bot.apply("read"), TestBots.entrant("random", "random"), CLOCK));

        assertThat(first.white().stderr().head())
                .contains("keyring: add to user refused", "keyring: add to session refused");
        assertThat(next.white().stderr().head())
                .contains("keyring: search user nothing", "keyring: search session nothing");
    }

    /**
     * What builds the sandbox runs with the arena's privileges (as root, every capability): a
     * bot whose own PATH leads to programs named bwrap and setpriv in its folder, and whose
     * LD_PRELOAD names a library there, reaches none of them; its variables are its own inside.
     */
    @Test
    void aBotsEnvironmentCannotChooseWhatBuildsItsSandbox() throws IOException {
        Sandboxes.assumeSandbox();
        Path dir = Files.createDirectories(temp.resolve("impostor"));
        for (String name : List.of("bwrap", "setpriv", "env", "sh")) {
            Path fake = dir.resolve(name);
            Files.writeString(fake, "#!/bin/sh\ntouch " + temp.resolve("ran-" + name) + "\nexit 1\n");
            Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        BotCommand random = TestBots.command("env", "1");
        Map<String, String> env = new HashMap<>(random.env());
        env.put("PATH", dir + ":/usr/bin:/bin");
        env.put("LD_PRELOAD", dir.resolve("libimpostor.so").toString());
        Entrant impostor = new Entrant("impostor", new BotCommand(random.argv(), Optional.of(dir), env));

        GameRecord record = Game.play(GameSetup.of(impostor, TestBots.entrant("good", "random"), CLOCK));

        assertThat(record.termination().isIrregular())
                .as(record.reason() + record.black().stderr().head())
                .isFalse();
        for (String name : List.of("bwrap", "setpriv", "env", "sh")) {
            assertThat(temp.resolve("ran-" + name)).as(name).doesNotExist();
        }
        assertThat(record.white().stderr().head()).contains("env: PATH=" + dir + ":/usr/bin:/bin");
    }

    /**
     * Started in /tmp (or a home folder), a bot starts there but sees nothing of it it does not
     * name: its /tmp is still its own, empty and writable.
     */
    @Test
    void aBotStartedInTmpSeesItsOwnTmpNotTheHosts() throws IOException {
        Sandboxes.assumeSandbox();
        Path hostFile = Files.createTempFile(Path.of("/tmp"), "caissa-host-", ".txt");
        try {
            Entrant inTmp = in(Path.of("/tmp"), "in-tmp", "scratch", "1");

            GameRecord record = Game.play(GameSetup.of(inTmp, TestBots.entrant("good", "random"), CLOCK));

            assertThat(record.white().stderr().head())
                    .contains("scratch: TMPDIR holds []")
                    .contains("attack: write into TMPDIR: ok")
                    .doesNotContain(hostFile.getFileName().toString());
            assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        } finally {
            Files.deleteIfExists(hostFile);
        }
    }

    /** The sandbox's first process shows no hidden path and none of the other bot's files on its command line. */
    @Test
    void theSandboxsCommandLineNamesNothingItHides() throws IOException {
        Sandboxes.assumeSandbox();
        Path arena = arena();
        Path output = arena.resolve("reports/t1");
        Path secret = arena.resolve("bots/victim/secret.txt");
        Entrant reader = in(arena, "reader", "cmdline", "1");
        BotCommand victim = TestBots.command("random");
        Entrant withBook = new Entrant(
                "victim",
                new BotCommand(
                        Stream.concat(victim.argv().stream(), Stream.of(secret.toString()))
                                .toList(),
                        Optional.empty(),
                        victim.env()));
        GameSetup setup = GameSetup.of(reader, withBook, CLOCK)
                .withIsolation(Isolation.defaults().hiding(List.of(output)));

        GameRecord record = Game.play(setup);

        String stderr = record.white().stderr().head();
        assertThat(stderr)
                .containsPattern("cmdline: \\S*bwrap --args 4 -- ")
                .doesNotContain(output.toString())
                .doesNotContain(secret.toString());
    }

    /**
     * The sandbox's first process shows nothing of the arena's environment (its home folder, its
     * PATH): as an ordinary user a bot can read that process's environment, since both run as the
     * same user; as root it cannot read it at all. Only a fixed PATH, the arena's marker and the bot's
     * own working folder are there.
     */
    @Test
    void theSandboxsFirstProcessCarriesNoneOfTheArenasEnvironment() {
        Sandboxes.assumeSandbox();
        GameSetup setup = GameSetup.of(
                TestBots.entrant("reader", "init-environ", "1"), TestBots.entrant("good", "random"), CLOCK);

        GameRecord record = Game.play(setup);

        String line = record.white()
                .stderr()
                .head()
                .lines()
                .filter(l -> l.startsWith("init-environ: "))
                .findFirst()
                .orElseThrow(() -> new AssertionError(record.white().stderr().head()));
        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        if (!line.startsWith("init-environ: unreadable")) {
            // The launch's shell exports its working folder, the bot's own, where the bot starts anyway.
            String ownFolder = "PWD=" + Path.of("").toAbsolutePath();
            assertThat(line.substring("init-environ: ".length()).split(" "))
                    .allSatisfy(variable -> assertThat(variable)
                            .matches(
                                    v -> v.equals("PATH=/usr/bin:/bin")
                                            || v.startsWith("CAISSA_ARENA_BOT=")
                                            || v.equals(ownFolder),
                                    "a fixed PATH, the arena's marker or the bot's own folder"));
        }
        if (!Sandboxes.root()) {
            assertThat(line)
                    .as("an ordinary user's bot reads its init's environment")
                    .doesNotContain("unreadable");
        }
    }

    /** With --keep-scratch the folders are on disk, and what the bot writes there counts against the same limit. */
    @Test
    void aBotThatFillsAKeptScratchFolderLosesByTheScratchLimitToo() throws IOException {
        Sandboxes.assumeSandbox();
        GameSetup setup = GameSetup.of(
                        TestBots.entrant("good", "random"), TestBots.entrant("hog", "scratch-hog", "1"), CLOCK)
                .withIsolation(Isolation.defaults()
                        .keepingScratch(true)
                        .withLimits(ResourceLimits.DEFAULT.withScratch(8L << 20)));

        GameRecord record = Game.play(setup);

        try {
            assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.RESOURCE_LIMIT);
            assertThat(record.reason())
                    .startsWith("hog (black) went over its scratch limit of 8 MiB (its /tmp was full)");
            assertNoProcessLeft(setup);
        } finally {
            for (Side side : Side.values()) {
                String kept = record.player(side).sandbox().scratch();
                if (kept != null) {
                    try (Stream<Path> files = Files.walk(Path.of(kept))) {
                        files.sorted(Comparator.reverseOrder())
                                .forEach(p -> p.toFile().delete());
                    }
                }
            }
        }
    }

    /**
     * A kept scratch folder counts what its files take, not their apparent sizes: many empty
     * files, a folder closed to reading, a path longer than PATH_MAX each hide what the old count
     * (the sum of sizes of a walk) missed. Each bot loses by the scratch limit.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"scratch-files", "scratch-closed", "scratch-deep"})
    void aKeptScratchFolderCountsWhatTheUsualWalkMisses(String trick) throws Exception {
        Sandboxes.assumeSandbox();
        GameSetup setup = GameSetup.of(TestBots.entrant("good", "random"), TestBots.entrant("hog", trick, "1"), CLOCK)
                .withIsolation(Isolation.defaults()
                        .keepingScratch(true)
                        .withLimits(ResourceLimits.DEFAULT.withScratch(8L << 20)));

        GameRecord record = Game.play(setup);

        try {
            assertThat(record.termination())
                    .as(record.reason() + "\n" + record.black().stderr().head())
                    .isEqualTo(Termination.RESOURCE_LIMIT);
            assertThat(record.reason())
                    .startsWith("hog (black) went over its scratch limit of 8 MiB (its /tmp was full)");
            assertNoProcessLeft(setup);
        } finally {
            for (Side side : Side.values()) {
                String kept = record.player(side).sandbox().scratch();
                if (kept != null) {
                    // rm reaches paths longer than PATH_MAX; the closed folder is opened first.
                    new ProcessBuilder("/bin/sh", "-c", "chmod -R u+rwx \"$0\"; rm -rf \"$0\"", kept)
                            .start()
                            .waitFor();
                }
            }
        }
    }

    /** Each bot has a /dev/shm of its own, writable (POSIX shared memory, Python's multiprocessing) and private. */
    @Test
    void eachSandboxedBotHasAWritableDevShmOfItsOwn() {
        Sandboxes.assumeSandbox();
        GameSetup setup = GameSetup.of(TestBots.entrant("a", "shm", "1"), TestBots.entrant("b", "shm", "1"), CLOCK);

        GameRecord record = Game.play(setup);

        for (Side side : Side.values()) {
            String own = "caissa-" + setup.entrant(side).command().env().get(TestBots.TOKEN_VARIABLE);
            assertThat(record.player(side).stderr().head())
                    .as(side.toString())
                    .contains("attack: write into /dev/shm: ok")
                    .contains("shm: /dev/shm holds [" + own + "]");
        }
        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
    }

    /**
     * A bot that forks after touching its memory (Python's multiprocessing does) shares those
     * pages with its children: the watchdog counts them once, as a cgroup does, and the bot plays.
     */
    @Test
    void aBotThatForksAfterTouchingItsMemoryIsNotChargedTwice() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3");
        Path dir = Files.createDirectories(temp.resolve("forker"));
        String prelude = """
                import os, sys, time
                hoard = bytearray(400 * 1024 * 1024)
                for i in range(0, len(hoard), 4096):
                    hoard[i] = 1
                for _ in range(2):
                    if os.fork() == 0:
                        time.sleep(600)
                        os._exit(0)
                print("forker: 2 children share 400 MiB", file=sys.stderr, flush=True)
                """;
        Files.writeString(
                dir.resolve("bot.py"),
                prelude + Files.readString(Path.of("..", "sample-bots", "examples", "random_bot.py")));
        try (Stream<Path> paths = Files.walk(temp)) {
            for (Path p : paths.toList()) {
                Files.setPosixFilePermissions(
                        p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        Entrant forker = new Entrant(
                "forker",
                new BotCommand(
                        List.of("/usr/bin/python3", dir.resolve("bot.py").toString()), Optional.empty(), Map.of()));
        TimeControl roomy =
                new TimeControl(Duration.ofSeconds(10), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));

        Sandboxes.withCgroups("off", () -> {
            GameRecord record = Game.play(GameSetup.of(forker, TestBots.entrant("good", "random"), roomy));

            assertThat(record.white().stderr().head()).contains("forker: 2 children share 400 MiB");
            assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
            assertThat(record.white().sandbox().limitsBy()).isEqualTo("watchdog");
        });
    }

    /**
     * A bot holding 62 threads harms nobody: its process limit counts its own processes only
     * (a cgroup's, or the watchdog's), never its opponent's, whatever user they both run as. It
     * may lose by its own limit; its opponent plays on.
     */
    @ParameterizedTest(name = "cgroups {0}")
    @ValueSource(strings = {"on", "off"})
    void aBotHolding62ThreadsHarmsNobody(String cgroups) {
        Sandboxes.withCgroups(cgroups, () -> {
            GameSetup setup = GameSetup.of(
                    TestBots.entrant("hoarder", "threads-62", "1"), TestBots.entrant("victim", "random"), CLOCK);

            GameRecord record = Game.play(setup);

            // A regular ending, or the hoarder's own loss by its limit: never an irregular loss of the victim.
            if (record.termination().isIrregular()) {
                assertThat(record.result()).as(record.reason()).isEqualTo(Result.BLACK_WINS);
                if (cgroups.equals("off") && (Sandboxes.root() || Namespaces.countsProcessesPerUserNamespace())) {
                    // Without a cgroup the kernel holds the bot's processes too: a root arena's bot is a
                    // user of its own, an ordinary user's has a user namespace of its own (sandboxed, or
                    // plain through unshare), whose RLIMIT_NPROC is just past its limit. The kernel
                    // refuses a thread, and the JVM says so on its output before the watchdog's next look,
                    // which a cgroup's count of refusals would have caught.
                    assertThat(record.reason())
                            .matches("hoarder \\(white\\) (went over its process limit of 64.*"
                                    + "|replied '\\[[0-9.]+s\\]\\[warning\\]\\[os,thread\\] Failed to start thread.*)");
                } else {
                    assertThat(record.reason()).startsWith("hoarder (white) went over its process limit of 64");
                }
            }
            assertNoProcessLeft(setup);
        });
    }

    /** Python's multiprocessing (its semaphores live in /dev/shm) works in a sandboxed game. */
    @Test
    void pythonsMultiprocessingWorksInTheSandbox() throws IOException {
        Sandboxes.assumeSandbox();
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3");
        Path dir = Files.createDirectories(temp.resolve("mp"));
        String prelude = """
                import multiprocessing, sys
                lock = multiprocessing.Lock()
                queue = multiprocessing.Queue()
                with lock:
                    queue.put(42)
                print("multiprocessing: got", queue.get(timeout=5), file=sys.stderr, flush=True)
                """;
        Files.writeString(
                dir.resolve("bot.py"),
                prelude + Files.readString(Path.of("..", "sample-bots", "examples", "random_bot.py")));
        try (Stream<Path> paths = Files.walk(temp)) {
            for (Path p : paths.toList()) {
                Files.setPosixFilePermissions(
                        p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        Entrant bot = new Entrant(
                "mp",
                new BotCommand(
                        List.of("/usr/bin/python3", dir.resolve("bot.py").toString()), Optional.empty(), Map.of()));

        GameRecord record = Game.play(GameSetup.of(bot, TestBots.entrant("good", "random"), CLOCK));

        assertThat(record.white().stderr().head()).contains("multiprocessing: got 42");
        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
    }

    /**
     * Honest bots whose runtime reserves far more address space than it uses (a JVM reserves
     * over a gigabyte at start) and that run a few dozen threads play under the default limits,
     * with or without a cgroup: what counts is what they hold, and only their own processes.
     */
    @ParameterizedTest(name = "cgroups {0}")
    @ValueSource(strings = {"on", "off"})
    void aJvmWithDefaultFlagsAndThreadsPlaysUnderTheDefaultLimits(String cgroups) {
        Sandboxes.withCgroups(cgroups, () -> {
            BotCommand command = TestBots.command("random", "1");
            // Default flags: no -Xmx, the default collector and both compilers, as a bot author's JVM has.
            List<String> argv = new ArrayList<>(command.argv());
            argv.removeIf(a -> a.startsWith("-XX:") || a.startsWith("-Xshare"));
            Entrant plain = new Entrant("plain-jvm", new BotCommand(argv, Optional.empty(), command.env()));
            GameSetup setup = GameSetup.of(plain, TestBots.entrant("threads", "threads", "1"), CLOCK);

            GameRecord record = Game.play(setup);

            assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
            assertThat(record.black().stderr().head()).contains("threads: 24 running");
            for (Side side : Side.values()) {
                assertThat(record.player(side).sandbox().limitsBy()).isEqualTo(limitsBy(cgroups));
                assertThat(record.player(side).sandbox().limits()).isEqualTo(ResourceLimits.DEFAULT);
            }
            assertNoProcessLeft(setup);
        });
    }

    @Test
    void aProcessThatReForksEvery2MillisecondsDoesNotOutliveTheGame() {
        Assumptions.assumeTrue(Sandboxes.enabled() || BotCgroup.available(), "needs a PID namespace or a cgroup");
        GameSetup setup =
                GameSetup.of(TestBots.entrant("walker", "refork", "1"), TestBots.entrant("good", "random"), CLOCK);

        GameRecord record = Game.play(setup);

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    @Test
    void aProcessThatLeftTheSessionClearedItsEnvironmentAndClosedThePipesDoesNotOutliveTheGame() {
        Assumptions.assumeTrue(Sandboxes.enabled() || BotCgroup.available(), "needs a PID namespace or a cgroup");
        GameSetup setup =
                GameSetup.of(TestBots.entrant("good", "random"), TestBots.entrant("detacher", "detach", "1"), CLOCK);

        GameRecord record = Game.play(setup);

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        // Without a sandbox the cgroup finds it, and the log says a process was left behind (validate's check reads
        // this).
        if (record.black().sandbox().sandbox().equals("none")) {
            assertThat(record.black().exit().leftoverProcesses()).isPositive();
        }
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    @Test
    void aBotRunsUnderItsOpenFileAndFileSizeLimitsWhichItCannotRaise() {
        ResourceLimits limits = ResourceLimits.DEFAULT.withOpenFiles(77).withFileSize(3L << 20);
        GameSetup setup = GameSetup.of(
                        TestBots.entrant("good", "random"), TestBots.entrant("limited", "limits", "1"), CLOCK)
                .withIsolation(Isolation.defaults().withLimits(limits));

        GameRecord record = Game.play(setup);

        String stderr = record.black().stderr().head();
        // Soft and hard alike, so that the bot cannot raise them: with or without a cgroup, in a sandbox or not.
        assertThat(stderr)
                .contains("limits: nofile 77 77")
                .contains("limits: fsize " + (3L << 20) + " " + (3L << 20))
                .contains("attack: raise ulimit -n 1000000: denied")
                .contains("attack: raise ulimit -f unlimited: denied");
        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        assertNoProcessLeft(setup);
    }

    @Test
    void eachSandboxedBotWritesInAScratchFolderAndTmpOfItsOwnThatStartEmpty() {
        Sandboxes.assumeSandbox();
        GameSetup setup =
                GameSetup.of(TestBots.entrant("one", "scratch", "1"), TestBots.entrant("two", "scratch", "1"), CLOCK);

        for (int game = 0; game < 2; game++) {
            GameRecord record = Game.play(setup);

            for (Side side : Side.values()) {
                // Both bots write in the same places; neither sees the other's file, nor its own from the game before.
                assertThat(record.player(side).stderr().head())
                        .as(side.toString())
                        .contains("scratch: HOME holds []")
                        .contains("scratch: TMPDIR holds []")
                        .contains("attack: write into HOME: ok")
                        .contains("attack: write into TMPDIR: ok");
            }
            assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        }
        assertNoProcessLeft(setup);
    }

    @Test
    void everyGameLogRecordsTheSandboxAndLimitsOfEachBot() {
        GameRecord record = Game.play(
                GameSetup.of(TestBots.entrant("a", "random", "1"), TestBots.entrant("b", "random", "2"), CLOCK));

        for (Side side : Side.values()) {
            var sandbox = record.player(side).sandbox();
            assertThat(sandbox.sandbox()).isEqualTo(Sandboxes.enabled() ? "bwrap" : "none");
            assertThat(sandbox.limitsBy()).isEqualTo(Sandboxes.cgroupKind().orElse("watchdog"));
            assertThat(sandbox.limits()).isEqualTo(ResourceLimits.DEFAULT);
            assertThat(sandbox.scratch()).isNull();
        }
    }

    private static String limitsBy(String cgroups) {
        return cgroups.equals("on") ? Sandboxes.cgroupKind().orElseThrow() : "watchdog";
    }

    private static void assertEndedInTime(GameRecord record) {
        long budget =
                CLOCK.firstMoveAllowance().toMillis() + CLOCK.perGame().toMillis() + GameSetup.DEFAULT_GRACE.toMillis();
        assertThat(record.durationMillis()).isLessThan(budget + MARGIN_MILLIS);
    }

    private static void assertNoProcessLeft(GameSetup setup) {
        List<Long> left = new ArrayList<>();
        for (Side side : Side.values()) {
            left.addAll(TestBots.processesOf(setup.entrant(side).command()));
        }
        assertThat(left).isEmpty();
    }
}
