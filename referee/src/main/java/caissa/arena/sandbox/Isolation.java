package caissa.arena.sandbox;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How the bots of a game are kept apart from each other and from the machine: the sandbox, the
 * resource limits, the folders no bot may see (the arena's output), and whether each bot's
 * scratch folder is kept after the game for the organiser to look at.
 */
public record Isolation(SandboxMode sandbox, ResourceLimits limits, List<Path> hidden, boolean keepScratch) {

    public Isolation {
        Objects.requireNonNull(sandbox, "sandbox");
        Objects.requireNonNull(limits, "limits");
        hidden = hidden.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    }

    /** The default: {@code $CAISSA_SANDBOX} or auto, default limits, nothing extra hidden. */
    public static Isolation defaults() {
        return new Isolation(SandboxMode.fromEnvironment(), ResourceLimits.DEFAULT, List.of(), false);
    }

    public Isolation withSandbox(SandboxMode mode) {
        return new Isolation(mode, limits, hidden, keepScratch);
    }

    public Isolation withLimits(ResourceLimits newLimits) {
        return new Isolation(sandbox, newLimits, hidden, keepScratch);
    }

    /** Adds folders or files no bot may see (output folders, the tournament file). */
    public Isolation hiding(List<Path> more) {
        return new Isolation(sandbox, limits, java.util.stream.Stream.concat(hidden.stream(), more.stream()).toList(),
                keepScratch);
    }

    public Isolation keepingScratch(boolean keep) {
        return new Isolation(sandbox, limits, hidden, keep);
    }

    /**
     * {@code auto} made definite for this machine: bwrap when it works here, else none. The
     * warning to print once when auto had to fall back is {@link Bubblewrap#unavailableReason()}.
     */
    public Isolation resolved() {
        if (sandbox != SandboxMode.AUTO) {
            return this;
        }
        return withSandbox(Bubblewrap.available() ? SandboxMode.BWRAP : SandboxMode.NONE);
    }
}
