package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** JSON for a script element: no markup survives, and the value reads back unchanged. */
class ScriptJsonTest {

    private static final String NASTY = "</script><!--<script>alert(1)</SCRIPT>&amp; \u2028\u2029 \\< \"q\" é";

    @Test
    void escapesEveryCharacterThatCouldEndOrConfuseTheElement() {
        String json = ScriptJson.of(Map.of("name", NASTY));

        assertThat(json)
                .doesNotContain("<", ">", "&", "\u2028", "\u2029")
                .contains("\\u003c/script\\u003e", "\\u2028", "é");
    }

    @Test
    void theEscapedJsonReadsBackAsTheSameValue() throws Exception {
        Map<String, Object> value = Map.of("name", NASTY, "list", List.of("<", ">", "&"), "n", 3);

        String json = ScriptJson.of(value);

        assertThat(Json.mapper().readValue(json, new TypeReference<Map<String, Object>>() {}))
                .isEqualTo(value);
    }
}
