package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.runner.Shard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tournaments from a book: one opening a round, the same in every run of the same definition. */
class BookTournamentTest {

    @TempDir
    Path dir;

    private Path book() throws Exception {
        return Files.writeString(dir.resolve("book.txt"), "# test book\nb2-c4 e6-d5\nc2-a4\n\nb2-a4 e5-c5\nc3-d3\n");
    }

    private TournamentFiles file(String name, int bots) throws Exception {
        book();
        TournamentFiles file = new TournamentFiles(name);
        for (int i = 1; i <= bots; i++) {
            file.testBot("r" + i, "random", String.valueOf(i));
        }
        return file.set("gamesPerPair", 2)
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .set("openings", Map.of("file", "book.txt"));
    }

    @Test
    void everyPairingOfARoundRobinRoundPlaysTheSameOpeningOnceWithEachColour() throws Exception {
        TournamentDefinition definition =
                TournamentFile.read(file("rr", 6).set("gamesPerPair", 4).writeTo(dir.resolve("rr.json")));
        List<ScheduledGame> games = Plan.of(definition).progress(Map.of()).scheduled();

        // 6 bots: 5 Berger rounds of 3 pairings, two cycles; round k plays line k round the book (lines 2, 3, 5, 6).
        int[] lines = {2, 3, 5, 6};
        for (ScheduledGame game : games) {
            int round = (game.pair() - 1) / 3;
            RunOpenings.Opening opening = RunOpenings.of(definition, game.pair());
            assertThat(opening.line().orElseThrow().line())
                    .as("game %d", game.number())
                    .isEqualTo(lines[round % 4]);
            assertThat(opening.moves()).hasSize(opening.line().get().text().split(" ").length);
        }
    }

    @Test
    void everyPairingOfASwissRoundPlaysTheSameOpening() throws Exception {
        TournamentDefinition definition = TournamentFile.read(
                file("sw", 8).set("format", "swiss").set("rounds", 3).writeTo(dir.resolve("sw.json")));
        Map<Integer, Integer> lineOfRound = new HashMap<>();
        for (int pair = 1; pair <= 12; pair++) {
            int round = (pair - 1) / 4;
            int line = RunOpenings.of(definition, pair).line().orElseThrow().line();
            assertThat(lineOfRound.computeIfAbsent(round, r -> line))
                    .as("pair %d", pair)
                    .isEqualTo(line);
        }
        assertThat(lineOfRound.values()).containsExactly(2, 3, 5);
    }

    @Test
    void theRecordOfARunGivesTheSameOpeningsAsItsFileSoResumeAndMergeAgree() throws Exception {
        TournamentDefinition definition = TournamentFile.read(file("rec", 5)
                .set("openings", Map.of("file", "book.txt", "order", "random", "seed", 9))
                .writeTo(dir.resolve("rec.json")));
        // What a resumed run, a shard and a merge rebuild the definition from: tournament.json, through JSON.
        TournamentRecord.Definition stored = Json.mapper()
                .readValue(Json.write(TournamentRecord.Definition.of(definition)), TournamentRecord.Definition.class);
        TournamentDefinition rebuilt = stored.toDefinition();

        assertThat(stored.differences(TournamentRecord.Definition.of(definition)))
                .isEmpty();
        for (int pair = 1; pair <= 40; pair++) {
            assertThat(RunOpenings.of(rebuilt, pair)).isEqualTo(RunOpenings.of(definition, pair));
        }
    }

    @Test
    void aShardedRunPlaysAndRecordsTheBookLinesOfTheWholeRun() throws Exception {
        Path file = file("sh", 3).writeTo(dir.resolve("sh.json"));
        Path whole = dir.resolve("whole");
        Tournament.open(TournamentFile.read(file), file, whole, false, TournamentObserver.NONE)
                .play(2);
        List<Path> shards = List.of(dir.resolve("s1"), dir.resolve("s2"));
        for (int i = 0; i < 2; i++) {
            Tournament.open(
                            TournamentFile.read(file),
                            file,
                            shards.get(i),
                            false,
                            TournamentObserver.NONE,
                            Optional.of(new Shard(i + 1, 2)),
                            Optional.empty())
                    .play(2);
        }
        Merge.merge(dir.resolve("merged"), shards);

        for (int game = 1; game <= 6; game++) {
            String name = String.format("games/%04d.json", game);
            GameRecord a = Json.mapper().readValue(whole.resolve(name).toFile(), GameRecord.class);
            GameRecord b =
                    Json.mapper().readValue(dir.resolve("merged").resolve(name).toFile(), GameRecord.class);
            assertThat(a.book())
                    .isEqualTo(RunOpenings.of(
                                    TournamentFile.read(file), a.tournament().pair())
                            .line()
                            .orElseThrow());
            assertThat(b.book()).isEqualTo(a.book());
            assertThat(b.opening()).isEqualTo(a.opening());
        }
    }

    @Test
    void aBookLineInCfnIsPlayedAsMovesThatReachItAndLoggedAsWritten() throws Exception {
        // The position after c2-a4 d6-b4 c3-c5, written as a position.
        String cfn = Position.initial()
                .play(Move.of("c2-a4"))
                .play(Move.of("d6-b4"))
                .play(Move.of("c3-c5"))
                .toCfn();
        Files.writeString(dir.resolve("cfn.txt"), "# a position\n" + cfn + "\n");
        Path file = new TournamentFiles("cfn")
                .testBot("a", "random", "1")
                .testBot("b", "random", "2")
                .set("gamesPerPair", 2)
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .set("openings", Map.of("file", "cfn.txt"))
                .writeTo(dir.resolve("cfn.json"));
        Path out = dir.resolve("out");
        Tournament.open(TournamentFile.read(file), file, out, false, TournamentObserver.NONE)
                .play(2);

        for (int game = 1; game <= 2; game++) {
            GameRecord log = Json.mapper()
                    .readValue(
                            out.resolve(String.format("games/%04d.json", game)).toFile(), GameRecord.class);
            assertThat(log.book()).isEqualTo(new GameRecord.BookLineRecord(2, cfn));
            assertThat(log.start()).isEqualTo(cfn);
            Position replayed = Position.initial();
            for (Move move : log.opening()) {
                replayed = replayed.play(move);
            }
            assertThat(replayed.toCfn()).isEqualTo(cfn);
        }
    }

    @Test
    void aBadBookStopsTheRunAtOnceNamingItsLine() throws Exception {
        Files.writeString(dir.resolve("bad.txt"), "b2-c4\nb2-c4 b2-c4\n");
        Path file = new TournamentFiles("bad")
                .testBot("a", "random", "1")
                .testBot("b", "random", "2")
                .set("openings", Map.of("file", "bad.txt"))
                .writeTo(dir.resolve("bad.json"));

        assertThatThrownBy(() -> TournamentFile.read(file))
                .isInstanceOf(TournamentFileException.class)
                .hasMessage(dir.resolve("bad.txt") + ":2: move 2, b2-c4, is illegal: there is no black piece on b2");
    }

    @Test
    void openingsAndOpeningPliesTogetherAreRefused() throws Exception {
        Path file = file("both", 2).set("openingPlies", 2).writeTo(dir.resolve("both.json"));

        assertThatThrownBy(() -> TournamentFile.read(file))
                .isInstanceOf(TournamentFileException.class)
                .hasMessageEndingWith("openings: comes instead of openingPlies: give one of them");
    }
}
