package caissa.arena.command;

/** The exit codes the commands document. */
public final class ExitCodes {

    public static final int OK = 0;
    /** A check failed ({@code validate}), H0 was accepted ({@code match}), or the machine lacks a part ({@code doctor}). */
    public static final int FAILED = 1;
    /** Bad usage: unknown or malformed options, unreadable or invalid input files. */
    public static final int USAGE = 2;
    /** A match reached its cap without a decision. */
    public static final int INCONCLUSIVE = 3;
    /** No result: the games did not happen ({@code play}: a bot could not be started; {@code match}: every game irregular). */
    public static final int NO_RESULT = 4;
    /**
     * A game log that its moves, its journal or its schedule contradict ({@code merge}, {@code report},
     * {@code verify}): a record forged, cut or swapped, told apart from bad usage.
     */
    public static final int RECORD_DISAGREES = 5;
    /**
     * The operating system refused the arena what it needs to contain a bot: a namespace for its
     * sandbox (sysexits EX_OSERR).
     */
    public static final int OS_ERROR = 71;
    /** A file could not be written or read: disk full, permissions, a bad path (sysexits EX_IOERR). */
    public static final int IO_ERROR = 74;
    /** A bug in the arena itself. */
    public static final int SOFTWARE = 70;

    private ExitCodes() {}
}
