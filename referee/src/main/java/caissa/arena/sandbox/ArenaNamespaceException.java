package caissa.arena.sandbox;

import java.util.List;
import java.util.Optional;

/**
 * The kernel refused bubblewrap a namespace for a bot's sandbox (the machine's
 * {@code user.max_*_namespaces} used up, or namespaces refused since the trial sandbox worked):
 * the arena's own failure, not the bot's, which never ran. Unchecked, like {@link
 * ArenaFilesException}, so that no catch of a bot's start failure takes it for one: it stops the
 * run with one line (exit code 71) instead of charging the bot a {@code start-failure}.
 */
public final class ArenaNamespaceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The beginnings of bubblewrap's own lines when the kernel refuses it a namespace. */
    private static final List<String> REFUSED = List.of(
            "bwrap: Creating new namespace failed",
            "bwrap: No permissions to creat",
            "bwrap: setting up uid map",
            "bwrap: setting up gid map");

    private ArenaNamespaceException(String line) {
        super(line + " (the kernel refused a namespace for a bot's sandbox: no bot was charged; see caissa doctor, let"
                + " the machine make namespaces again, and continue the run)");
    }

    /**
     * The failure a launch's first error line names, when it is bubblewrap's for a namespace it
     * could not make; empty for any other line.
     */
    public static Optional<ArenaNamespaceException> of(String launchLine) {
        String line = launchLine.strip();
        return REFUSED.stream().anyMatch(line::startsWith)
                ? Optional.of(new ArenaNamespaceException(line))
                : Optional.empty();
    }
}
