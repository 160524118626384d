package caissa.arena.bot;

import java.util.Optional;

/**
 * How a bot's processes ended after the game.
 *
 * @param exitedByItself the bot exited within the grace period after {@code end} (or before)
 * @param exitCode the bot's exit status when known (an exit's status, or 128 + n after signal n: from 129 to 192, either)
 * @param leftoverProcesses processes the bot started that were still running when it was done
 *     and had to be killed
 * @param killed whether the referee had to kill the bot itself
 */
public record ShutdownReport(
        boolean exitedByItself, Optional<Integer> exitCode, int leftoverProcesses, boolean killed) {}
