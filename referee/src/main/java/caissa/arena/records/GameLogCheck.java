package caissa.arena.records;

import caissa.arena.game.GameRecord;
import caissa.arena.game.PlayedMove;
import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.input.Texts;
import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Whether a game log agrees with itself and with what is known of its game: its opening and
 * moves are replayed through the rules, and its start, final position, result, termination and
 * loser must be what they lead to. A regular ending (checkmate, stalemate, the move limit) is the
 * rules' to decide, so it must be the position's outcome; an irregular one (a time forfeit, a
 * crash, ...) is decided by the arena, not the moves, so what is checked there is that it names a
 * loser it can have: the side whose reply was awaited, in a game the rules had not ended.
 * {@code merge}, {@code tournament --resume}, {@code report} and {@code verify} all judge logs here.
 */
public final class GameLogCheck {

    /** The check's answer. */
    public sealed interface Verdict {

        /** Everything that can be derived from the moves agrees with the log. */
        record Agrees() implements Verdict {}

        /** The first thing that does not, as a phrase to follow the log's name: {@code "says 0-1, but ..."}. */
        record Disagrees(String what) implements Verdict {}

        default boolean agrees() {
            return this instanceof Agrees;
        }
    }

    /**
     * What the run's own records say of the game, each part absent when not known: its number, its
     * players in their colours, its opening (from the run's seed), and the result and termination
     * of its journal line.
     */
    public record Expected(
            int game,
            Optional<String> white,
            Optional<String> black,
            Optional<List<Move>> opening,
            Optional<Result> result,
            Optional<Termination> termination) {

        /** Only the game's number (the log's file says it). */
        public static Expected game(int game) {
            return new Expected(
                    game, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        }

        public Expected withPlayers(String whiteName, String blackName) {
            return new Expected(game, Optional.of(whiteName), Optional.of(blackName), opening, result, termination);
        }

        public Expected withOpening(List<Move> moves) {
            return new Expected(game, white, black, Optional.of(List.copyOf(moves)), result, termination);
        }

        public Expected withJournal(Result journaled, Termination ended) {
            return new Expected(game, white, black, opening, Optional.of(journaled), Optional.of(ended));
        }
    }

    private static final Verdict AGREES = new Verdict.Agrees();

    private GameLogCheck() {}

    /** The log against its own moves only. */
    public static Verdict check(GameRecord log) {
        return replay(log);
    }

    /** The log against what the run's records say of it, then against its own moves. */
    public static Verdict check(GameRecord log, Expected expected) {
        Optional<String> problem = againstRecords(log, expected);
        return problem.<Verdict>map(Verdict.Disagrees::new).orElseGet(() -> replay(log));
    }

    private static Optional<String> againstRecords(GameRecord log, Expected expected) {
        if (log.tournament() == null) {
            return Optional.of("has no game number (its tournament field is null), but it is game " + expected.game());
        }
        if (log.tournament().game() != expected.game()) {
            return Optional.of("is the log of game " + log.tournament().game() + ", not of game " + expected.game());
        }
        // Game pairs are numbered on from game to game across every stage: games 2k-1 and 2k are pair k.
        int pair = (expected.game() + 1) / 2;
        if (log.tournament().pair() != pair) {
            return Optional.of("says game " + expected.game() + " is of pair "
                    + log.tournament().pair() + ", not " + pair);
        }
        String white = log.white() == null ? null : log.white().name();
        String black = log.black() == null ? null : log.black().name();
        if (expected.white().isPresent() && !expected.white().get().equals(white)
                || expected.black().isPresent() && !expected.black().get().equals(black)) {
            return Optional.of("is " + white + " vs " + black + ", but the schedule says "
                    + expected.white().orElse(white) + " vs " + expected.black().orElse(black));
        }
        if (expected.opening().isPresent() && !sameMoves(expected.opening().get(), log.opening())) {
            return Optional.of("starts with the opening " + describe(log.opening()) + ", but the schedule's is "
                    + describe(expected.opening().get()));
        }
        if (expected.result().isPresent() && expected.result().get() != log.result()
                || expected.termination().isPresent() && expected.termination().get() != log.termination()) {
            return Optional.of("says " + log.result() + " by " + log.termination() + ", but the journal says "
                    + expected.result().map(Result::toString).orElse("?") + " by "
                    + expected.termination().map(Termination::toString).orElse("?"));
        }
        return Optional.empty();
    }

    private static Verdict replay(GameRecord log) {
        if (!GameRecord.SCHEMA.equals(log.schema())
                && !GameRecord.SCHEMA_2.equals(log.schema())
                && !GameRecord.SCHEMA_1.equals(log.schema())) {
            return disagrees("has the schema " + log.schema() + ", not " + GameRecord.SCHEMA + ", "
                    + GameRecord.SCHEMA_2 + " or " + GameRecord.SCHEMA_1);
        }
        if (log.result() == null || log.termination() == null) {
            return disagrees("has no result or termination");
        }
        Position position = log.variant().initial();
        for (int i = 0; i < log.opening().size(); i++) {
            Move move = log.opening().get(i);
            Optional<String> illegal = position.illegalReason(move);
            if (illegal.isPresent()) {
                return disagrees(
                        "has the opening move " + (i + 1) + ", " + move + ", which is illegal: " + illegal.get());
            }
            position = position.play(move);
        }
        if (!position.toCfn().equals(log.start())) {
            return disagrees("says it started from " + log.start() + ", but its opening leads to " + position.toCfn());
        }
        for (PlayedMove played : log.moves()) {
            String which = "move " + played.ply() + " (" + played.move() + ")";
            if (position.outcome().isOver()) {
                return disagrees("has " + which + " after the game was over by " + describe(position.outcome()));
            }
            if (played.side() != position.sideToMove()) {
                return disagrees("says " + which + " is " + played.side() + "'s, but it is " + position.sideToMove()
                        + " to move");
            }
            Optional<String> illegal = position.illegalReason(played.move());
            if (illegal.isPresent()) {
                return disagrees("has " + which + ", which is illegal: " + illegal.get());
            }
            position = position.play(played.move());
            if (played.ply() != position.plies()) {
                return disagrees("numbers the move " + played.move() + " ply " + played.ply() + ", but it is ply "
                        + position.plies());
            }
        }
        if (!position.toCfn().equals(log.finalPosition())) {
            return disagrees("says its final position is " + log.finalPosition() + ", but its moves lead to "
                    + position.toCfn());
        }
        return ending(log, position);
    }

    /** The result, termination and loser against the position the moves end in. */
    private static Verdict ending(GameRecord log, Position end) {
        Result result = log.result();
        Termination termination = log.termination();
        String says = "says " + result + " by " + termination;
        if (!Objects.equals(log.loser(), loser(result))) {
            return disagrees(says + ", but names the loser " + log.loser() + " (it is " + loser(result) + ")");
        }
        if ((termination == Termination.ABORTED) != (result == Result.ABORTED)) {
            return disagrees(says + ": only an aborted game has the result *");
        }
        if (termination == Termination.ABORTED) {
            return AGREES;
        }
        Outcome outcome = end.outcome();
        if (!termination.isIrregular()) {
            Optional<Result> byTheRules = switch (termination) {
                case CHECKMATE -> outcome.winningSide().map(Result::winFor);
                case STALEMATE -> outcome instanceof Outcome.Stalemate ? Optional.of(Result.DRAW) : Optional.empty();
                default -> outcome instanceof Outcome.MoveLimit ? Optional.of(Result.DRAW) : Optional.empty();
            };
            if (byTheRules.isEmpty() || byTheRules.get() != result) {
                return disagrees(says + ", but its moves end in " + describe(outcome));
            }
            return AGREES;
        }
        if (result == Result.DRAW) {
            return disagrees(says + ": an irregular ending is a loss");
        }
        // A bot over a resource limit loses whatever the moves did, both when both were over it.
        if (termination == Termination.RESOURCE_LIMIT) {
            return AGREES;
        }
        if (termination == Termination.START_FAILURE) {
            return log.moves().isEmpty()
                    ? AGREES
                    : disagrees(
                            says + ", but " + Texts.count(log.moves().size(), "move was", "moves were") + " played");
        }
        // The rules end a game before a reply is asked for, so no bot can misbehave after that.
        if (outcome.isOver()) {
            return disagrees(says + ", but its moves end in " + describe(outcome));
        }
        // Before the first move both bots are sent the opening, and either may fail to read it.
        boolean openingLine = termination == Termination.TIME_FORFEIT
                && log.moves().isEmpty()
                && !log.opening().isEmpty();
        if (openingLine) {
            return AGREES;
        }
        if (result == Result.BOTH_LOSE) {
            return disagrees(says + ", but only the bot to move, " + end.sideToMove() + ", was awaited");
        }
        Side loser = result == Result.WHITE_WINS ? Side.BLACK : Side.WHITE;
        if (loser != end.sideToMove()) {
            return disagrees(
                    says + ", but " + loser + " was not to move: its moves end with " + end.sideToMove() + " to move");
        }
        return AGREES;
    }

    private static Verdict disagrees(String what) {
        return new Verdict.Disagrees(what);
    }

    private static String loser(Result result) {
        return switch (result) {
            case WHITE_WINS -> Side.BLACK.word();
            case BLACK_WINS -> Side.WHITE.word();
            case BOTH_LOSE -> "both";
            case DRAW, ABORTED -> null;
        };
    }

    /** {@code "a checkmate by white (1-0)"}, {@code "a game not over"}. */
    static String describe(Outcome outcome) {
        if (outcome instanceof Outcome.Checkmate mate) {
            return "a checkmate by " + mate.winner() + " (" + Result.winFor(mate.winner()) + ")";
        }
        if (outcome instanceof Outcome.Stalemate) {
            return "a stalemate (1/2-1/2)";
        }
        if (outcome instanceof Outcome.MoveLimit) {
            return "the move limit (1/2-1/2)";
        }
        return "a game not over";
    }

    private static boolean sameMoves(List<Move> a, List<Move> b) {
        return a.stream()
                .map(Move::toString)
                .toList()
                .equals(b.stream().map(Move::toString).toList());
    }

    private static String describe(List<Move> moves) {
        return moves.isEmpty() ? "(none)" : moves.stream().map(Move::toString).collect(Collectors.joining(" "));
    }
}
