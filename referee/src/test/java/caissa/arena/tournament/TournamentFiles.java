package caissa.arena.tournament;

import caissa.arena.records.Json;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
