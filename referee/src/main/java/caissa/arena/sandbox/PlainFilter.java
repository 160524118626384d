package caissa.arena.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The sandbox's seccomp filter ({@link KeyringFilter}) for a plain bot, which no sandbox loads:
 * nothing of the system's loads a filter for another program (util-linux's {@code setpriv}
 * cannot), so the system's Python 3 does, through its standard {@code ctypes}. The loader reads
 * the filter from descriptor 3 (which the launch's shell opens, see {@link LaunchScript}), closes
 * it, sets {@code no_new_privs}, loads the filter and executes the next step in place: the same
 * filter as a sandboxed bot's, on the bot and every process it starts, which no process can
 * lift. Python runs isolated ({@code -I -S}: no variable, user folder or site file of the bot's
 * changes what it runs), after the change of user where there is one, and before the mark that
 * the launch reached the bot, so that a loader that fails (exit 125) is the arena's failure.
 * Where Python 3 or its {@code ctypes} is missing, a trial says so once and plain bots get no
 * filter, as before; {@code -Dcaissa.filter=off} does the same (a test of what the watchdog
 * counts without it).
 */
final class PlainFilter {

    /** The system property that, set to {@code off}, gives plain bots no filter. */
    static final String SWITCH = Parts.FILTER_SWITCH;

    private static final List<String> PLACES = List.of("/usr/bin/python3", "/bin/python3");

    /**
     * The loader: the filter from descriptor 3 (a classic BPF program, 8 bytes an instruction),
     * then prctl(PR_SET_NO_NEW_PRIVS) and prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER), then the
     * next step's program with its arguments.
     */
    static final String LOADER = String.join(
            "\n",
            "import ctypes, os, sys",
            "code = b''",
            "while True:",
            "    part = os.read(3, 65536)",
            "    if not part: break",
            "    code += part",
            "os.close(3)",
            "class Program(ctypes.Structure):",
            "    _fields_ = [('len', ctypes.c_ushort), ('filter', ctypes.c_void_p)]",
            "buffer = ctypes.create_string_buffer(code, len(code))",
            "program = Program(len(code) // 8, ctypes.addressof(buffer))",
            "libc = ctypes.CDLL(None, use_errno=True)",
            "libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]",
            "if not code or libc.prctl(38, 1, 0, 0, 0) != 0 or libc.prctl(22, 2, ctypes.addressof(program), 0, 0) != 0:",
            "    sys.exit(125)",
            "os.execv(sys.argv[1], sys.argv[1:])");

    private PlainFilter() {}

    /** The loader's command line, up to the next step's program. */
    static List<String> argv(Path python) {
        return List.of(python.toString(), "-I", "-S", "-c", LOADER);
    }

    /**
     * The Python that loads plain bots' filter here, if a trial of the loader with {@code filter}
     * worked (a trial once per command: a missing {@code ctypes}, or a kernel without seccomp,
     * fails it); empty where there is no filter, or {@code -Dcaissa.filter=off}.
     */
    static Optional<Path> available(Optional<Path> filter) {
        if (filter.isEmpty() || "off".equals(System.getProperty(SWITCH))) {
            return Optional.empty();
        }
        return PLACES.stream()
                .map(Path::of)
                .filter(Files::isExecutable)
                .findFirst()
                .filter(python -> trial(python, filter.get()));
    }

    private static boolean trial(Path python, Path filter) {
        List<String> command = new ArrayList<>(List.of(
                "/bin/sh",
                "-c",
                "exec 3<\"$1\" || exit 125; shift; exec \"$@\"",
                "caissa-filter-trial",
                filter.toString()));
        command.addAll(argv(python));
        command.addAll(List.of("/bin/sh", "-c", "exit 0"));
        return TrialRun.succeeds(command, 10);
    }
}
