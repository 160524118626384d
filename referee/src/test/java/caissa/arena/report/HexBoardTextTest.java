package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Variant;
import org.junit.jupiter.api.Test;

/** {@code play --board} draws the hex board as HEXCAISSA.md draws it: each cell half a row above its lower-right neighbour. */
class HexBoardTextTest {

    @Test
    void drawsTheHexBoardWithPiecesTilesAndHoles() {
        String drawn = BoardText.draw(Variant.HEXCAISSA.initial().play(Variant.HEXCAISSA.move("c2-e6")));

        // The queen has left c2 for e6: her old cell is a hole, '-'; e9 on top, e1 at the bottom.
        assertThat(drawn.split("\n"))
                .containsExactly(
                        "                      .",
                        "                 .         .",
                        "            .         .         r",
                        "       .         .         .         .",
                        "  .         .         b         q         .",
                        "       .         .         n         .",
                        "  .         .         Q         .         .",
                        "       .         .         .         .",
                        "  .         .         .         .         .",
                        "       .         .         .         .",
                        "  .         .         .         .         .",
                        "       .         N         .         .",
                        "  .         -         B         .         .",
                        "       .         .         .         .",
                        "            R         .         .",
                        "                 .         .",
                        "                      .",
                        "  a    b    c    d    e    f    g    h    i");
    }
}
