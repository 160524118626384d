package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.testbots.TestBots;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A whole game between two well-behaved real processes, and its log. */
class GameTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(10), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));

    @Test
    void twoLegalBotsPlayToAResultByTheRulesAndTheLogReplays() throws Exception {
        List<String> seen = new ArrayList<>();
        GameRecord record = Game.play(
                GameSetup.of(TestBots.entrant("w", "random"), TestBots.entrant("b", "random"), CLOCK),
                new GameListener() {
                    @Override
                    public void moved(PlayedMove move, Position after) {
                        seen.add(move.move() + " " + after.toCfn());
                    }
                });

        assertThat(record.termination().isIrregular()).isFalse();
        assertThat(record.start()).isEqualTo(Position.INITIAL_CFN);
        Position position = Position.fromCfn(record.start());
        Side side = Side.WHITE;
        for (PlayedMove move : record.moves()) {
            assertThat(move.side()).isEqualTo(side);
            assertThat(move.micros()).isNotNegative();
            position = position.play(move.move());
            assertThat(move.ply()).isEqualTo(position.plies());
            side = side.opponent();
        }
        assertThat(position.toCfn()).isEqualTo(record.finalPosition());
        assertThat(seen).hasSize(record.moves().size());
        switch (record.termination()) {
            case CHECKMATE -> assertThat(record.result()).isEqualTo(Result.lossFor(position.sideToMove()));
            case STALEMATE, MOVE_LIMIT -> assertThat(record.result()).isEqualTo(Result.DRAW);
            default -> throw new AssertionError("unexpected " + record.termination());
        }
        assertThat(record.white().exit().exitedByItself()).isTrue();
        assertThat(record.white().exit().exitCode()).isZero();
        assertThat(record.black().exit().leftoverProcesses()).isZero();
    }

    @Test
    void theLogIsVersionedJsonThatReadsBack() throws Exception {
        GameRecord record =
                Game.play(GameSetup.of(TestBots.entrant("w", "random"), TestBots.entrant("b", "crash", "4"), CLOCK));

        String json = Json.write(record);
        JsonNode tree = Json.mapper().readTree(json);
        assertThat(tree.get("schema").asText()).isEqualTo("caissa-arena/game/3");
        assertThat(tree.get("result").asText()).isEqualTo("1-0");
        assertThat(tree.get("termination").asText()).isEqualTo("crash");
        assertThat(tree.get("loser").asText()).isEqualTo("black");
        assertThat(tree.get("moves").get(0).get("side").asText()).isEqualTo("white");
        assertThat(tree.get("moves").get(0).get("move").asText()).matches("[a-g][1-7]-[a-g][1-7]");
        assertThat(tree.get("timeControl").get("timePerGame").asText()).isEqualTo("10s");
        assertThat(tree.get("timeControl").get("timePerMove").isNull()).isTrue();
        assertThat(tree.has("final")).isTrue();
        assertThat(Json.mapper().readValue(json, GameRecord.class)).isEqualTo(record);
    }

    @Test
    void repliesAreAcceptedInEitherCaseWithSurroundingWhiteSpace() {
        GameRecord record = Game.play(
                GameSetup.of(TestBots.entrant("shouty", "upper-case"), TestBots.entrant("b", "random"), CLOCK));

        assertThat(record.termination().isIrregular()).isFalse();
        PlayedMove first = record.moves().get(0);
        assertThat(first.raw()).isEqualTo(" " + first.move().toString().toUpperCase() + "\t\r");
    }

    @Test
    void anOpeningIsSentToBothBotsAndTheGameGoesOnFromIt() {
        List<Move> opening = List.of(Move.of("b2-c4"), Move.of("e6-d5"), Move.of("d2-e3"));
        GameRecord record =
                Game.play(GameSetup.of(TestBots.entrant("w", "random"), TestBots.entrant("b", "random"), CLOCK)
                        .withOpening(opening));

        assertThat(record.opening()).isEqualTo(opening);
        assertThat(record.start())
                .isEqualTo(Position.initial()
                        .play(opening.get(0))
                        .play(opening.get(1))
                        .play(opening.get(2))
                        .toCfn());
        assertThat(record.termination().isIrregular()).isFalse();
        assertThat(record.moves().get(0).side()).isEqualTo(Side.BLACK);
        assertThat(record.moves().get(0).ply()).isEqualTo(4);
    }
}
