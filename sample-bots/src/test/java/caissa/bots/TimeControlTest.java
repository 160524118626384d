package caissa.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.rules.Variant;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class TimeControlTest {

    @Test
    void anEmptyEnvironmentMeansCodeCupsClock() {
        TimeControl time = TimeControl.fromEnvironment(Map.of());

        assertThat(time)
                .isEqualTo(new TimeControl(
                        Duration.ofSeconds(30), Optional.empty(), Duration.ZERO, Duration.ofSeconds(1)));
    }

    @Test
    void readsEveryVariable() {
        TimeControl time = TimeControl.fromEnvironment(Map.of(
                "CAISSA_TIME_PER_GAME_MS", "5000",
                "CAISSA_TIME_PER_MOVE_MS", "250",
                "CAISSA_INCREMENT_MS", "100",
                "CAISSA_FIRST_MOVE_ALLOWANCE_MS", "2000"));

        assertThat(time)
                .isEqualTo(new TimeControl(
                        Duration.ofMillis(5000),
                        Optional.of(Duration.ofMillis(250)),
                        Duration.ofMillis(100),
                        Duration.ofMillis(2000)));
    }

    @Test
    void namesTheVariableThatIsNotANumber() {
        assertThatThrownBy(() -> TimeControl.fromEnvironment(Map.of("CAISSA_INCREMENT_MS", "fast")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CAISSA_INCREMENT_MS")
                .hasMessageContaining("fast");
        assertThatThrownBy(() -> TimeControl.fromEnvironment(Map.of("CAISSA_TIME_PER_GAME_MS", "-1")))
                .hasMessageContaining("CAISSA_TIME_PER_GAME_MS");
    }

    @Test
    void commandLineOptionsOverrideTheEnvironment() {
        SampleBot.Options options = SampleBot.Options.parse(
                List.of("alphabeta", "--time-per-game", "5000", "--time-per-move", "300ms", "--seed", "42"),
                Map.of("CAISSA_TIME_PER_GAME_MS", "9000", "CAISSA_INCREMENT_MS", "50"),
                7);

        assertThat(options.bot()).isEqualTo("alphabeta");
        assertThat(options.seed()).isEqualTo(42);
        assertThat(options.depth()).isEmpty();
        assertThat(options.timeControl())
                .isEqualTo(new TimeControl(
                        Duration.ofMillis(5000),
                        Optional.of(Duration.ofMillis(300)),
                        Duration.ofMillis(50),
                        Duration.ofSeconds(1)));
    }

    @Test
    void depthIsForAlphabetaOnly() {
        assertThat(SampleBot.Options.parse(List.of("alphabeta", "--depth", "3"), Map.of(), 0)
                        .depth())
                .isEqualTo(OptionalInt.of(3));
        assertThatThrownBy(() -> SampleBot.Options.parse(List.of("greedy", "--depth", "3"), Map.of(), 0))
                .hasMessageContaining("--depth");
        assertThatThrownBy(() -> SampleBot.Options.parse(List.of("alphabeta", "--depth", "0"), Map.of(), 0))
                .hasMessageContaining("--depth");
    }

    @Test
    void rejectsUnknownBotsAndOptions() {
        assertThatThrownBy(() -> SampleBot.Options.parse(List.of(), Map.of(), 0))
                .hasMessageContaining("missing");
        assertThatThrownBy(() -> SampleBot.Options.parse(List.of("random"), Map.of("CAISSA_VARIANT", "chess"), 0))
                .hasMessage("CAISSA_VARIANT must be one of caissa, hexcaissa, got 'chess'");
        assertThat(SampleBot.Options.parse(List.of("random"), Map.of("CAISSA_VARIANT", "hexcaissa"), 0)
                        .variant())
                .isEqualTo(Variant.HEXCAISSA);
        assertThat(SampleBot.Options.parse(List.of("random"), Map.of(), 0).variant())
                .isEqualTo(Variant.CAISSA);
        assertThatThrownBy(() -> SampleBot.Options.parse(List.of("clever"), Map.of(), 0))
                .hasMessageContaining("clever");
        assertThatThrownBy(() -> SampleBot.Options.parse(List.of("random", "--fast", "1"), Map.of(), 0))
                .hasMessageContaining("--fast");
        assertThatThrownBy(() -> SampleBot.Options.parse(List.of("random", "--seed"), Map.of(), 0))
                .hasMessageContaining("needs a value");
    }

    @Test
    void everyBotCanBeMade() {
        for (String bot : List.of("random", "greedy", "alphabeta")) {
            assertThat(SampleBot.Options.parse(List.of(bot), Map.of(), 0).player(AlphaBetaBot.silent()))
                    .isNotNull();
        }
    }
}
