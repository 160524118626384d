package caissa.arena.sandbox;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A seccomp filter that refuses a sandboxed bot the kernel's keyrings ({@code add_key}, {@code
 * request_key}, {@code keyctl} fail with EPERM), as container runtimes refuse them by default.
 * The keyrings are not namespaced: every sandbox whose bot runs as nobody shares nobody's user
 * keyring, and a session keyring is inherited, so one bot could leave a value there for a bot of
 * a later game to read. Written once, as a classic BPF program in the machine's byte order, for
 * bubblewrap's {@code --seccomp}; x86-64 (with its x32 and i386 calls) and arm64 (with 32-bit
 * ARM calls) are covered; other machines get no filter, and calls of other architectures pass.
 */
public final class KeyringFilter {

    private static final int LD_W_ABS = 0x20;
    private static final int JEQ_K = 0x15;
    private static final int AND_K = 0x54;
    private static final int RET_K = 0x06;
    private static final int RET_ALLOW = 0x7fff0000;
    private static final int RET_EPERM = 0x00050000 | 1;
    private static final int OFFSET_NR = 0;
    private static final int OFFSET_ARCH = 4;
    private static final int ARCH_X86_64 = 0xc000003e;
    private static final int ARCH_I386 = 0x40000003;
    private static final int ARCH_AARCH64 = 0xc00000b7;
    /** 32-bit ARM code, which an arm64 machine may run. */
    private static final int ARCH_ARM = 0x40000028;
    /** x32 calls are x86-64's numbers with this bit set. */
    private static final int X32_BIT = 0x40000000;

    private static volatile Optional<Path> file;

    private KeyringFilter() {
    }

    /**
     * The filter's file, written on first use and again after its folder was given back (see
     * {@link SharedSandbox}); empty on a machine it does not cover.
     *
     * @throws ArenaFilesException when it cannot be written
     */
    public static synchronized Optional<Path> file() {
        if (file == null || file.isPresent() && !java.nio.file.Files.isRegularFile(file.get())) {
            file = write();
        }
        return file;
    }

    private static Optional<Path> write() {
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

    /** The program: by architecture, the three keyring calls refused, everything else allowed. */
    static byte[] program() {
        List<Insn> p = List.of(
                Insn.load(null, OFFSET_ARCH),
                Insn.jumpIf(ARCH_X86_64, "x86-64", null),
                Insn.jumpIf(ARCH_I386, "i386", null),
                Insn.jumpIf(ARCH_AARCH64, "arm64", null),
                Insn.jumpIf(ARCH_ARM, "arm", "allow"),
                // add_key, request_key, keyctl on x86-64 (x32 calls have one more bit set).
                Insn.load("x86-64", OFFSET_NR),
                new Insn(null, AND_K, ~X32_BIT, null, null),
                Insn.jumpIf(248, "refuse", null),
                Insn.jumpIf(249, "refuse", null),
                Insn.jumpIf(250, "refuse", "allow"),
                Insn.load("i386", OFFSET_NR),
                Insn.jumpIf(286, "refuse", null),
                Insn.jumpIf(287, "refuse", null),
                Insn.jumpIf(288, "refuse", "allow"),
                Insn.load("arm64", OFFSET_NR),
                Insn.jumpIf(217, "refuse", null),
                Insn.jumpIf(218, "refuse", null),
                Insn.jumpIf(219, "refuse", "allow"),
                Insn.load("arm", OFFSET_NR),
                Insn.jumpIf(309, "refuse", null),
                Insn.jumpIf(310, "refuse", null),
                Insn.jumpIf(311, "refuse", "allow"),
                new Insn("allow", RET_K, RET_ALLOW, null, null),
                new Insn("refuse", RET_K, RET_EPERM, null, null));
        java.util.Map<String, Integer> at = new java.util.HashMap<>();
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
            bytes.putShort((short) insn.code()).put((byte) jt).put((byte) jf).putInt(insn.k());
        }
        return bytes.array();
    }
}
