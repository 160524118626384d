package caissa.arena.tournament;

import caissa.arena.game.Game;
import caissa.arena.game.GameListener;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.InProcessSeat;
import caissa.arena.game.ManualTicker;
import caissa.arena.game.Seat;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.runner.BrokenBots;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Plays a tournament's games in the test's own process, instantly: each bot plays the legal move
 * its skill picks from the sorted list (skill 0 the first, and so on), so that results differ by
 * bot and stay the same from run to run. For tests of what a tournament computes and shows, not of
 * how it runs bots.
 */
public final class InProcessTournaments {

    private InProcessTournaments() {}

    /** Plays the tournament's games to their end; a bot's skill is its number in the file. */
    public static StandingsDocument play(Tournament tournament, List<String> bots, int concurrency) throws Exception {
        return tournament.play(concurrency, setup -> game(setup, bots));
    }

    /**
     * {@link #play}, except that the bots named in {@code forfeits} are never started: each loses
     * its games by start failure with its problem as the reason, as {@link BrokenBots#forfeiting}
     * makes a run do with the bots that failed the check before the games.
     */
    public static StandingsDocument play(
            Tournament tournament, List<String> bots, int concurrency, Map<String, String> forfeits) throws Exception {
        return tournament.play(concurrency, setup -> {
            ManualTicker ticker = new ManualTicker();
            InProcessSeat white = new InProcessSeat(
                    ticker, new Picker(bots.indexOf(setup.white().name())));
            InProcessSeat black = new InProcessSeat(
                    ticker, new Picker(bots.indexOf(setup.black().name())));
            Seat.Opener seats = InProcessSeat.opener(white, black);
            Seat.Opener opener = (entrant, name) -> forfeits.containsKey(entrant.name())
                    ? new Seat.Opened.Failed("it failed the check before the games, so it is not started again: "
                            + forfeits.get(entrant.name()))
                    : seats.open(entrant, name);
            return Game.play(setup, GameListener.NONE, opener, ticker);
        });
    }

    /** One game between in-process bots; a bot's skill is its number in {@code bots}. */
    public static GameRecord game(GameSetup setup, List<String> bots) {
        ManualTicker ticker = new ManualTicker();
        InProcessSeat white =
                new InProcessSeat(ticker, new Picker(bots.indexOf(setup.white().name())));
        InProcessSeat black =
                new InProcessSeat(ticker, new Picker(bots.indexOf(setup.black().name())));
        return Game.play(setup, GameListener.NONE, InProcessSeat.opener(white, black), ticker);
    }

    private static final class Picker implements InProcessSeat.Player {
        private final int skill;
        private Position position = Position.initial();

        Picker(int skill) {
            this.skill = skill;
        }

        @Override
        public InProcessSeat.Answer answer(String line) {
            if (line.equals("end")) {
                return InProcessSeat.Answer.NOTHING;
            }
            if (line.startsWith("opening ")) {
                Arrays.stream(line.substring(8).split(" ")).forEach(m -> position = position.play(Move.of(m)));
                return InProcessSeat.Answer.NOTHING;
            }
            if (!line.equals("start")) {
                position = position.play(Move.of(line));
            }
            List<Move> moves = position.legalMoves().stream()
                    .sorted(Comparator.comparing(Move::toString))
                    .toList();
            Move move = moves.get((skill * 7 + position.toCfn().length()) % moves.size());
            position = position.play(move);
            return InProcessSeat.Answer.line(move.toString(), Duration.ofMillis(1));
        }
    }
}
