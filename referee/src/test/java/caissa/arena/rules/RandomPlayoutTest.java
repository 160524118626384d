package caissa.arena.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random games of each variant (Caïssa: 20 seeds of 15 games; HexCaïssa, whose games run
 * longer: 10 seeds of 12), checked after every move against the invariants of the rules and
 * against the variant's {@link Reference}: some 15,000 and 8,000 positions. Uniformly random play
 * rarely captures, mates or sets up a ko, so two of every three games prefer forcing moves; the
 * test then asserts that each seed did reach those states, so that it cannot quietly stop testing
 * them. Every seed reaches all of them within its first 6 games (measured on these seeds), so each
 * still has more than twice the games it needs; more games only repeated the same kinds of position.
 */
class RandomPlayoutTest {

    private static final int ILLEGAL_SAMPLES_PER_POSITION = 6;
    /** Comparing every successor with the reference costs the most; every few plies is plenty. */
    private static final int ALL_SUCCESSORS_EVERY = 4;

    /** How many seeds, and games a seed, each variant gets. */
    private record Playouts(Variant variant, int seeds, int gamesPerSeed) {}

    private static final List<Playouts> PLAYOUTS =
            List.of(new Playouts(Variant.CAISSA, 20, 15), new Playouts(Variant.HEXCAISSA, 10, 12));

