package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.movesFrom;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * RULES.md section 3 for the Rook and the Bishop: they slide over holes and empty tiles alike,
 * and the first piece on a ray, of either colour, stops them and is their last target.
 */
class SliderTest {

    /** Rank 4 from the rook: an empty tile, a hole, an empty tile, a black bishop, then more tiles. */
    private static final Position ROOK = Position.fromCfn(
            board(".....q.", ".......", ".......", "R.-.b..", ".......", ".......", "..Q....") + " w - 0");

    /** From the bishop: two holes then a tile (NE), an own knight (NW), a black rook (SE), the own queen (SW). */
    private static final Position BISHOP = Position.fromCfn(
            board(".......", ".....-.", "..N.-..", "...B..q", ".......", ".....r.", "Q......") + " w - 0");

    @Test
    void theRookMovesAlongRanksAndFilesUpToTheFirstPiece() {
        assertThat(movesFrom(ROOK, "a4"))
                .containsExactly(
                        "a4-a1", "a4-a2", "a4-a3", "a4-a5", "a4-a6", "a4-a7", "a4-b4", "a4-c4", "a4-d4", "a4-e4");
        assertThat(reason(ROOK, "a4-f4")).isEqualTo("the white rook on a4 cannot reach f4");
        assertThat(reason(ROOK, "a4-g4")).isEqualTo("the white rook on a4 cannot reach g4");
        assertThat(reason(ROOK, "a4-b5")).isEqualTo("the white rook on a4 cannot reach b5");
    }

    @Test
    void intoAHoleTheRookTakesItsTileAlong() {
        Position after = ROOK.play(Move.of("a4-c4"));

        assertThat(after.toCfn())
                .isEqualTo(board(".....q.", ".......", ".......", "-.R.b..", ".......", ".......", "..Q....")
                        + " b a4-c4 1");
        assertThat(after.tileCount()).isEqualTo(ROOK.tileCount());
    }

    @Test
    void overAHoleOntoAnEmptyTileTheTilesDoNotChange() {
        Position after = ROOK.play(Move.of("a4-d4"));

        assertThat(after.toCfn())
                .isEqualTo(board(".....q.", ".......", ".......", "..-Rb..", ".......", ".......", "..Q....")
                        + " b a4-d4 1");
    }

    @Test
    void ontoTheFirstPieceTheRookExchanges() {
        Position after = ROOK.play(Move.of("a4-e4"));

        assertThat(after.toCfn())
                .isEqualTo(board(".....q.", ".......", ".......", "b.-.R..", ".......", ".......", "..Q....")
                        + " b a4-e4 1");
    }

    @Test
    void theBishopMovesAlongDiagonalsUpToTheFirstPiece() {
        assertThat(movesFrom(BISHOP, "d4"))
                .containsExactly("d4-b2", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "d4-f2", "d4-f6", "d4-g7");
        assertThat(reason(BISHOP, "d4-b6")).isEqualTo("the white bishop on d4 cannot reach b6");
        assertThat(reason(BISHOP, "d4-g1")).isEqualTo("the white bishop on d4 cannot reach g1");
        assertThat(reason(BISHOP, "d4-d5")).isEqualTo("the white bishop on d4 cannot reach d5");
        assertThat(reason(BISHOP, "d4-a1")).isEqualTo("a piece cannot exchange with its own queen");
    }

    @Test
    void theBishopCanStopInAnyHoleOfARay() {
        Position first = BISHOP.play(Move.of("d4-e5"));
        Position second = BISHOP.play(Move.of("d4-f6"));

        assertThat(first.toCfn())
                .isEqualTo(board(".......", ".....-.", "..N.B..", "...-..q", ".......", ".....r.", "Q......")
                        + " b d4-e5 1");
        assertThat(second.toCfn())
                .isEqualTo(board(".......", ".....B.", "..N.-..", "...-..q", ".......", ".....r.", "Q......")
                        + " b d4-f6 1");
    }
}
