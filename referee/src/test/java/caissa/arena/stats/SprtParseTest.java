package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SprtParseTest {

    @Test
    void readsTheCommandLineForm() {
        assertThat(Sprt.parse("elo0=0,elo1=10,alpha=0.05,beta=0.05")).isEqualTo(new Sprt(0, 10, 0.05, 0.05));
    }

    @Test
    void acceptsAnyOrderSpacesSignsAndExponents() {
        assertThat(Sprt.parse(" beta=0.1 , alpha=5e-2, elo1=+2.5,elo0=-1.75 "))
                .isEqualTo(new Sprt(-1.75, 2.5, 0.05, 0.1));
    }

    @Test
    void printsWhatItReads() {
        Sprt sprt = new Sprt(-1.75, 0.25, 0.05, 0.1);
        assertThat(sprt).hasToString("elo0=-1.75,elo1=0.25,alpha=0.05,beta=0.1");
        assertThat(Sprt.parse(sprt.toString())).isEqualTo(sprt);
    }

    // One line each, naming the part that is wrong. (Quote character '"' so that the messages' single quotes stay.)
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "elo0=0,elo1=10,alpha=0.05,gamma=0.05 | SPRT: unknown key 'gamma' (expected elo0, elo1, alpha, beta)",
                "elo0=0,elo1=10,alpha=0.05            | SPRT: missing beta; expected elo0=<Elo>,elo1=<Elo>,alpha=<probability>,beta=<probability>",
                "elo0=0,elo1=ten,alpha=0.05,beta=0.05 | SPRT: elo1 'ten' is not a number",
                "elo0=0,elo1=10,alpha=,beta=0.05      | SPRT: alpha '' is not a number",
                "elo0=0,elo1=10,alpha=NaN,beta=0.05   | SPRT: alpha 'NaN' is not a number",
                "elo0=0,elo1=1e999,alpha=0.05,beta=0.05 | SPRT: elo1 must be between -4000 and 4000, got Infinity",
                "elo0=0,elo1=10,alpha=1.5,beta=0.05   | SPRT: alpha must be between 0 and 1 (exclusive), got 1.5",
                "elo0=0,elo1=10,alpha=0.05,beta=0     | SPRT: beta must be between 0 and 1 (exclusive), got 0",
                "elo0=0,elo1=10,alpha=0.05,beta=-0.1  | SPRT: beta must be between 0 and 1 (exclusive), got -0.1",
                "elo0=10,elo1=5,alpha=0.05,beta=0.05  | SPRT: elo0 (10) must be less than elo1 (5)",
                "elo0=5,elo1=5,alpha=0.05,beta=0.05   | SPRT: elo0 (5) must be less than elo1 (5)",
                "elo0=0,elo0=1,alpha=0.05,beta=0.05   | SPRT: elo0 is given twice",
                "elo0=0,elo1=10,alpha=0.05,beta       | SPRT: 'beta' is not key=value; expected elo0=<Elo>,elo1=<Elo>,alpha=<probability>,beta=<probability>",
                "elo0=0,elo1=10,alpha=0.05,beta=0.05, | SPRT: '' is not key=value; expected elo0=<Elo>,elo1=<Elo>,alpha=<probability>,beta=<probability>",
                "elo0=0;elo1=10                       | SPRT: elo0 '0;elo1=10' is not a number",
            })
    void badInputIsNamedInOneLine(String text, String message) {
        assertThatThrownBy(() -> Sprt.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void emptyInputSaysWhatIsExpected() {
        assertThatThrownBy(() -> Sprt.parse("  "))
                .hasMessage(
                        "SPRT: nothing given; expected elo0=<Elo>,elo1=<Elo>,alpha=<probability>,beta=<probability>");
    }
}
