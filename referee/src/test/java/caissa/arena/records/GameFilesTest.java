package caissa.arena.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Game logs are named by number, zero-padded to at least four digits and to the width of the largest, so that they sort. */
class GameFilesTest {

    @Test
    void namesArePaddedToTheWidthOfTheLargestNumberAndAtLeastFourDigits() {
        assertThat(GameFiles.name(7, 12)).isEqualTo("0007.json");
        assertThat(GameFiles.name(1234, 1234)).isEqualTo("1234.json");
        assertThat(GameFiles.name(123, 99_999)).isEqualTo("00123.json");
        assertThat(GameFiles.name(99_999, 99_999)).isEqualTo("99999.json");
        assertThat(GameFiles.name(5, 1_000_000)).isEqualTo("0000005.json");
    }

    /** Folders written with other paddings, such as a match's five digits of earlier versions, still read. */
    @ParameterizedTest
    @CsvSource({
        "0007.json, 7",
        "00007.json, 7",
        "07.json, 7",
        "7.json, 7",
        "0000005.json, 5",
        "2147483647.json, 2147483647"
    })
    void aLogsNumberIsReadFromAnyPadding(String name, int number) {
        assertThat(GameFiles.number(name)).isEqualTo(OptionalInt.of(number));
    }

    @ParameterizedTest
    @CsvSource({"standings.json", "0007.json.123.tmp", ".0007.json", "0007.txt", "-7.json", "2147483648.json", ".json"})
    void otherFilesAreNotLogs(String name) {
        assertThat(GameFiles.number(name)).isEmpty();
    }
}
