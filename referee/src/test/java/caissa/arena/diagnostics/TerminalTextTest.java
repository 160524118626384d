package caissa.arena.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTextTest {

    @Test
    void plainTextIsUnchanged() {
        assertThat(TerminalText.escape("b2-c4 Caïssa ♛ 'quoted' \\x1b")).isEqualTo("b2-c4 Caïssa ♛ 'quoted' \\x1b");
    }

    @Test
    void escapeSequencesCarriageReturnsAndBellsAreShownNotObeyed() {
        assertThat(TerminalText.escape("\u001b[2K\rPASS\u0007\u001b]0;title\u0007"))
                .isEqualTo("\\x1b[2K\\rPASS\\x07\\x1b]0;title\\x07");
    }

    @Test
    void eightBitControlsDeleteAndBidirectionalOverridesAreEscaped() {
        assertThat(TerminalText.escape("\u009b31m\u007f\u202eSSAP\u200b")).isEqualTo("\\x9b31m\\x7f\\u202eSSAP\\u200b");
    }

    @Test
    void aLineKeepsNoLineFeedButABlockDoes() {
        assertThat(TerminalText.escape("one\ntwo\tthree")).isEqualTo("one\\ntwo\\tthree");
        assertThat(TerminalText.escapeLines("one\ntwo\r\n\u001b[1A")).isEqualTo("one\ntwo\\r\n\\x1b[1A");
    }
}
