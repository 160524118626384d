package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.records.TournamentLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {

    @TempDir
    Path dir;

    private static FinishedGame game(int number) {
        return new FinishedGame(number, "a", "b", Result.DRAW, Termination.MOVE_LIMIT, "games/000" + number + ".json");
    }

    @Test
    void appendedGamesReadBackInOrder() throws Exception {
        try (Journal journal = Journal.open(dir)) {
            journal.append(game(2));
            journal.append(game(1));
        }

        assertThat(Journal.read(dir)).containsExactly(game(2), game(1));
    }

    @Test
    void aTornLastLineDoesNotCountAndIsCutOffBeforeTheNextAppend() throws Exception {
        try (Journal journal = Journal.open(dir)) {
            journal.append(game(1));
        }
        Files.writeString(
                dir.resolve(TournamentLayout.JOURNAL_FILE),
                "{\"game\":2,\"white\":\"a\",\"bla",
                StandardOpenOption.APPEND);

        assertThat(Journal.read(dir)).containsExactly(game(1));
        try (Journal journal = Journal.open(dir)) {
            journal.append(game(3));
        }
        assertThat(Journal.read(dir)).containsExactly(game(1), game(3));
    }

    @Test
    void aMissingJournalIsEmpty() throws Exception {
        assertThat(Journal.read(dir)).isEmpty();
    }

    @Test
    void linesAreAppendedAtTheEndOfTheFileWhateverWasWrittenSince() throws Exception {
        try (Journal journal = Journal.open(dir)) {
            journal.append(game(1));
            // Another writer (which the folder lock forbids, but the file must not be garbled even then).
            Files.writeString(
                    dir.resolve(TournamentLayout.JOURNAL_FILE),
                    "{\"game\":9,\"white\":\"a\",\"black\":\"b\",\"result\":\"1/2-1/2\","
                            + "\"termination\":\"move-limit\",\"file\":\"games/0009.json\"}\n",
                    StandardOpenOption.APPEND);
            journal.append(game(2));
        }

        assertThat(Journal.read(dir)).extracting(FinishedGame::game).containsExactly(1, 9, 2);
    }

    @Test
    void linesReadBackWithTheirNumbers() throws Exception {
        try (Journal journal = Journal.open(dir)) {
            journal.append(game(3));
            journal.append(game(4));
        }

        assertThat(Journal.readLines(dir)).containsExactly(new Journal.Line(1, game(3)), new Journal.Line(2, game(4)));
    }

    @Test
    void aLineWithADuplicateKeyOrTrailingContentIsNotAJournalEntry() throws Exception {
        String line = "{\"game\":1,\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"termination\":\"checkmate\","
                + "\"file\":\"games/0001.json\"";
        for (String bad : new String[] {line + ",\"game\":2}", line + "} {}", line + "} x"}) {
            Files.writeString(dir.resolve(TournamentLayout.JOURNAL_FILE), line + "}\n" + bad + "\n");

            Assertions.assertThatThrownBy(() -> Journal.read(dir))
                    .as(bad)
                    .hasMessageStartingWith(dir.resolve(TournamentLayout.JOURNAL_FILE) + ":2: not a journal entry");
        }
    }
}
