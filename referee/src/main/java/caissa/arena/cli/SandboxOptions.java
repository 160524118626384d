package caissa.arena.cli;

import caissa.arena.command.UsageException;
import caissa.arena.linux.Portable;
import caissa.arena.sandbox.Bubblewrap;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.SandboxMode;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --sandbox} and {@code --keep-scratch}, shared by play, validate, match and tournament. */
final class SandboxOptions {

    @Option(
            names = "--sandbox",
            paramLabel = "MODE",
            description =
                    "auto, bwrap or none: run each bot in a bubblewrap sandbox of its own (bwrap), as a plain process (none), or in a sandbox when bubblewrap works here (auto, with one warning line when it does not). Default: $CAISSA_SANDBOX, else auto.")
    String sandbox;

    @Option(
            names = "--keep-scratch",
            description = "Keep each sandboxed bot's scratch folder and /tmp after its game (the game log names it).")
    boolean keepScratch;

    /** The mode asked for, if the command line says: it wins over a tournament file's. */
    Optional<SandboxMode> mode() {
        if (sandbox == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(SandboxMode.fromWord(sandbox));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--sandbox: " + e.getMessage());
        }
    }

    /**
     * The isolation made definite for this machine: {@code bwrap} that cannot work is an error
     * (bad usage). That {@code auto} fell back to no sandbox is said later, by
     * {@link #warnIfUnsandboxed}, once the rest of the input has been checked.
     */
    static Isolation resolve(Isolation isolation) {
        if (isolation.sandbox() == SandboxMode.BWRAP && !Bubblewrap.available()) {
            throw new UsageException(
                    "--sandbox bwrap: " + Bubblewrap.unavailableReason().orElseThrow()
                            + " (caissa doctor says how to make it work here, or use --sandbox none to run bots unprotected)");
        }
        return isolation.resolved();
    }

    /**
     * Says in one line on {@code err} that bots run without a sandbox, when {@code auto} found no
     * working bubblewrap. Called when the input has been checked and the games are about to
     * start: input that is refused gets its one line alone, not after a warning about games
     * that will never be played.
     */
    void warnIfUnsandboxed(String command, PrintWriter err) {
        warnIfUnsandboxed(isolation().sandbox(), command, err);
    }

    /**
     * The same for a run whose sandbox mode was {@code asked} (by an option or a tournament
     * file); in portable mode, always, with what is not enforced there.
     */
    static void warnIfUnsandboxed(SandboxMode asked, String command, PrintWriter err) {
        if (Portable.on()) {
            err.println("caissa " + command + ": portable mode (" + Portable.VARIABLE
                    + ", or not Linux): bots run as plain" + " processes: " + Portable.NOT_ENFORCED);
            err.flush();
        } else if (asked == SandboxMode.AUTO && !Bubblewrap.available()) {
            err.println("caissa " + command + ": warning: bots run without a sandbox: "
                    + Bubblewrap.unavailableReason().orElse("bubblewrap does not work here") + "; "
                    + Machine.current().reach(SandboxMode.AUTO).detail()
                    + " (caissa doctor says how to make it work; --sandbox none says this is intended)");
            err.flush();
        }
    }

    /** The isolation for a command with these options, from the defaults. */
    Isolation isolation() {
        Isolation isolation = Isolation.defaults().keepingScratch(keepScratch);
        return mode().map(isolation::withSandbox).orElse(isolation);
    }
}
