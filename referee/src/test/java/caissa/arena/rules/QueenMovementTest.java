package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.movesFrom;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * RULES.md section 4, the Queen not in check: she moves along lines over holes, stops at the
 * first piece, lands only on a tile, captures an enemy R, B or N, never lands on her own pieces.
 * The black queen on g1 is walled in by her pieces so that mutual sight plays no part here.
 */
class QueenMovementTest {

    private static final Position POSITION = Position.fromCfn(
            board(".......", "..-....", "....n..", ".B-....", "--Q-.-.", "..R..Nb", "-...-rq") + " w - 0");

    @Test
    void movesAlongLinesOverHolesOntoTiles() {
        assertThat(movesFrom(POSITION, "c3"))
                .containsExactly("c3-b2", "c3-c5", "c3-c7", "c3-d2", "c3-d4", "c3-e3", "c3-e5", "c3-g3");
    }

    @Test
    void neverLandsInAHole() {
        assertThat(reason(POSITION, "c3-c4")).isEqualTo("a queen can only move onto a tile and c4 is a hole");
        assertThat(reason(POSITION, "c3-a3")).isEqualTo("a queen can only move onto a tile and a3 is a hole");
        assertThat(reason(POSITION, "c3-e1")).isEqualTo("a queen can only move onto a tile and e1 is a hole");
    }

    @Test
    void neverMovesOntoOrBeyondHerOwnPieces() {
        assertThat(reason(POSITION, "c3-c2")).isEqualTo("a queen cannot move onto a piece of her own colour");
        assertThat(reason(POSITION, "c3-b4")).isEqualTo("a queen cannot move onto a piece of her own colour");
        assertThat(reason(POSITION, "c3-c1")).isEqualTo("the white queen on c3 cannot reach c1");
        assertThat(reason(POSITION, "c3-a5")).isEqualTo("the white queen on c3 cannot reach a5");
    }

    @Test
    void isStoppedByTheFirstEnemyPiece() {
        assertThat(reason(POSITION, "c3-f6")).isEqualTo("the white queen on c3 cannot reach f6");
        assertThat(reason(POSITION, "c3-b5")).isEqualTo("the white queen on c3 cannot reach b5");
    }

    @Test
    void aMoveRemovesTheTileSheLeaves() {
        Position after = POSITION.play(Move.of("c3-c5"));

        assertThat(after.toCfn())
                .isEqualTo(board(".......", "..-....", "..Q.n..", ".B-....", "----.-.", "..R..Nb", "-...-rq")
                        + " b c3-c5 1");
        assertThat(after.tileCount()).isEqualTo(POSITION.tileCount() - 1);
    }

    @Test
    void capturesTheFirstEnemyPieceOnALine() {
        Position after = POSITION.play(Move.of("c3-e5"));

        assertThat(after.toCfn())
                .isEqualTo(board(".......", "..-....", "....Q..", ".B-....", "----.-.", "..R..Nb", "-...-rq")
                        + " b c3-e5 1");
        assertThat(after.squareOf(Piece.BLACK_KNIGHT)).isEmpty();
    }

    @Test
    void passesOverSeveralHoles() {
        assertThat(POSITION.play(Move.of("c3-g3")).toCfn())
                .isEqualTo(board(".......", "..-....", "....n..", ".B-....", "----.-Q", "..R..Nb", "-...-rq")
                        + " b c3-g3 1");
    }
}
