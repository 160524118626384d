package caissa.arena.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.Game;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.TimeControl;
import caissa.arena.rules.Side;
import caissa.arena.testbots.TestBots;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The closing summary of irregular losses: a line per bot and cause, a long hint given once. */
class IrregularLossTallyTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(10), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));

    @Test
    void twoBotsWithTheSameMistakeGetItsHintOnceThenByName() {
        IrregularLossTally tally = new IrregularLossTally();
        for (String bot : List.of("chatty", "talker")) {
            GameRecord game = Game.play(
                    GameSetup.of(TestBots.entrant(bot, "garbage", "2"), TestBots.entrant("good", "random"), CLOCK));
            assertThat(Hints.of(game, Side.WHITE)).as(game.reason()).contains(Hints.DEBUG_ON_STDOUT);
            tally.add(game, null);
        }

        List<String> lines = tally.lines();

        assertThat(lines.stream().filter(l -> l.contains(Hints.DEBUG_ON_STDOUT)))
                .hasSize(1);
        assertThat(lines).contains("      hint: " + Hints.DEBUG_ON_STDOUT, "      hint: as for chatty above");
    }

    @Test
    void twoBotsThatKeepFailingTheSameWayGetItsHintOnceWhileTheRunGoesOn() {
        IrregularLossTally tally = new IrregularLossTally();
        List<String> warnings = new ArrayList<>();
        for (String bot : List.of("chatty", "talker")) {
            for (int i = 0; i < IrregularLossTally.STREAK; i++) {
                GameRecord game = Game.play(
                        GameSetup.of(TestBots.entrant(bot, "garbage", "1"), TestBots.entrant("good", "random"), CLOCK));
                tally.add(game, null).forEach(streak -> warnings.add(streak.line()));
            }
        }

        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0))
                .startsWith("chatty keeps failing")
                .contains("(hint: " + Hints.DEBUG_ON_STDOUT + ")");
        assertThat(warnings.get(1))
                .startsWith("talker keeps failing")
                .endsWith("(hint: as for chatty above)")
                .doesNotContain(Hints.DEBUG_ON_STDOUT);
    }
}
