package caissa.arena.cli;

/** The exit codes the commands document. */
final class ExitCodes {

    static final int OK = 0;
    /** A check failed ({@code validate}), H0 was accepted ({@code match}), or the machine lacks a part ({@code doctor}). */
    static final int FAILED = 1;
    /** Bad usage: unknown or malformed options, unreadable or invalid input files. */
    static final int USAGE = 2;
    /** A match reached its cap without a decision. */
    static final int INCONCLUSIVE = 3;
    /** No result: the games did not happen ({@code play}: a bot could not be started; {@code match}: every game irregular). */
    static final int NO_RESULT = 4;
    /**
     * A game log that its moves, its journal or its schedule contradict ({@code merge}, {@code report},
     * {@code verify}): a record forged, cut or swapped, told apart from bad usage.
     */
    static final int RECORD_DISAGREES = 5;
    /** A file could not be written or read: disk full, permissions, a bad path (sysexits EX_IOERR). */
    static final int IO_ERROR = 74;
    /** A bug in the arena itself. */
    static final int SOFTWARE = 70;

    private ExitCodes() {
    }
}
