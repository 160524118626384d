package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.movesFrom;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * RULES.md section 4, the Atlantis effect: the tile a Queen leaves is removed in the same move,
 * and a Queen move after which the tiles are not connected is illegal.
 */
class AtlantisTest {

    /** The white queen stands on the only tile joining files a-c to files e-g. */
    private static final Position QUEEN_ON_BRIDGE = Position.fromCfn(
            board("...-...", "...-..q", "...-...", "R..Q...", "...-...", "...-...", "...-...") + " w - 0");

    /** The same with d5 a tile too, so that d4 is no longer the only bridge. */
    private static final Position TWO_BRIDGES = Position.fromCfn(
            board("...-...", "...-..q", ".......", "R..Q...", "...-...", "...-...", "...-...") + " w - 0");

    @Test
    void everyQueenMoveOffTheOnlyBridgeIsIllegal() {
        assertThat(movesFrom(QUEEN_ON_BRIDGE, "d4")).isEmpty();
        assertThat(reason(QUEEN_ON_BRIDGE, "d4-c4")).isEqualTo("it leaves the tiles disconnected");
        assertThat(reason(QUEEN_ON_BRIDGE, "d4-c5")).isEqualTo("it leaves the tiles disconnected");
        assertThat(reason(QUEEN_ON_BRIDGE, "d4-e3")).isEqualTo("it leaves the tiles disconnected");
    }

    @Test
    void theSameMovesAreLegalWhenAnotherTileBridges() {
        assertThat(TWO_BRIDGES.isLegal(Move.of("d4-c4"))).isTrue();
        assertThat(TWO_BRIDGES.play(Move.of("d4-c4")).toCfn())
                .isEqualTo(board("...-...", "...-..q", ".......", "R.Q-...", "...-...", "...-...", "...-...")
                        + " b d4-c4 1");
    }

    @Test
    void aQueenMayMoveOntoTheLastBridgeAndLeaveHersBehind() {
        Position after = TWO_BRIDGES.play(Move.of("d4-d5"));

        assertThat(after.toCfn())
                .isEqualTo(board("...-...", "...-..q", "...Q...", "R..-...", "...-...", "...-...", "...-...")
                        + " b d4-d5 1");
        assertThat(movesFrom(after.play(Move.of("g6-g7")), "d5")).isEmpty();
    }
}
