package caissa.arena.report;

import caissa.arena.bot.StderrExcerpt;
import caissa.arena.game.GameRecord;
import caissa.arena.game.PlayedMove;
import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.PieceType;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.rules.Square;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.sandbox.SandboxRecord;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;

/**
 * Game logs for tests, as the referee would write them, made from seeded random playouts with
 * the rules engine: the same seed gives the same game, so a failing test can be rerun.
 */
final class FixtureGames {

    static final Instant FIRST_START = Instant.parse("2025-03-01T10:00:00Z");
    /** How a started bot was held: as on CI's machine, a bubblewrap sandbox and a cgroup v1 of its own. */
    static final SandboxRecord HELD =
            new SandboxRecord("bwrap", "cgroup-v1", ResourceLimits.DEFAULT, null, "freezer", "cgroup", "polled");

    private static final GameRecord.TimeControlRecord CLOCK =
            new GameRecord.TimeControlRecord("30s", null, "0s", "1s", "0s", "wall", true);
    private static final GameRecord.ExitRecord CLEAN_EXIT = new GameRecord.ExitRecord(true, 0, 0, false);
    /** Enough seeds that every kind of game below turns up many times (see FixtureGamesTest). */
    private static final int SEARCH_LIMIT = 10_000;

    private FixtureGames() {}

    /** What one game of a fixture should be. */
    record Spec(
            int number,
            int total,
            String tournament,
            String white,
            String black,
            Termination termination,
            long seed,
            int openingPlies,
            StderrExcerpt whiteStderr,
            StderrExcerpt blackStderr) {}

    /** A played line from a start position. */
    record Line(Position start, List<Move> moves, Position end) {

        /** Whether the line has every kind of move RULES.md describes: capture, exchange, tile carried into a hole. */
        boolean hasEveryKindOfMove() {
            boolean capture = false;
            boolean exchange = false;
            boolean carry = false;
            Position p = start;
            for (Move move : moves) {
                boolean queen = p.pieceAt(move.from()).orElseThrow().type() == PieceType.QUEEN;
                boolean occupied = p.pieceAt(move.to()).isPresent();
                capture |= queen && occupied;
                exchange |= !queen && occupied;
                carry |= !queen && !p.hasTile(move.to());
                p = p.play(move);
            }
            return capture && exchange && carry;
        }
    }

    static Spec spec(int number, int total, String white, String black, Termination termination, long seed) {
        return new Spec(
                number, total, "fixture", white, black, termination, seed, 0, StderrExcerpt.EMPTY, StderrExcerpt.EMPTY);
    }

    /** The game log for the spec. */
    static GameRecord game(Spec spec) {
        return game(spec, line -> true);
    }

