package caissa.arena.runner;

import caissa.arena.bot.BotHost;
import caissa.arena.game.Entrant;
import caissa.arena.game.Game;
import caissa.arena.game.GameListener;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.ProcessSeat;
import caissa.arena.game.Seat;
import caissa.arena.game.Ticker;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a run does with the bots that cannot play (found before the games: a command that cannot
 * be started, or a bot that did not answer its first move as a game needs): {@code --broken} and
 * the tournament file's {@code broken} field.
 */
public enum BrokenBots {
    /** Refuse the run, naming every bot that cannot play and why. */
    REFUSE("refuse"),
    /** Keep the bot in the schedule: it loses each of its games by start-failure, never started again. */
    FORFEIT("forfeit"),
    /** Leave the bot out of the schedule, as if the file did not name it. */
    EXCLUDE("exclude");

    private final String word;

    BrokenBots(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static Optional<BrokenBots> fromWord(String word) {
        return Arrays.stream(values()).filter(b -> b.word.equals(word)).findFirst();
    }

    public static List<String> words() {
        return Arrays.stream(values()).map(BrokenBots::word).toList();
    }

    /** A bot that cannot play, what is wrong with it (one line, with its fix where one is known), and what the run did. */
    public record Broken(String name, String problem, BrokenBots handling) {}

    /**
     * Plays games with the bots of {@code host}, as {@link Game#play} does, except that a bot named
     * in {@code forfeits} is not started: it loses by start-failure with its problem as the reason
     * (both lose when neither can play).
     */
    public static GamePool.Player forfeiting(Map<String, String> forfeits, BotHost host) {
        if (forfeits.isEmpty()) {
            return GamePool.hosted(host);
        }
        Map<String, String> problems = Map.copyOf(forfeits);
        return new GamePool.Player() {
            @Override
            public GameRecord play(GameSetup setup) {
                Seat.Opener processes = ProcessSeat.opener(setup, host);
                Seat.Opener opener = new Seat.Opener() {
                    @Override
                    public Seat.Opened open(Entrant entrant, String name) {
                        return problems.containsKey(entrant.name())
                                ? new Seat.Opened.Failed(
                                        "it failed the check before the games, so it is not started again: "
                                                + problems.get(entrant.name()))
                                : processes.open(entrant, name);
                    }

                    @Override
                    public boolean stopping() {
                        return processes.stopping();
                    }
                };
                return Game.play(setup, GameListener.NONE, opener, Ticker.SYSTEM);
            }

            @Override
            public boolean stopping() {
                return host.stopping();
            }
        };
    }
}
