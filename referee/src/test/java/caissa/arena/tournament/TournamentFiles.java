package caissa.arena.tournament;

import caissa.arena.cli.Main;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.testbots.Poll;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes tournament files of test bots for the end-to-end tests. */
final class TournamentFiles {

    private final Map<String, Object> fields = new LinkedHashMap<>();
    private final List<Map<String, Object>> bots = new ArrayList<>();

    TournamentFiles(String name) {
        fields.put("name", name);
        fields.put("bots", bots);
    }

    TournamentFiles testBot(String name, String... args) {
        return bot(name, TestBots.command(args).argv());
    }

    TournamentFiles bot(String name, List<String> command) {
        Map<String, Object> bot = new LinkedHashMap<>();
        bot.put("name", name);
        bot.put("command", command);
        bots.add(bot);
        return this;
    }

    TournamentFiles set(String field, Object value) {
        fields.put(field, value);
        return this;
    }

    Path writeTo(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, Json.write(fields));
        return file;
    }

    /**
     * The command line of a tournament run in its own JVM, as a user starts it: with the client
     * compiler alone, as the launcher (./caissa) runs the arena.
     */
    static List<String> javaCommand(Path file, Path out, int concurrency) {
        return new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "tournament",
                file.toString(),
                "--out",
                out.toString(),
                "--concurrency",
                Integer.toString(concurrency)));
    }

    /**
     * Waits until the run's journal holds at least {@code games} games; fails if the run ends first.
     * It looks often: the tests kill the run then, and want it killed before it runs much further.
     */
    static void waitForJournal(Path dir, int games, Process run) throws Exception {
        Poll.await(
                Duration.ofSeconds(180),
                Duration.ofMillis(5),
                "the tournament's finishing " + games + " game(s)",
                () -> {
                    if (Files.exists(dir.resolve(TournamentLayout.JOURNAL_FILE))
                            && Journal.read(dir).size() >= games) {
                        return true;
                    }
                    if (!run.isAlive()) {
                        throw new AssertionError(
                                "the tournament process ended before it finished " + games + " game(s)");
                    }
                    return false;
                });
    }
}
