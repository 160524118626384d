package caissa.arena.sandbox;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * How the bots of a game are kept apart from each other and from the machine: the sandbox, the
 * resource limits, the folders no bot may see (the arena's output), and whether each bot's
 * scratch folder is kept after the game for the organiser to look at.
 */
public record Isolation(
        SandboxMode sandbox,
        ResourceLimits limits,
        Map<String, ResourceLimits> botLimits,
        List<Path> hidden,
        boolean keepScratch) {

    public Isolation {
        Objects.requireNonNull(sandbox, "sandbox");
        Objects.requireNonNull(limits, "limits");
        botLimits = Map.copyOf(botLimits);
        hidden = hidden.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    }

    /** The limits of the bot of that name: its own where it has some, else everyone's. */
    public ResourceLimits limitsFor(String bot) {
        return botLimits.getOrDefault(bot, limits);
    }

    /** Limits for some bots by name (a tournament file's per-bot {@code limits}). */
    public Isolation withBotLimits(Map<String, ResourceLimits> byBot) {
        return new Isolation(sandbox, limits, byBot, hidden, keepScratch);
    }

    /** The default: {@code $CAISSA_SANDBOX} or auto, default limits, nothing extra hidden. */
    public static Isolation defaults() {
        return new Isolation(SandboxMode.fromEnvironment(), ResourceLimits.DEFAULT, Map.of(), List.of(), false);
    }

    public Isolation withSandbox(SandboxMode mode) {
        return new Isolation(mode, limits, botLimits, hidden, keepScratch);
    }

    public Isolation withLimits(ResourceLimits newLimits) {
        return new Isolation(sandbox, newLimits, botLimits, hidden, keepScratch);
    }

    /** Adds folders or files no bot may see (output folders, the tournament file). */
    public Isolation hiding(List<Path> more) {
        return new Isolation(
                sandbox,
                limits,
                botLimits,
                Stream.concat(hidden.stream(), more.stream()).toList(),
                keepScratch);
    }

    public Isolation keepingScratch(boolean keep) {
        return new Isolation(sandbox, limits, botLimits, hidden, keep);
    }

    /**
     * {@code auto} made definite for this machine: bwrap where the parts chosen here launch bots
     * in bubblewrap ({@link Parts}), else none. The warning to print once when auto had to fall
     * back is {@link Bubblewrap#unavailableReason()}.
     */
    public Isolation resolved() {
        if (sandbox != SandboxMode.AUTO) {
            return this;
        }
        return withSandbox(
                Machine.current().parts(SandboxMode.AUTO).launching() instanceof BubblewrapLaunching
                        ? SandboxMode.BWRAP
                        : SandboxMode.NONE);
    }
}
