package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.rules.Variant;
import caissa.arena.testbots.TestBots;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** HexCaïssa games between real processes: the bots are told the variant, and the log says it. */
class HexGameTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(10), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));

    private static GameSetup hex(String whiteBehaviour, String... blackBehaviour) {
        return GameSetup.of(TestBots.entrant("w", whiteBehaviour), TestBots.entrant("b", blackBehaviour), CLOCK)
                .withVariant(Variant.HEXCAISSA);
    }

    @Test
    void twoBotsToldTheVariantPlayAHexGameWhoseLogReplays() throws Exception {
        GameRecord record = Game.play(hex("random", "random", "3"));

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        assertThat(record.variant()).isEqualTo(Variant.HEXCAISSA);
        assertThat(record.start()).isEqualTo(Variant.HEXCAISSA.initialCfn());
        assertThat(record.white().stderr().head()).contains("variant hexcaissa");
        assertThat(record.black().stderr().head()).contains("variant hexcaissa");
        Position position = Variant.HEXCAISSA.fromCfn(record.start());
        for (PlayedMove move : record.moves()) {
            position = position.play(move.move());
        }
        assertThat(position.toCfn()).isEqualTo(record.finalPosition());

        String json = Json.write(record);
        JsonNode tree = Json.mapper().readTree(json);
        assertThat(tree.get("schema").asText()).isEqualTo("caissa-arena/game/3");
        assertThat(tree.get("variant").asText()).isEqualTo("hexcaissa");
        assertThat(Json.mapper().readValue(json, GameRecord.class)).isEqualTo(record);
    }

    @Test
    void aSquareGameTellsTheBotsCaissaAndItsLogSaysSo() {
        GameRecord record =
                Game.play(GameSetup.of(TestBots.entrant("w", "crash", "2"), TestBots.entrant("b", "random"), CLOCK));

        assertThat(record.variant()).isEqualTo(Variant.CAISSA);
        assertThat(record.black().stderr().head()).contains("variant caissa");
    }

    @Test
    void aLogWithoutTheVariantFieldIsASquareCaissaGame() throws Exception {
        GameRecord record =
                Game.play(GameSetup.of(TestBots.entrant("w", "crash", "3"), TestBots.entrant("b", "random"), CLOCK));
        ObjectNode tree = (ObjectNode) Json.mapper().readTree(Json.write(record));
        tree.remove("variant");
        tree.put("schema", GameRecord.SCHEMA_1);

        GameRecord old = Json.mapper().treeToValue(tree, GameRecord.class);

        assertThat(old.variant()).isEqualTo(Variant.CAISSA);
        assertThat(old.moves()).isEqualTo(record.moves());
    }

    @Test
    void aReplyNamingACellTheHexBoardLacksIsAnIllegalMove() {
        GameRecord record = Game.play(hex("missing-cell", "random"));

        assertThat(record.termination()).isEqualTo(Termination.ILLEGAL_MOVE);
        assertThat(record.result()).isEqualTo(Result.lossFor(Side.WHITE));
        assertThat(record.reason())
                .isEqualTo("w (white) played 'a6-a7', which names a cell that is not on the hexcaissa board");
    }

    @Test
    void aReplyThatIsNotAMoveIsAProtocolErrorAtHexCaissaToo() {
        GameRecord record = Game.play(hex("random", "garbage"));

        assertThat(record.termination()).isEqualTo(Termination.PROTOCOL_ERROR);
        assertThat(record.reason()).contains("not a move like e4-f6");
    }

    @Test
    void anIllegalHexMoveLosesWithTheRulesReason() {
        GameRecord record = Game.play(hex("illegal", "random"));

        assertThat(record.termination()).isEqualTo(Termination.ILLEGAL_MOVE);
        assertThat(record.reason()).contains("which is illegal: ");
    }
}
