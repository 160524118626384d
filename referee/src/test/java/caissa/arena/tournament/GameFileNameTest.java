package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Game logs are named by number, zero-padded to at least four digits and to the width of the largest, so that they sort. */
class GameFileNameTest {

    @Test
    void namesArePaddedToTheWidthOfTheLargestNumberAndAtLeastFourDigits() {
        assertThat(Tournament.gameFileName(7, 12)).isEqualTo("0007.json");
        assertThat(Tournament.gameFileName(1234, 1234)).isEqualTo("1234.json");
        assertThat(Tournament.gameFileName(123, 99_999)).isEqualTo("00123.json");
        assertThat(Tournament.gameFileName(99_999, 99_999)).isEqualTo("99999.json");
        assertThat(Tournament.gameFileName(5, 1_000_000)).isEqualTo("0000005.json");
    }
}
