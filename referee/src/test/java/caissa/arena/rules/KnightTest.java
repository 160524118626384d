package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.movesFrom;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** RULES.md section 3 for the Knight: a (2,1) jump over anything, onto a hole, a tile or a piece. */
class KnightTest {

    /** The knight on b2 is hemmed in by its own pieces; a4 is a hole and c4 holds a black knight. */
    private static final Position HEMMED_IN = Position.fromCfn(
            board(".......", ".......", "......q", "-.n....", ".R.....", ".NB....", "Q......") + " w - 0");

    @Test
    void jumpsOverPiecesToItsFourSquares() {
        assertThat(movesFrom(HEMMED_IN, "b2")).containsExactly("b2-a4", "b2-c4", "b2-d1", "b2-d3");
        assertThat(reason(HEMMED_IN, "b2-b4")).isEqualTo("the white knight on b2 cannot reach b4");
        assertThat(reason(HEMMED_IN, "b2-c3")).isEqualTo("the white knight on b2 cannot reach c3");
    }

    @Test
    void intoAHoleItTakesItsTileAlong() {
        Position after = HEMMED_IN.play(Move.of("b2-a4"));

        assertThat(after.toCfn())
                .isEqualTo(board(".......", ".......", "......q", "N.n....", ".R.....", ".-B....", "Q......")
                        + " b b2-a4 1");
        assertThat(after.hasTile(Square.B2)).isFalse();
        assertThat(after.tileCount()).isEqualTo(HEMMED_IN.tileCount());
    }

    @Test
    void ontoAnEmptyTileTheTilesDoNotChange() {
        Position after = HEMMED_IN.play(Move.of("b2-d3"));

        assertThat(after.toCfn())
                .isEqualTo(board(".......", ".......", "......q", "-.n....", ".R.N...", "..B....", "Q......")
                        + " b b2-d3 1");
    }
}