    /**
     * The game log for the spec, from the first seed at or after {@code spec.seed()} whose
     * playout ends as the termination needs and satisfies {@code wanted}.
     */
    static GameRecord game(Spec spec, Predicate<Line> wanted) {
        Position afterOpening = Position.initial();
        List<Move> opening = new ArrayList<>();
        Random openingRandom = new Random(spec.seed() * 31 + 7);
        for (int i = 0; i < spec.openingPlies(); i++) {
            List<Move> legal = afterOpening.legalMoves();
            Move move = legal.get(openingRandom.nextInt(legal.size()));
            opening.add(move);
            afterOpening = afterOpening.play(move);
        }
        Termination termination = spec.termination();
        Line line = null;
        for (long seed = spec.seed(); seed < spec.seed() + SEARCH_LIMIT && line == null; seed++) {
            Line candidate = playout(afterOpening, new Random(seed), termination);
            if (fits(candidate, termination) && wanted.test(candidate)) {
                line = candidate;
            }
        }
        if (line == null) {
            throw new IllegalStateException("no " + termination + " game found from seed " + spec.seed());
        }
        Random random = new Random(spec.seed());
        List<PlayedMove> played = new ArrayList<>();
        long[] microsBySide = new long[2];
        Position p = line.start();
        for (Move move : line.moves()) {
            Side side = p.sideToMove();
            long micros = 200 + (long) (random.nextDouble() * random.nextDouble() * 400_000);
            microsBySide[side.ordinal()] += micros;
            p = p.play(move);
            // Some bots answer in upper case with spaces around; the log keeps the raw line.
            String raw = played.isEmpty() && spec.number() % 2 == 1
                    ? " " + move.toString().toUpperCase() + " "
                    : move.toString();
            played.add(new PlayedMove(p.plies(), side, move, micros, raw));
        }
        Outcome outcome = line.end().outcome();
        Side toMove = line.end().sideToMove();
        String whoToMove = who(spec, toMove);
        Result result;
        String reason;
        switch (termination) {
            case CHECKMATE -> {
                result = Result.winFor(outcome.winningSide().orElseThrow());
                reason = who(spec, toMove.opponent()) + " wins by checkmate: " + whoToMove
                        + " is in check and has no legal move";
            }
            case STALEMATE -> {
                result = Result.DRAW;
                reason = "stalemate: " + whoToMove + " has no legal move and is not in check";
            }
            case MOVE_LIMIT -> {
                result = Result.DRAW;
                reason = "move limit: " + line.end().plies() + " plies played without checkmate or stalemate";
            }
            case TIME_FORFEIT -> {
                result = Result.lossFor(toMove);
                reason = whoToMove + " did not reply within its 1.000 s (0.000 s left on its clock)";
            }
            case ILLEGAL_MOVE -> {
                result = Result.lossFor(toMove);
                Move illegal = anIllegalMove(line.end());
                reason = whoToMove + " played " + illegal + ", which is illegal: "
                        + line.end().illegalReason(illegal).orElseThrow();
            }
            case PROTOCOL_ERROR -> {
                result = Result.lossFor(toMove);
                reason = whoToMove + " replied 'thinking...', which is not a move like b2-c4";
            }
            case CRASH -> {
                result = Result.lossFor(toMove);
                reason = whoToMove + " exited with status 1 before the game was over";
            }
            case RESOURCE_LIMIT -> {
                result = Result.lossFor(toMove);
                reason = whoToMove + " went over its memory limit of 1 GiB (killed for memory, peak 1.0 GiB) ("
                        + whoToMove + " exited, killed by signal 9 before the game was over)";
            }
            case START_FAILURE -> {
                boolean both = spec.number() % 2 == 0;
                result = both ? Result.BOTH_LOSE : Result.lossFor(Side.WHITE);
                reason = both
                        ? "neither bot could be started: " + who(spec, Side.WHITE) + ": no such file: ./missing; "
                                + who(spec, Side.BLACK) + ": no such file: ./missing"
                        : who(spec, Side.WHITE) + " could not be started: no such file: ./bots/missing-bot";
            }
            default -> throw new IllegalArgumentException("unknown termination " + termination);
        }
        String loser = switch (result) {
            case WHITE_WINS -> "black";
            case BLACK_WINS -> "white";
            case BOTH_LOSE -> "both";
            case DRAW, ABORTED -> null;
        };
        boolean startFailure = termination == Termination.START_FAILURE;
        boolean whiteStarted = !startFailure;
        boolean blackStarted = !(startFailure && result == Result.BOTH_LOSE);
        GameRecord.PlayerRecord white = new GameRecord.PlayerRecord(
                spec.white(),
                List.of("./bots/" + spec.white()),
                microsBySide[0] / 1000,
                microsBySide[0] / 1000,
                spec.whiteStderr(),
                whiteStarted ? exit(termination, loser, "white") : null,
                whiteStarted ? HELD : null);
        GameRecord.PlayerRecord black = new GameRecord.PlayerRecord(
                spec.black(),
                List.of("./bots/" + spec.black()),
                microsBySide[1] / 1000,
                microsBySide[1] / 1000,
                spec.blackStderr(),
                blackStarted ? exit(termination, loser, "black") : null,
                blackStarted ? HELD : null);
        long duration = (microsBySide[0] + microsBySide[1]) / 1000 + 40 + spec.number();
        return new GameRecord(
                GameRecord.SCHEMA,
                "0.1.0-test",
                line.start().variant(),
                new GameRecord.TournamentGame(spec.tournament(), spec.number(), spec.total(), (spec.number() + 1) / 2),
                white,
                black,
                CLOCK,
                opening,
                line.start().toCfn(),
                played,
                result,
                termination,
                loser,
                reason,
                line.end().toCfn(),
                FIRST_START.plusSeconds(60L * spec.number()).toString(),
                duration);
    }

