package caissa.arena.sandbox;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The seccomp filter of every sandboxed bot: it refuses the calls that would reach past the bot's
 * game through kernel state that no namespace separates, as container runtimes refuse the
 * keyrings by default.
 *
 * <ul>
 * <li>The kernel's keyrings ({@code add_key}, {@code request_key}, {@code keyctl} fail with
 * EPERM): a user keyring is shared by every process of its user, a session keyring inherited, so
 * one bot could leave a value there for a bot of a later game to read.
 * <li>inotify ({@code inotify_init}, {@code inotify_init1} fail with EPERM): the instances are
 * counted per user, so a bot could take all of them from the bots and programs of its user; and
 * a bot has no business watching files.
 * <li>System V shared memory ({@code shmget}, and i386's {@code ipc} call for it, fail with
 * EPERM): a segment lives in the sandbox's own IPC namespace, where no watchdog outside can
 * count it, and a bot could keep memory there past its limit without a cgroup; a bot has
 * {@code /dev/shm} (counted) for shared memory.
 * <li>{@code fallocate} with {@code FALLOC_FL_KEEP_SIZE} (and so hole punching, which needs it)
 * fails with EOPNOTSUPP, as on a file system without it: it allocates blocks past a file's size,
 * which neither the file size limit nor an apparent size shows (1 GiB in one call in a kept
 * scratch folder). Plain allocation ({@code posix_fallocate}) is allowed and counted.
 * <li>File locks ({@code flock}, and {@code fcntl}'s {@code F_SETLK}, {@code F_SETLKW} and their
 * open-file and 64-bit forms) return success and lock nothing: a lock on a file two sandboxes
 * both see (a system file, read-only) would otherwise carry bits between concurrent games. A
 * lock that always succeeds tells nothing, and keeps working a program that locks its own files
 * (a JVM locks its {@code hsperfdata} file at start, and would print a warning on standard
 * output if that failed); what it loses is mutual exclusion between a bot's own processes, which
 * a bot that needs it must get otherwise (a pipe, a semaphore in its {@code /dev/shm}). Asking
 * who holds a lock ({@code F_GETLK} and its forms) fails with ENOLCK, the error of a file system
 * without locks: an answer would tell the state of a lock outside the sandbox.
 * </ul>
 *
 * Written once, as a classic BPF program in the machine's byte order, for bubblewrap's {@code
 * --seccomp}; x86-64 (with its x32 and i386 calls) and arm64 (with 32-bit ARM calls) are
 * covered; other machines get no filter, and calls of other architectures pass. A plain process
 * gets the same filter from the system's Python where it can load it ({@link PlainFilter}):
 * nothing else of the system's loads a filter for another program (util-linux's setpriv cannot).
 */
public final class KeyringFilter {

    private static final int LD_W_ABS = 0x20;
    private static final int JEQ_K = 0x15;
    private static final int AND_K = 0x54;
    private static final int RET_K = 0x06;
    private static final int RET_ALLOW = 0x7fff0000;
    private static final int RET_ERRNO = 0x00050000;
    private static final int RET_EPERM = RET_ERRNO | 1;
    private static final int RET_ENOLCK = RET_ERRNO | 37;
    private static final int RET_EOPNOTSUPP = RET_ERRNO | 95;
    /** An errno of 0: the call returns 0 without running. */
    private static final int RET_SUCCESS = RET_ERRNO;

    private static final int OFFSET_NR = 0;
    private static final int OFFSET_ARCH = 4;
    /** The low word of {@code args[0]} in {@code struct seccomp_data}, on a little-endian machine. */
    private static final int OFFSET_ARG0 = 16;
    /** The low word of {@code args[1]} in {@code struct seccomp_data}, on a little-endian machine. */
    private static final int OFFSET_ARG1 = 24;

    /** i386's multiplexed System V call, and its call number for shmget. */
    private static final int IPC_I386 = 117;

    private static final int IPC_SHMGET = 23;
    /** fallocate's mode bit that allocates space without changing the file's size. */
    private static final int FALLOC_FL_KEEP_SIZE = 0x01;

