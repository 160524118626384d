package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Variant;
import caissa.arena.tournament.StageName;
import caissa.arena.tournament.Standing;
import caissa.arena.tournament.StandingsDocument;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StandingsTableTest {

    private static Standing row(int rank, String name, int points, Integer byes, Integer buchholz) {
        return new Standing(
                rank,
                name,
                points,
                2,
                points / 2,
                0,
                2 - points / 2,
                0,
                Map.of(),
                null,
                null,
                0,
                points,
                byes,
                buchholz);
    }

    @Test
    void aSwissShowsItsStageWithByesAndBuchholzThenTheFinalThenTheWhole() {
        List<Standing> swiss = List.of(row(1, "a", 4, 0, 2), row(2, "c", 2, 1, 0), row(3, "b", 0, 0, 4));
        List<Standing> fin = List.of(row(1, "c", 2, null, null), row(2, "a", 0, null, null));
        List<Standing> overall = List.of(row(1, "c", 4, 1, 0), row(2, "a", 4, 0, 2), row(3, "b", 0, 0, 4));
        StandingsDocument document = new StandingsDocument(
                StandingsDocument.SCHEMA,
                "cup",
                Variant.CAISSA,
                "test",
                "now",
                6,
                6,
                true,
                overall,
                Map.of(),
                List.of(
                        new StandingsDocument.Stage(StageName.SWISS, 2, 4, 4, true, List.of(), swiss, Map.of()),
                        new StandingsDocument.Stage(StageName.FINAL, 0, 2, 2, true, List.of(), fin, Map.of())));

        String table = StandingsTable.format(document);

        assertThat(table.lines().toList())
                .containsExactly(
                        "Swiss stage of cup after 4 of 4 games (2 rounds paired)",
                        "#  bot  points  byes  Buchholz  games  won  drawn  lost  irregular  Elo   SB",
                        "1  a         4     0         2      2    2      0     0  0            –  4.0",
                        "2  c         2     1         0      2    1      0     1  0            –  2.0",
                        "3  b         0     0         4      2    0      0     2  0            –  0.0",
                        "Final of cup after 2 of 2 games",
                        "#  bot  points  games  won  drawn  lost  irregular  Elo   SB",
                        "1  c         2      2    1      0     1  0            –  2.0",
                        "2  a         0      2    0      0     2  0            –  0.0",
                        "Overall standings of cup after 6 of 6 games (the final's order, then the Swiss order; every stage's games)",
                        "#  bot  points  byes  Buchholz  games  won  drawn  lost  irregular  Elo   SB",
                        "1  c         4     1         0      2    2      0     0  0            –  4.0",
                        "2  a         4     0         2      2    2      0     0  0            –  4.0",
                        "3  b         0     0         4      2    0      0     2  0            –  0.0");
    }
}
