package caissa.arena.testkit;

import caissa.arena.records.Json;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The smallest tournament file of the command-line tests: two random test bots (real processes,
 * each with a token of its own), 20 s a game and a 10 s first-move allowance.
 */
public final class TwoRandomBots {

    private TwoRandomBots() {}

    /** Writes the file and returns its path. */
    public static Path tournament(Path file) throws IOException {
        return Files.writeString(
                file,
                Json.write(Map.of(
                        "name",
                        "t",
                        "timePerGame",
                        "20s",
                        "firstMoveAllowance",
                        "10s",
                        "bots",
                        List.of(bot("a", "1"), bot("b", "2")))));
    }

    private static Map<String, Object> bot(String name, String seed) {
        return Map.of("name", name, "command", TestBots.command("random", seed).argv());
    }
}
