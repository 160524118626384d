package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.movesFrom;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** RULES.md section 2: after every move the tiles form one 8-connected group. */
class ConnectionRuleTest {

    /** The rook on d4 is the only tile joining files a-c to files e-g. */
    private static final Position ROOK_ON_BRIDGE = Position.fromCfn(
            board("...-...", "...-..q", "...-...", "-..R...", "...-...", "...-...", "Q..-...") + " w - 0");

    /** Two blocks touching only at the corner c3/d4. */
    private static final Position CORNER_CONTACT = Position.fromCfn(
            board("---...q", "---....", "---....", "---....", "...----", "Q..----", "..R----") + " w - 0");

    @Test
    void onlyThePositionAfterTheMoveCounts() {
        // Lifting the rook would split the board, but it lands in the d-file, which joins it again.
        assertThat(movesFrom(ROOK_ON_BRIDGE, "d4"))
                .containsExactly(
                        "d4-b4", "d4-c4", "d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-d6", "d4-d7", "d4-e4", "d4-f4",
                        "d4-g4");

        Position after = ROOK_ON_BRIDGE.play(Move.of("d4-d7"));

        assertThat(after.toCfn())
                .isEqualTo(board("...R...", "...-..q", "...-...", "-..-...", "...-...", "...-...", "Q..-...")
                        + " b d4-d7 1");
    }

    @Test
    void aMoveThatLeavesTwoGroupsIsIllegal() {
        // a4 is a hole reached over c4 and b4; the rook takes a tile there but d4 becomes a hole.
        assertThat(ROOK_ON_BRIDGE.isLegal(Move.of("d4-a4"))).isFalse();
        assertThat(reason(ROOK_ON_BRIDGE, "d4-a4")).isEqualTo("it leaves the tiles disconnected");
    }

    @Test
    void tilesTouchingOnlyDiagonallyAreConnected() {
        assertThat(CORNER_CONTACT.tileCount()).isEqualTo(25);

        // d1 touches the rest only at its corner with c2 once c1 has become a hole.
        Position after = CORNER_CONTACT.play(Move.of("c1-d1"));

        assertThat(after.toCfn())
                .isEqualTo(board("---...q", "---....", "---....", "---....", "...----", "Q..----", "..-R---")
                        + " b c1-d1 1");
    }

    @Test
    void aTileTouchingNothingIsDisconnected() {
        assertThat(movesFrom(CORNER_CONTACT, "c1"))
                .containsExactly("c1-a1", "c1-b1", "c1-c2", "c1-c3", "c1-c4", "c1-c5", "c1-c6", "c1-c7", "c1-d1");
        assertThat(reason(CORNER_CONTACT, "c1-e1")).isEqualTo("it leaves the tiles disconnected");
        assertThat(reason(CORNER_CONTACT, "c1-g1")).isEqualTo("it leaves the tiles disconnected");
    }
}
