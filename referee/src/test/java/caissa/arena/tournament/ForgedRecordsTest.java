package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.game.GameRecord;
import caissa.arena.game.PlayedMove;
import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.records.DisagreeingRecordException;
import caissa.arena.records.GameFiles;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.runner.Shard;
import caissa.arena.testkit.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records that contradict their own moves are found wherever records are taken: a forged result,
 * a log holding another game's moves, a log whose moves were cut. Real runs of test bots, then
 * real files edited as a forger would.
 */
class ForgedRecordsTest {

    @TempDir
    Path dir;

    private Path file;
    private TournamentDefinition definition;

    @BeforeEach
    void aTournamentFile() throws Exception {
        file = new TournamentFiles("forged")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("r3", "random", "3")
                .set("gamesPerPair", 2)
                .set("openingPlies", 2)
                .set("seed", 7)
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("forged.json"));
        definition = TournamentFile.read(file);
    }

    @Test
    void aForgedShardIsRefusedByMergeAndByVerify() throws Exception {
        Path one = shard(1);
        Path two = shard(2);
        // Shard 1 played games 1, 2, 5 and 6: game 1 now ends in White's checkmate, and its log and journal say 0-1.
        forgeCheckmateOfWhiteRecordedAsBlackWin(one, 1);
        String expected = one.resolve("games/0001.json")
                + ": says 0-1 by checkmate, but its moves end in a checkmate by white (1-0)";

        assertThatThrownBy(() -> Merge.merge(dir.resolve("merged"), List.of(one, two)))
                .isInstanceOf(DisagreeingRecordException.class)
                .hasMessage(expected);
        assertThat(dir.resolve("merged/journal.jsonl")).doesNotExist();

        CommandRun merge =
                CommandRun.of("merge", "--out", dir.resolve("merged-cli").toString(), one.toString(), two.toString());
        assertThat(merge.exitCode()).isEqualTo(5);
        assertThat(merge.err()).isEqualTo("caissa merge: " + expected + System.lineSeparator());

        CommandRun verify = CommandRun.of("verify", one.toString());
        assertThat(verify.exitCode()).isEqualTo(5);
        assertThat(verify.err()).isEqualTo("caissa verify: " + expected + System.lineSeparator());
        assertThat(verify.out()).isEmpty();

        CommandRun fine = CommandRun.of("verify", two.toString());
        assertThat(fine.exitCode()).isZero();
        assertThat(fine.out())
                .isEqualTo(two + ": 2 games of shard 2/2 of forged agree with their moves" + System.lineSeparator());
    }

    @Test
    void aLogHoldingAnotherGamesMovesIsRefused() throws Exception {
        Path whole = whole();
        // Game 3's moves, result and positions (another game pair, so another opening) put into game 1's log.
        GameRecord other = read(whole, 3);
        GameRecord mine = read(whole, 1);
        write(
                whole,
                1,
                new GameRecord(
                        mine.schema(),
                        mine.arenaVersion(),
                        mine.variant(),
                        mine.tournament(),
                        mine.white(),
                        mine.black(),
                        mine.timeControl(),
                        other.opening(),
                        other.start(),
                        other.moves(),
                        mine.result(),
                        mine.termination(),
                        mine.loser(),
                        mine.reason(),
                        other.finalPosition(),
                        mine.startedAt(),
                        mine.durationMillis()));

        CommandRun verify = CommandRun.of("verify", whole.toString());

        assertThat(verify.exitCode()).isEqualTo(5);
        assertThat(verify.err())
                .startsWith("caissa verify: " + whole.resolve("games/0001.json") + ": starts with the opening "
                        + moves(other.opening()) + ", but the schedule's is " + moves(mine.opening()))
                .hasLineCount(1);
    }

    @Test
    void aSwappedLogInAShardIsRefusedByMerge() throws Exception {
        Path one = shard(1);
        Path two = shard(2);
        // Games 1 and 2 are one pair (one opening): game 2's log under game 1's name, its journal line to match.
        Files.copy(one.resolve("games/0002.json"), one.resolve("games/0001.json"), StandardCopyOption.REPLACE_EXISTING);

        assertThatThrownBy(() -> Merge.merge(dir.resolve("merged"), List.of(one, two)))
                .isInstanceOf(DisagreeingRecordException.class)
                .hasMessage(one.resolve("games/0001.json") + ": is the log of game 2, not of game 1");
    }

    @Test
    void aLogWhoseMovesWereCutIsPlayedAgainOnResume() throws Exception {
        Path whole = whole();
        GameRecord full = read(whole, 4);
        assertThat(full.moves()).as("a game long enough to cut").hasSizeGreaterThan(2);
        write(
                whole,
                4,
                withMoves(
                        full,
                        full.moves().subList(0, full.moves().size() - 2),
                        full.finalPosition(),
                        full.result(),
                        full.termination(),
                        full.loser()));
        CommandRun verify = CommandRun.of("verify", whole.toString());
        assertThat(verify.exitCode()).isEqualTo(5);
        assertThat(verify.err())
                .startsWith("caissa verify: " + whole.resolve("games/0004.json") + ": says its final position is "
                        + full.finalPosition() + ", but its moves lead to ");

        Tournament.open(definition, file, whole, true, TournamentObserver.NONE).play(1);

        assertThat(Journal.read(whole)).extracting(FinishedGame::game).containsExactly(1, 2, 3, 4, 5, 6, 4);
        GameRecord again = read(whole, 4);
        assertThat(again.moves()).hasSameSizeAs(full.moves());
        assertThat(CommandRun.of("verify", whole.toString()).exitCode()).isZero();
    }

    @Test
    void reportRefusesAForgedLogAndWritesNoReport() throws Exception {
        Path whole = whole();
        forgeCheckmateOfWhiteRecordedAsBlackWin(whole, 2);

        CommandRun report = CommandRun.of("report", whole.toString());

        assertThat(report.exitCode()).isEqualTo(5);
        assertThat(report.err())
                .isEqualTo("caissa report: " + whole.resolve("games/0002.json")
                        + ": says 0-1 by checkmate, but its moves end in a checkmate by white (1-0)"
                        + System.lineSeparator());
        assertThat(whole.resolve("report.html")).doesNotExist();
    }

    @Test
    void verifySaysInOneLineThatEveryLogOfAWholeRunAgrees() throws Exception {
        Path whole = whole();

        CommandRun verify = CommandRun.of("verify", whole.toString());

        assertThat(verify.exitCode()).isZero();
        assertThat(verify.out())
                .isEqualTo(
                        whole + ": 6 games of the tournament forged agree with their moves" + System.lineSeparator());
        assertThat(verify.err()).isEmpty();
    }

    @Test
    void verifyNamesAJournaledGameWhoseLogIsMissing() throws Exception {
        Path whole = whole();
        Files.delete(whole.resolve("games/0005.json"));

        CommandRun verify = CommandRun.of("verify", whole.toString());

        assertThat(verify.exitCode()).isEqualTo(5);
        assertThat(verify.err())
                .isEqualTo("caissa verify: " + whole.resolve(TournamentLayout.JOURNAL_FILE)
                        + ":5: game 5 is journaled, but its log games/0005.json is missing" + System.lineSeparator());
    }

    @Test
    void aDamagedJournalIsNamedByVerifyWhileReportStillJudgesTheLogs() throws Exception {
        Path whole = whole();
        Files.writeString(
                whole.resolve(TournamentLayout.JOURNAL_FILE), "{\"game\": oops}\n", StandardOpenOption.APPEND);

        CommandRun verify = CommandRun.of("verify", whole.toString());
        CommandRun report = CommandRun.of("report", whole.toString());

        assertThat(verify.exitCode()).isEqualTo(2);
        assertThat(verify.err())
                .startsWith(
                        "caissa verify: " + whole.resolve(TournamentLayout.JOURNAL_FILE) + ":7: not a journal entry")
                .hasLineCount(1);
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(whole.resolve("report.html")).isRegularFile();
    }

    private Path whole() throws Exception {
        Path out = dir.resolve("whole");
        // One game at a time: the journal's lines are in game order.
        Tournament.open(definition, file, out, false, TournamentObserver.NONE).play(1);
        return out;
    }

    private Path shard(int index) throws Exception {
        Path out = dir.resolve("shard-" + index);
        Tournament.open(
                        definition,
                        file,
                        out,
                        false,
                        TournamentObserver.NONE,
                        Optional.of(new Shard(index, 2)),
                        Optional.empty())
                .play(2);
        return out;
    }

    /** The game's log and journal line say 0-1 by checkmate, while its new moves end in White's checkmate. */
    private static void forgeCheckmateOfWhiteRecordedAsBlackWin(Path folder, int game) throws Exception {
        GameRecord real = read(folder, game);
        Position start = real.variant().fromCfn(real.start());
        List<Move> line = mateBy(Side.WHITE, start);
        List<PlayedMove> played = new ArrayList<>();
        Position p = start;
        for (Move move : line) {
            Side side = p.sideToMove();
            p = p.play(move);
            played.add(new PlayedMove(p.plies(), side, move, 1000, move.toString()));
        }
        write(folder, game, withMoves(real, played, p.toCfn(), Result.BLACK_WINS, Termination.CHECKMATE, "white"));
        Path journal = folder.resolve(TournamentLayout.JOURNAL_FILE);
        List<String> lines = new ArrayList<>();
        for (String l : Files.readAllLines(journal)) {
            lines.add(
                    l.contains("\"game\":" + game + ",")
                            ? l.replaceAll(
                                    "\"result\":\"[^\"]*\",\"termination\":\"[^\"]*\"",
                                    "\"result\":\"0-1\",\"termination\":\"checkmate\"")
                            : l);
        }
        Files.write(journal, lines);
    }

    /** Random legal moves from the start until the side checkmates, from the first seed that gets there. */
    private static List<Move> mateBy(Side winner, Position start) {
        for (long seed = 0; seed < 100_000; seed++) {
            Random random = new Random(seed);
            List<Move> moves = new ArrayList<>();
            Position p = start;
            while (!p.outcome().isOver()) {
                List<Move> legal = p.legalMoves();
                Move move = legal.get(random.nextInt(legal.size()));
                moves.add(move);
                p = p.play(move);
            }
            if (p.outcome() instanceof Outcome.Checkmate mate && mate.winner() == winner) {
                return moves;
            }
        }
        throw new IllegalStateException("no checkmate by " + winner + " found");
    }

    private static GameRecord withMoves(
            GameRecord r,
            List<PlayedMove> moves,
            String finalPosition,
            Result result,
            Termination termination,
            String loser) {
        return new GameRecord(
                r.schema(),
                r.arenaVersion(),
                r.variant(),
                r.tournament(),
                r.white(),
                r.black(),
                r.timeControl(),
                r.opening(),
                r.start(),
                moves,
                result,
                termination,
                loser,
                r.reason(),
                finalPosition,
                r.startedAt(),
                r.durationMillis());
    }

    private static GameRecord read(Path folder, int game) throws Exception {
        return Json.mapper()
                .readValue(folder.resolve("games/" + GameFiles.name(game, 6)).toFile(), GameRecord.class);
    }

    private static void write(Path folder, int game, GameRecord record) throws Exception {
        Files.writeString(folder.resolve("games/" + GameFiles.name(game, 6)), Json.write(record));
    }

    private static String moves(List<Move> moves) {
        return String.join(" ", moves.stream().map(Move::toString).toList());
    }
}
