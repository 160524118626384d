package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.command.ProgressDisplay;
import caissa.arena.records.Json;
import caissa.arena.report.HtmlReport;
import caissa.arena.tournament.InProcessTournaments;
import caissa.arena.tournament.Standing;
import caissa.arena.tournament.StandingsDocument;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentFile;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Swiss of 12 bots with a final of 4 is reported whole: standings.json, the report and the progress line. */
class SwissWithFinalTest {

    @TempDir
    Path dir;

    @Test
    void everyBotIsRankedEveryStageCountedAndTheLeaderIsTheWholeTournaments() throws Exception {
        List<String> names =
                IntStream.rangeClosed(1, 12).mapToObj(i -> "bot" + i).toList();
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("name", "cup");
        List<Map<String, Object>> bots = new ArrayList<>();
        // Never started: the games are played in-process; the file only needs a program that exists.
        names.forEach(n -> bots.add(Map.of("name", n, "command", List.of("true"))));
        fields.put("bots", bots);
        fields.put("format", "swiss");
        fields.put("rounds", 3);
        fields.put("final", Map.of("top", 4, "gamesPerPair", 2));
        fields.put("gamesPerPair", 2);
        fields.put("openingPlies", 0);
        Path file = dir.resolve("cup.json");
        Files.writeString(file, Json.write(fields));
        TournamentDefinition definition = TournamentFile.read(file);
        Path out = dir.resolve("out");
        StringWriter progressText = new StringWriter();
        ProgressDisplay progress = new ProgressDisplay(new PrintWriter(progressText), false, 200);

        StandingsDocument returned =
                InProcessTournaments.play(Tournament.open(definition, file, out, false, progress), names, 1);

        // 3 rounds of 6 meetings of 2 games, then a round robin of 4 bots, 2 games a pair.
        StandingsDocument standings =
                Json.mapper().readValue(out.resolve("standings.json").toFile(), StandingsDocument.class);
        assertThat(standings).isEqualTo(returned);
        assertThat(standings.gamesPlayed()).isEqualTo(36 + 12);
        StandingsDocument.Stage swiss = standings.stages().get(0);
        StandingsDocument.Stage fin = standings.stages().get(1);
        assertThat(fin.standings()).hasSize(4);
        List<String> finalOrder = fin.standings().stream().map(Standing::name).toList();
        List<String> swissRest = swiss.standings().stream()
                .map(Standing::name)
                .filter(n -> !finalOrder.contains(n))
                .toList();
        assertThat(standings.standings())
                .extracting(Standing::name)
                .containsExactlyElementsOf(
                        Stream.concat(finalOrder.stream(), swissRest.stream()).toList());
        assertThat(standings.standings()).extracting(Standing::rank).isSorted();
        assertThat(standings.standings().stream().mapToInt(Standing::games).sum())
                .isEqualTo(2 * 48);
        // Each row counts both stages: a finalist's points are its Swiss points (byes included) and its final points.
        Map<String, Integer> swissPoints = new LinkedHashMap<>();
        swiss.standings().forEach(s -> swissPoints.put(s.name(), s.points()));
        for (Standing finalist : fin.standings()) {
            Standing whole = standings.standings().stream()
                    .filter(s -> s.name().equals(finalist.name()))
                    .findFirst()
                    .orElseThrow();
            assertThat(whole.points())
                    .as(finalist.name())
                    .isEqualTo(swissPoints.get(finalist.name()) + finalist.points());
        }
        // The crosstable covers the Swiss games of the bots that did not reach the final.
        assertThat(standings.crosstable()).containsOnlyKeys(names);
        assertThat(standings.crosstable().get(swissRest.get(0)).values().stream()
                        .mapToInt(c -> c.games())
                        .sum())
                .isEqualTo(swiss.standings().stream()
                        .filter(s -> s.name().equals(swissRest.get(0)))
                        .findFirst()
                        .orElseThrow()
                        .games());
        // Game numbers by stage: three Swiss rounds of 12 games, then the final.
        assertThat(swiss.batches())
                .containsExactly(
                        new StandingsDocument.Batch(1, 1, 12),
                        new StandingsDocument.Batch(2, 13, 24),
                        new StandingsDocument.Batch(3, 25, 36));
        assertThat(fin.batches()).containsExactly(new StandingsDocument.Batch(0, 37, 48));

        // The progress line after the last game names the whole tournament's leader with all its points.
        Standing leader = standings.standings().get(0);
        String last = progressText
                .toString()
                .lines()
                .filter(l -> l.startsWith("game "))
                .reduce((a, b) -> b)
                .orElseThrow();
        assertThat(last).contains("48/48 games").contains("leader " + leader.name() + " (" + leader.points() + " pts)");

        // The report's data holds the same whole table.
        String page = Files.readString(HtmlReport.write(out).file());
        int start = page.indexOf("id=\"report-data\">") + "id=\"report-data\">".length();
        JsonNode data = Json.mapper().readTree(page.substring(start, page.indexOf("</script>", start)));
        assertThat(data.get("standings").get("standings")).hasSize(12);
        assertThat(data.get("standings").get("stages")).hasSize(2);
    }
}