    private static final int F_GETLK = 5;
    private static final int F_SETLK = 6;
    private static final int F_SETLKW = 7;
    private static final int F_GETLK64 = 12;
    private static final int F_SETLK64 = 13;
    private static final int F_SETLKW64 = 14;
    private static final int F_OFD_GETLK = 36;
    private static final int F_OFD_SETLK = 37;
    private static final int F_OFD_SETLKW = 38;
    private static final int ARCH_X86_64 = 0xc000003e;
    private static final int ARCH_I386 = 0x40000003;
    private static final int ARCH_AARCH64 = 0xc00000b7;
    /** 32-bit ARM code, which an arm64 machine may run. */
    private static final int ARCH_ARM = 0x40000028;
    /** x32 calls are x86-64's numbers with this bit set. */
    private static final int X32_BIT = 0x40000000;

    private KeyringFilter() {}

    /**
     * One architecture's part: its keyring and inotify calls refused, its {@code flock} made
     * empty, its {@code fcntl} calls on to {@code fcntlLabel}'s look at the command, the rest allowed.
     */
    private static List<Insn> calls(
            List<Integer> keyrings,
            List<Integer> inotify,
            int shmget,
            int fallocate,
            int flock,
            List<Integer> fcntl,
            String fcntlLabel) {
        List<Insn> part = new ArrayList<>();
        keyrings.forEach(nr -> part.add(Insn.jumpIf(nr, "refuse", null)));
        inotify.forEach(nr -> part.add(Insn.jumpIf(nr, "refuse", null)));
        part.add(Insn.jumpIf(shmget, "refuse", null));
        part.add(Insn.jumpIf(fallocate, "fallocate", null));
        part.add(Insn.jumpIf(flock, "lock-nothing", null));
        for (int i = 0; i < fcntl.size(); i++) {
            part.add(Insn.jumpIf(fcntl.get(i), fcntlLabel, i == fcntl.size() - 1 ? "allow" : null));
        }
        return part;
    }

    /**
     * The filter's file, written on first use and again after its folder was given back (see
     * {@link SharedSandbox}); empty on a machine it does not cover.
     *
     * @throws ArenaFilesException when it cannot be written
     */
    public static Optional<Path> file() {
        return Machine.current().keyringFilter();
    }

