package caissa.arena.testkit;

import caissa.arena.bot.BotHost;
import caissa.arena.sandbox.BubblewrapLaunching;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.Parts;
import caissa.arena.sandbox.SandboxMode;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * A sandbox that bubblewrap itself cannot build, as on a broken machine: this machine's parts, with
 * a launching that also asks bubblewrap to bind {@code missing}, a path that does not exist. A
 * test substitutes this part for the command's instead of reaching into production code.
 */
public final class BrokenSandbox {

    private BrokenSandbox() {}

    /** This machine's parts for each sandbox asked for, every bubblewrap launch broken by {@code missing}. */
    public static Function<SandboxMode, Parts> parts(Path missing) {
        return mode -> {
            Parts parts = Machine.current().parts(mode);
            if (!(parts.launching() instanceof BubblewrapLaunching)) {
                return parts;
            }
            return parts.withLaunching(new BubblewrapLaunching(List.of("--ro-bind", missing.toString(), "/x")));
        };
    }

    /** A host of bots held by {@link #parts}. */
    public static BotHost host(Path missing) {
        return BotHost.open(parts(missing));
    }
}
