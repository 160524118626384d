package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.bot.StderrExcerpt;
import org.junit.jupiter.api.Test;

/** The report's cut of a bot's stderr excerpt. */
class ReportStderrTest {

    private static final int L = ReportStderr.LIMIT;

    @Test
    void shortOutputIsShownWhole() {
        ReportStderr shown = ReportStderr.of(new StderrExcerpt(12, "hello\nworld\n", "", false));

        assertThat(shown).isEqualTo(new ReportStderr(12, "hello\nworld\n", "", false, false));
    }

    @Test
    void aLongHeadWithoutTailIsCutIntoItsBeginningAndItsEnd() {
        String head = "a".repeat(L) + "b".repeat(500) + "c".repeat(L);

        ReportStderr shown = ReportStderr.of(new StderrExcerpt(head.length(), head, "", false));

        assertThat(shown.head()).isEqualTo("a".repeat(L));
        assertThat(shown.tail()).isEqualTo("c".repeat(L));
        assertThat(shown.omitted()).isTrue();
        assertThat(shown.shortened()).isTrue();
    }

    @Test
    void aHeadJustOverTheLimitLosesNothing() {
        String head = "a".repeat(L) + "b".repeat(10);

        ReportStderr shown = ReportStderr.of(new StderrExcerpt(head.length(), head, "", false));

        assertThat(shown.head() + shown.tail()).isEqualTo(head);
        assertThat(shown.omitted()).isFalse();
    }

    @Test
    void theRefereesHeadAndTailAreEachCutToTheLimit() {
        String head = "h".repeat(4096);
        String tail = "x".repeat(100) + "t".repeat(L);

        ReportStderr shown = ReportStderr.of(new StderrExcerpt(50_000, head, tail, true));

        assertThat(shown).isEqualTo(new ReportStderr(50_000, "h".repeat(L), "t".repeat(L), true, true));
    }

    @Test
    void aContiguousHeadAndTailWithinTheLimitAreNotMarkedAsOmitted() {
        ReportStderr shown = ReportStderr.of(new StderrExcerpt(10, "12345", "67890", false));

        assertThat(shown).isEqualTo(new ReportStderr(10, "12345", "67890", false, false));
    }

    @Test
    void cutsNeverSplitASurrogatePair() {
        String emoji = "\uD83D\uDE00";
        String head = "a".repeat(L - 1) + emoji + "b".repeat(3000) + emoji + "c".repeat(L - 1);

        ReportStderr shown = ReportStderr.of(new StderrExcerpt(head.length(), head, "", false));

        assertThat(shown.head()).isEqualTo("a".repeat(L - 1));
        assertThat(shown.tail()).isEqualTo("c".repeat(L - 1));
    }
}
