package caissa.arena.rules;

import static caissa.arena.rules.Boards.moves;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** RULES.md section 1: the board, the pieces, the initial position and its worked example. */
class InitialPositionTest {

    private static final String RULES_MD_CFN = "......./...bqn./....r../......./..R..../.NQB.../....... w - 0";

    @Test
    void isTheDiagramOfSectionOne() {
        Position initial = Position.initial();

        assertThat(initial.toCfn()).isEqualTo(RULES_MD_CFN);
        assertThat(Position.INITIAL_CFN).isEqualTo(RULES_MD_CFN);
        assertThat(initial).isEqualTo(Position.fromCfn(RULES_MD_CFN));
        assertThat(initial.tileCount()).isEqualTo(49);
        assertThat(initial.sideToMove()).isEqualTo(Side.WHITE);
        assertThat(initial.plies()).isZero();
        assertThat(initial.lastMove()).isEmpty();
        assertThat(initial.inCheck()).isFalse();
        assertThat(initial.outcome()).isEqualTo(Outcome.ONGOING);
    }

    @Test
    void placesTheEightPiecesOfSectionOne() {
        Position initial = Position.initial();

        assertThat(initial.squareOf(Piece.WHITE_QUEEN)).contains(Square.C2);
        assertThat(initial.squareOf(Piece.WHITE_ROOK)).contains(Square.C3);
        assertThat(initial.squareOf(Piece.WHITE_BISHOP)).contains(Square.D2);
        assertThat(initial.squareOf(Piece.WHITE_KNIGHT)).contains(Square.B2);
        assertThat(initial.squareOf(Piece.BLACK_QUEEN)).contains(Square.E6);
        assertThat(initial.squareOf(Piece.BLACK_ROOK)).contains(Square.E5);
        assertThat(initial.squareOf(Piece.BLACK_BISHOP)).contains(Square.D6);
        assertThat(initial.squareOf(Piece.BLACK_KNIGHT)).contains(Square.F6);
        assertThat(initial.pieceAt(Square.A1)).isEmpty();
        assertThat(initial.pieceAt(Square.E6)).contains(Piece.BLACK_QUEEN);
    }

    @Test
    void whiteHasTheTwentySixMovesOfTheWorkedExample() {
        assertThat(moves(Position.initial()))
                .containsExactly(
                        "b2-a4", "b2-c4", "b2-d1", "b2-d3", "c2-a4", "c2-b1", "c2-c1", "c2-d1", "c2-d3", "c2-g6",
                        "c3-a3", "c3-b3", "c3-c4", "c3-c5", "c3-c6", "c3-c7", "c3-d3", "c3-e3", "c3-f3", "c3-g3",
                        "d2-c1", "d2-c3", "d2-e1", "d2-e3", "d2-f4", "d2-g5");
        assertThat(Position.initial().legalMoveCount()).isEqualTo(26);
    }

    /** The position is symmetric under a half turn, so Black to move has the images of White's moves. */
    @Test
    void blackToMoveHasTheHalfTurnImagesOfWhitesMoves() {
        Position blackToMove = Position.fromCfn(RULES_MD_CFN.replace(" w ", " b "));

        List<String> images = moves(Position.initial()).stream()
                .map(InitialPositionTest::halfTurn)
                .sorted()
                .toList();

        assertThat(moves(blackToMove)).isEqualTo(images);
    }

    @Test
    void aFirstQueenMoveRemovesHerTile() {
        Position after = Position.initial().play(Move.of("c2-g6"));

        assertThat(after.toCfn()).isEqualTo("......./...bqnQ/....r../......./..R..../.N-B.../....... b c2-g6 1");
        assertThat(after.tileCount()).isEqualTo(48);
    }

    private static String halfTurn(String move) {
        StringBuilder image = new StringBuilder();
        for (char c : move.toCharArray()) {
            image.append(
                    c >= 'a' && c <= 'g'
                            ? (char) ('g' - (c - 'a'))
                            : c >= '1' && c <= '7' ? (char) ('7' - (c - '1')) : c);
        }
        return image.toString();
    }
}