    private static GameRecord.ExitRecord exit(Termination termination, String loser, String side) {
        if (!side.equals(loser)) {
            return CLEAN_EXIT;
        }
        return switch (termination) {
            case CRASH -> new GameRecord.ExitRecord(true, 1, 0, false);
            case TIME_FORFEIT -> new GameRecord.ExitRecord(false, 137, 1, true);
            default -> CLEAN_EXIT;
        };
    }

    private static String who(Spec spec, Side side) {
        return (side == Side.WHITE ? spec.white() : spec.black()) + " (" + side + ")";
    }

    /**
     * A random line from the start: to the end of the game for the rules' terminations (avoiding
     * the end until the move limit for that one), and cut short at a random ply for the
     * irregular ones, which end with a bot's misbehaviour in the middle of a game.
     */
    static Line playout(Position start, Random random, Termination termination) {
        List<Move> moves = new ArrayList<>();
        Position p = start;
        int stopAt = switch (termination) {
            case START_FAILURE -> 0;
            case CHECKMATE, STALEMATE, MOVE_LIMIT -> Integer.MAX_VALUE;
            default -> 6 + random.nextInt(40);
        };
        while (!p.outcome().isOver() && moves.size() < stopAt) {
            List<Move> legal = p.legalMoves();
            Move move = legal.get(random.nextInt(legal.size()));
            if (termination == Termination.MOVE_LIMIT) {
                move = aMoveThatGoesOn(p, legal, random).orElse(move);
            }
            moves.add(move);
            p = p.play(move);
        }
        return new Line(start, List.copyOf(moves), p);
    }

    private static Optional<Move> aMoveThatGoesOn(Position p, List<Move> legal, Random random) {
        List<Move> shuffled = new ArrayList<>(legal);
        Collections.shuffle(shuffled, random);
        return shuffled.stream()
                .filter(m -> !p.play(m).outcome().isOver() || p.plies() + 1 >= Position.MOVE_LIMIT_PLIES)
                .findFirst();
    }

    private static boolean fits(Line line, Termination termination) {
        Outcome outcome = line.end().outcome();
        return switch (termination) {
            case CHECKMATE -> outcome instanceof Outcome.Checkmate;
            case STALEMATE -> outcome instanceof Outcome.Stalemate;
            case MOVE_LIMIT -> outcome instanceof Outcome.MoveLimit;
            case START_FAILURE -> line.moves().isEmpty();
            default -> !outcome.isOver() && !line.moves().isEmpty();
        };
    }

    /** A move the side to move may not play: a piece of its own onto a square it cannot reach or may not take. */
    private static Move anIllegalMove(Position p) {
        for (Square from : Square.values()) {
            if (p.pieceAt(from).filter(piece -> piece.side() == p.sideToMove()).isEmpty()) {
                continue;
            }
            for (Square to : Square.values()) {
                Move move = Move.of(from, to);
                if (from != to && !p.isLegal(move)) {
                    return move;
                }
            }
        }
        throw new IllegalStateException("no illegal move in " + p);
    }

    /** Stderr as a chatty bot writes it, cut by the referee to 4 KiB at each end. */
    static StderrExcerpt chattyStderr(String bot, int lines) {
        StringBuilder all = new StringBuilder();
        for (int i = 1; i <= lines; i++) {
            all.append(bot)
                    .append(": ply ")
                    .append(i)
                    .append(" depth ")
                    .append(3 + i % 5)
                    .append(" score ")
                    .append((i * 37) % 200 - 100)
                    .append(" nodes ")
                    .append(i * 1234)
                    .append('\n');
        }
        String text = all.toString();
        int cap = 4096;
        if (text.length() <= cap) {
            return new StderrExcerpt(text.length(), text, "", false);
        }
        boolean dropped = text.length() > 2 * cap;
        String tail = dropped ? text.substring(text.length() - cap) : text.substring(cap);
        return new StderrExcerpt(text.length(), text.substring(0, cap), tail, dropped);
    }

    static StderrExcerpt stderr(String text) {
        return new StderrExcerpt(text.getBytes(StandardCharsets.UTF_8).length, text, "", false);
    }
}
