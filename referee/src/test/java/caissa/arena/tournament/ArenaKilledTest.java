package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.linux.Portable;
import caissa.arena.program.BotCommand;
import caissa.arena.records.Json;
import caissa.arena.testbots.Poll;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An arena killed with SIGKILL in the middle of its games leaves nothing behind, without a later
 * run: no process of any bot (the one thinking for ever, and its opponent, frozen while it is not
 * its turn), no cgroup of the arena's, no folder of its sandbox files. Its watcher process
 * ({@code ArenaWatcher}) sees the arena's pipe close and cleans up.
 */
class ArenaKilledTest {

    @TempDir
    Path dir;

    @Test
    void aKilledArenaLeavesNoBotNoCgroupAndNoFolderBehind() throws Exception {
        Assumptions.assumeFalse(Portable.on(), "portable mode has no /proc to find the bots' processes by");
        Map<String, BotCommand> bots = new LinkedHashMap<>();
        bots.put("slow1", TestBots.command("slow", "1"));
        bots.put("slow2", TestBots.command("slow", "1"));
        bots.put("thinker", TestBots.command("hang", "2"));
        List<Map<String, Object>> entries = new ArrayList<>();
        bots.forEach(
                (name, command) -> entries.add(Map.of("name", name, "command", command.argv(), "env", command.env())));
        Path file = dir.resolve("killed.json");
        Files.writeString(
                file,
                Json.write(Map.of(
                        "name",
                        "killed",
                        "bots",
                        entries,
                        "gamesPerPair",
                        2,
                        "timePerGame",
                        "120s",
                        "firstMoveAllowance",
                        "10s")));
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "tournament",
                file.toString(),
                "--out",
                dir.resolve("out").toString(),
                "--concurrency",
                "2"));
        argv.addAll(Sandboxes.asThisSuiteRuns());
        Process arena = new ProcessBuilder(argv)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("arena.log").toFile())
                .start();
        long pid = arena.pid();
        try {
            // Mid-game: the thinker is in a game, thinking for ever on its second move, its opponent
            // suspended meanwhile; the other game runs beside it.
            Poll.await(Duration.ofSeconds(180), Duration.ofMillis(20), "the thinker's game", () -> {
                if (!arena.isAlive()) {
                    throw new AssertionError("the arena ended first: " + Files.readString(dir.resolve("arena.log")));
                }
                return !TestBots.processesOf(bots.get("thinker")).isEmpty()
                        && bots.values().stream()
                                        .filter(c -> !TestBots.processesOf(c).isEmpty())
                                        .count()
                                >= 2;
            });
            assertThat(new ProcessBuilder("kill", "-KILL", Long.toString(pid))
                            .start()
                            .waitFor())
                    .isZero();
            assertThat(arena.waitFor(30, TimeUnit.SECONDS)).isTrue();

            // Generous: what is asserted is that nothing is left, not how fast.
            Poll.await(
                    Duration.ofSeconds(30),
                    Duration.ofMillis(50),
                    "nothing left of the killed arena",
                    () -> leftBehind(bots, pid).isEmpty());
        } finally {
            arena.destroyForcibly();
        }
        assertThat(leftBehind(bots, pid)).isEmpty();
    }

    /** What is left of the arena {@code pid}: its bots' processes, its cgroups, its sandbox files' folders. */
    private static List<String> leftBehind(Map<String, BotCommand> bots, long pid) throws Exception {
        List<String> left = new ArrayList<>();
        bots.forEach((name, command) -> TestBots.processesOf(command).forEach(p -> left.add(name + "'s process " + p)));
        if (Files.isDirectory(Path.of("/sys/fs/cgroup"))) {
            // find, which goes on past a folder it may not read, where a walk in Java would stop.
            Process find = new ProcessBuilder(
                            "find", "/sys/fs/cgroup", "-maxdepth", "10", "-type", "d", "-name", "caissa-" + pid + ".*")
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            new String(find.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .forEach(g -> left.add("cgroup " + g));
            find.waitFor();
        }
        for (Path parent : List.of(Path.of("/dev/shm"), Path.of(System.getProperty("java.io.tmpdir")))) {
            if (Files.isDirectory(parent)) {
                try (Stream<Path> folders = Files.list(parent)) {
                    folders.filter(f -> f.getFileName().toString().startsWith("caissa-sandbox-files-" + pid + "-"))
                            .forEach(f -> left.add("folder " + f));
                }
            }
        }
        return left;
    }
}