    /** Writes the filter's file for this machine's architecture; empty where it covers none. */
    static Optional<Path> write() {
        String arch = System.getProperty("os.arch", "");
        if (!(arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))) {
            return Optional.empty();
        }
        // A file that cannot be written (a full /dev/shm) is the arena's failure and stops the run
        // (ArenaFilesException), leaving the filter unwritten: the next start tries again. Bots
        // never run without it on a machine it covers.
        return Optional.of(SandboxFiles.write("keyring-filter", program()));
    }

    /**
     * One instruction as the kernel's {@code struct sock_filter}; a jump names the labels it goes
     * to ({@code null}: the next instruction), resolved into relative offsets by {@link #program}.
     */
    private record Insn(String label, int code, int k, String ifTrue, String ifFalse) {
        static Insn load(String label, int offset) {
            return new Insn(label, LD_W_ABS, offset, null, null);
        }

        static Insn jumpIf(int value, String ifTrue, String ifFalse) {
            return new Insn(null, JEQ_K, value, ifTrue, ifFalse);
        }
    }

    /** The program: by architecture, the calls above refused or made empty, everything else allowed. */
    static byte[] program() {
        List<Insn> p = new ArrayList<>(List.of(
                Insn.load(null, OFFSET_ARCH),
                Insn.jumpIf(ARCH_X86_64, "x86-64", null),
                Insn.jumpIf(ARCH_I386, "i386", null),
                Insn.jumpIf(ARCH_AARCH64, "arm64", null),
                Insn.jumpIf(ARCH_ARM, "arm", "allow"),
                // x32 calls are x86-64's with one more bit set.
                Insn.load("x86-64", OFFSET_NR),
                new Insn(null, AND_K, ~X32_BIT, null, null)));
        // add_key, request_key, keyctl; inotify_init, inotify_init1; shmget; fallocate; flock; fcntl (and fcntl64).
        p.addAll(calls(List.of(248, 249, 250), List.of(253, 294), 29, 285, 73, List.of(72), "fcntl"));
        p.add(Insn.load("i386", OFFSET_NR));
        // i386 also reaches System V calls through ipc(), whose first argument names the call.
        p.add(Insn.jumpIf(IPC_I386, "ipc", null));
        p.addAll(calls(List.of(286, 287, 288), List.of(291, 332), 395, 324, 143, List.of(55, 221), "fcntl32"));
        p.add(Insn.load("arm64", OFFSET_NR));
        p.addAll(calls(List.of(217, 218, 219), List.of(26), 194, 47, 32, List.of(25), "fcntl"));
        p.add(Insn.load("arm", OFFSET_NR));
        p.addAll(calls(List.of(309, 310, 311), List.of(316, 360), 307, 352, 143, List.of(55, 221), "fcntl32"));
        p.add(Insn.load("ipc", OFFSET_ARG0));
        p.add(new Insn(null, AND_K, 0xffff, null, null));
        p.add(Insn.jumpIf(IPC_SHMGET, "refuse", "allow"));
        // fallocate's mode is its second argument: space kept past the file's size is refused.
        p.add(Insn.load("fallocate", OFFSET_ARG1));
        p.add(new Insn(null, AND_K, FALLOC_FL_KEEP_SIZE, null, null));
        p.add(Insn.jumpIf(FALLOC_FL_KEEP_SIZE, "unsupported", "allow"));
        // fcntl's command is its second argument (its low word: the machines covered are little-endian).
        p.add(Insn.load("fcntl32", OFFSET_ARG1));
        p.add(Insn.jumpIf(F_GETLK64, "no-locks", null));
        p.add(Insn.jumpIf(F_SETLK64, "lock-nothing", null));
        p.add(Insn.jumpIf(F_SETLKW64, "lock-nothing", null));
        p.add(Insn.load("fcntl", OFFSET_ARG1));
        p.add(Insn.jumpIf(F_GETLK, "no-locks", null));
        p.add(Insn.jumpIf(F_SETLK, "lock-nothing", null));
        p.add(Insn.jumpIf(F_SETLKW, "lock-nothing", null));
        p.add(new Insn("fcntl-cmd", JEQ_K, F_OFD_GETLK, "no-locks", null));
        p.add(Insn.jumpIf(F_OFD_SETLK, "lock-nothing", null));
        p.add(Insn.jumpIf(F_OFD_SETLKW, "lock-nothing", "allow"));
        // Every jump goes forward (as BPF requires): the endings come last.
        p.add(new Insn("allow", RET_K, RET_ALLOW, null, null));
        p.add(new Insn("refuse", RET_K, RET_EPERM, null, null));
        p.add(new Insn("lock-nothing", RET_K, RET_SUCCESS, null, null));
        p.add(new Insn("no-locks", RET_K, RET_ENOLCK, null, null));
        p.add(new Insn("unsupported", RET_K, RET_EOPNOTSUPP, null, null));
        Map<String, Integer> at = new HashMap<>();
        for (int i = 0; i < p.size(); i++) {
            if (p.get(i).label() != null) {
                at.put(p.get(i).label(), i);
            }
        }
        ByteBuffer bytes = ByteBuffer.allocate(p.size() * 8).order(ByteOrder.nativeOrder());
        for (int i = 0; i < p.size(); i++) {
            Insn insn = p.get(i);
            int jt = insn.ifTrue() == null ? 0 : at.get(insn.ifTrue()) - i - 1;
            int jf = insn.ifFalse() == null ? 0 : at.get(insn.ifFalse()) - i - 1;
            if (jt < 0 || jt > 255 || jf < 0 || jf > 255) {
                throw new IllegalStateException(
                        "a jump of the filter's instruction " + i + " out of reach: " + jt + ", " + jf);
            }
            bytes.putShort((short) insn.code()).put((byte) jt).put((byte) jf).putInt(insn.k());
        }
        return bytes.array();
    }
}
