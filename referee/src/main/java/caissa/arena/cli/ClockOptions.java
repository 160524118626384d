package caissa.arena.cli;

import caissa.arena.command.ClockKindConverter;
import caissa.arena.command.DurationConverter;
import caissa.arena.command.UsageException;
import caissa.arena.game.ClockKind;
import caissa.arena.game.TimeControl;
import caissa.arena.linux.Portable;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The clock options shared by {@code play}, {@code match} and {@code validate} (RULES.md 9). */
final class ClockOptions {

    @Option(
            names = "--time-per-game",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "Each bot's budget for the whole game, like 500ms, 30s or 2m (default: ${DEFAULT-VALUE}).",
            defaultValue = "30s")
    Duration perGame;

    @Option(
            names = "--time-per-move",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "A cap on each single reply (default: none).")
    Duration perMove;

    @Option(
            names = "--increment",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "Time added to a bot's budget after each of its moves (default: ${DEFAULT-VALUE}).",
            defaultValue = "0s")
    Duration increment;

    @Option(
            names = "--first-move-allowance",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description =
                    "Extra time, not charged, for each bot's first reply: its start-up (default: ${DEFAULT-VALUE}).",
            defaultValue = "1s")
    Duration firstMoveAllowance;

    @Option(
            names = "--time-margin",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description =
                    "How late a reply may be and still count, not taken from the clock (default: ${DEFAULT-VALUE}, as in the CodeCup).",
            defaultValue = "0s")
    Duration margin;

    @Option(
            names = "--clock",
            paramLabel = "wall|cpu",
            converter = ClockKindConverter.class,
            description = "What the clocks measure: wall time, or the CPU time (user + system) of each bot's processes,"
                    + " with a wall-time safety cap of three times its allowance plus 1s (default: ${DEFAULT-VALUE}).",
            defaultValue = "wall")
    ClockKind clock;

    @Option(
            names = "--suspend-idle",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Stop the bot not to move, and every process it started, until it is sent the next line"
                    + " (default: on; --no-suspend-idle to let it run).")
    boolean suspendIdle;

    TimeControl timeControl() {
        if (clock == ClockKind.CPU && Portable.on()) {
            throw new UsageException("--clock cpu reads the bots' CPU time from Linux's /proc, which portable mode ("
                    + Portable.VARIABLE + ", or not Linux) does without: use the wall clock");
        }
        try {
            return new TimeControl(
                    perGame, Optional.ofNullable(perMove), increment, firstMoveAllowance, margin, clock, suspendIdle);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