    static Stream<Arguments> seeds() {
        return PLAYOUTS.stream()
                .flatMap(p -> LongStream.rangeClosed(1, p.seeds())
                        .mapToObj(seed -> Arguments.of(p.variant(), seed, p.gamesPerSeed())));
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("seeds")
    void everyPositionKeepsTheInvariantsAndAgreesWithTheReference(Variant variant, long seed, int games) {
        Random random = new Random(seed);
        Coverage coverage = new Coverage();
        for (int game = 0; game < games; game++) {
            play(variant, random, Style.values()[game % Style.values().length], coverage);
        }

        assertThat(coverage.games).isEqualTo(games);
        assertThat(coverage.inCheck)
                .as("positions with the side to move in check")
                .isPositive();
        assertThat(coverage.captures).as("captures").isPositive();
        assertThat(coverage.exchanges).as("exchanges").isPositive();
        assertThat(coverage.intoHoles)
                .as("rook, bishop or knight moves into a hole")
                .isPositive();
        assertThat(coverage.koForbids)
                .as("positions where the ko rule forbids a move")
                .isPositive();
        assertThat(coverage.checkmates).as("checkmates").isPositive();
        assertThat(coverage.stalemates).as("stalemates").isPositive();
    }

    private enum Style {
        UNIFORM,
        CAPTURES,
        FORCING
    }

    private static final class Coverage {
        int games;
        int positions;
        int inCheck;
        int captures;
        int exchanges;
        int intoHoles;
        int koForbids;
        int checkmates;
        int stalemates;
    }

    private static void play(Variant variant, Random random, Style style, Coverage coverage) {
        Position position = variant.initial();
        Reference reference = Reference.initial(variant);
        while (true) {
            checkPosition(variant, position, reference, random, coverage);
            if (position.outcome().isOver()) {
                break;
            }
            Move move = choose(position, style, random);
            count(position, move, coverage);
            Position next = position.play(move);
            reference = reference.play(move.toString());
            assertThat(next.toCfn()).as("%s after %s", position, move).isEqualTo(reference.toCfn());
            position = next;
        }
        coverage.games++;
    }

    private static void checkPosition(
            Variant variant, Position position, Reference reference, Random random, Coverage coverage) {
        String cfn = position.toCfn();
        assertThat(cfn).isEqualTo(reference.toCfn());
        Position reread = variant.fromCfn(cfn);
        assertThat(reread).as(cfn).isEqualTo(position);
        assertThat(reread.hash64()).as(cfn).isEqualTo(position.hash64());

        StringBuilder board = new StringBuilder();
        StringBuilder expectedBoard = new StringBuilder();
        for (Square square : variant.squares()) {
            board.append(position.pieceAt(square).map(Piece::letter).orElse(position.hasTile(square) ? '.' : '-'));
            expectedBoard.append(reference.at(square.toString()));
        }
        assertThat(board)
                .as("%s: pieceAt and hasTile, every cell in index order", cfn)
                .hasToString(expectedBoard.toString());
        assertThat(reference.tilesConnected()).as("%s: tiles connected", cfn).isTrue();
        assertThat(reference.queensSeeEachOther())
                .as("%s: queens see each other", cfn)
                .isFalse();
        Side mover = position.sideToMove();
        assertThat(position.inCheck(mover.opponent()))
                .as("%s: side not to move in check", cfn)
                .isFalse();
        assertThat(reference.inCheck(mover != Side.WHITE))
                .as("%s: side not to move in check", cfn)
                .isFalse();
        assertThat(position.inCheck()).as("%s: in check", cfn).isEqualTo(reference.inCheck(mover == Side.WHITE));
        assertThat(position.inCheck(mover)).isEqualTo(position.inCheck());

        List<Move> moves = position.legalMoves();
        assertThat(moves.stream().map(Move::toString).toList())
                .as("%s: legal moves", cfn)
                .containsExactlyElementsOf(reference.legalMoves().keySet());
        assertThat(position.legalMoveCount()).isEqualTo(moves.size());
        List<Move> rejected = new ArrayList<>();
        for (Move move : moves) {
            if (!position.isLegal(move) || position.illegalReason(move).isPresent()) {
                rejected.add(move);
            }
        }
        assertThat(rejected)
                .as("%s: legal moves that isLegal or illegalReason reject", cfn)
                .isEmpty();
        if (coverage.positions % ALL_SUCCESSORS_EVERY == 0) {
            List<String> after = new ArrayList<>();
            List<String> expectedAfter = new ArrayList<>();
            for (Move move : moves) {
                after.add(move + " " + position.play(move).toCfn());
                expectedAfter.add(
                        move + " " + reference.legalMoves().get(move.toString()).toCfn());
            }
            assertThat(after).as("%s: the position after each legal move", cfn).isEqualTo(expectedAfter);
        }
        checkIllegalSamples(variant, position, moves, random);

        Outcome outcome = position.outcome();
        assertThat(outcome.isOver() && !(outcome instanceof Outcome.MoveLimit))
                .as("%s: no move left", cfn)
                .isEqualTo(moves.isEmpty());
        assertThat(outcome instanceof Outcome.Checkmate)
                .as("%s: checkmate", cfn)
                .isEqualTo(moves.isEmpty() && position.inCheck());
        assertThat(describe(outcome)).as("%s: outcome", cfn).isEqualTo(reference.outcome());

        coverage.positions++;
        if (position.inCheck()) {
            coverage.inCheck++;
        }
        if (reference.koForbidsAMove()) {
            coverage.koForbids++;
        }
        if (outcome instanceof Outcome.Checkmate) {
            coverage.checkmates++;
        } else if (outcome instanceof Outcome.Stalemate) {
            coverage.stalemates++;
        }
    }

    /** Random (from, to) pairs, mostly from the mover's own pieces, that are not legal moves. */
    private static void checkIllegalSamples(Variant variant, Position position, List<Move> legal, Random random) {
        List<Square> own = new ArrayList<>();
        for (Piece piece : Piece.values()) {
            if (piece.side() == position.sideToMove()) {
                position.squareOf(piece).ifPresent(own::add);
            }
        }
        for (int i = 0; i < ILLEGAL_SAMPLES_PER_POSITION; i++) {
            Square from = random.nextInt(4) == 0
                    ? variant.square(random.nextInt(variant.squareCount()))
                    : own.get(random.nextInt(own.size()));
            Move move = Move.of(from, variant.square(random.nextInt(variant.squareCount())));
            if (legal.contains(move)) {
                continue;
            }
            assertThat(position.isLegal(move)).as("%s: %s", position, move).isFalse();
            assertThat(position.illegalReason(move))
                    .as("%s: %s", position, move)
                    .hasValueSatisfying(reason -> assertThat(reason).isNotBlank());
            assertThatThrownBy(() -> position.play(move)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    private static Move choose(Position position, Style style, Random random) {
        List<Move> moves = position.legalMoves();
        if (style != Style.UNIFORM && random.nextInt(4) != 0) {
            List<Move> preferred = new ArrayList<>();
            for (Move move : moves) {
                if (isCapture(position, move)
                        || style == Style.FORCING
                                && (position.play(move).inCheck() || isSameTypeExchange(position, move))) {
                    preferred.add(move);
                }
            }
            if (!preferred.isEmpty()) {
                return preferred.get(random.nextInt(preferred.size()));
            }
        }
        return moves.get(random.nextInt(moves.size()));
    }

    private static void count(Position position, Move move, Coverage coverage) {
        PieceType type = position.pieceAt(move.from()).orElseThrow().type();
        if (isCapture(position, move)) {
            coverage.captures++;
        } else if (type != PieceType.QUEEN && position.pieceAt(move.to()).isPresent()) {
            coverage.exchanges++;
        } else if (type != PieceType.QUEEN && !position.hasTile(move.to())) {
            coverage.intoHoles++;
        }
    }

    private static boolean isCapture(Position position, Move move) {
        return position.pieceAt(move.from()).orElseThrow().type() == PieceType.QUEEN
                && position.pieceAt(move.to()).isPresent();
    }

    /** The exchange the ko rule is about: the opponent could undo it at once but for the rule. */
    private static boolean isSameTypeExchange(Position position, Move move) {
        Piece mover = position.pieceAt(move.from()).orElseThrow();
        return position.pieceAt(move.to())
                .filter(other -> other.side() != mover.side() && other.type() == mover.type())
                .isPresent();
    }

    private static String describe(Outcome outcome) {
        if (outcome instanceof Outcome.Checkmate mate) {
            return "checkmate, " + mate.winner().word() + " wins";
        }
        if (outcome instanceof Outcome.Stalemate) {
            return "stalemate";
        }
        return outcome instanceof Outcome.MoveLimit ? "move limit" : "ongoing";
    }
}
