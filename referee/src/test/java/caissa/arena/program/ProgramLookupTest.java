package caissa.arena.program;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.testbots.TestBots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One search for programs: the check of a command, the start of a bot and the bot's own
 * {@code #!/usr/bin/env} line look in the same folders, also where the arena has no PATH.
 */
class ProgramLookupTest {

    @TempDir
    Path temp;

    @Test
    void withoutPathABotIsGivenThePathTheCheckSearched() {
        Map<String, String> noPath = Map.of("HOME", "/nonexistent");
        assertThat(ProgramLookup.searchPath(noPath)).isEqualTo(ProgramLookup.UNSET_PATH);
        assertThat(BotEnvironment.base(noPath)).containsEntry("PATH", ProgramLookup.UNSET_PATH);
        assertThat(BotEnvironment.base(Map.of("PATH", "/opt/x/bin"))).containsEntry("PATH", "/opt/x/bin");
    }

    @Test
    void aProgramIsFoundOnlyOnTheSearchPathGiven() throws Exception {
        Path bin = Files.createDirectory(temp.resolve("bin"));
        Path tool = Files.writeString(bin.resolve("caissa-lookup-tool"), "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));

        assertThat(ProgramLookup.onPath("caissa-lookup-tool", bin.toString())).contains(tool);
        assertThat(ProgramLookup.onPath("caissa-lookup-tool", ProgramLookup.UNSET_PATH))
                .isEmpty();
        assertThat(ProgramLookup.onPath("sh", ProgramLookup.UNSET_PATH)).isPresent();
    }

    /** An arena started without PATH plays a bot, which is given the PATH the arena searched. */
    @Test
    void anArenaWithoutPathPlaysAndTellsTheBotWhereItLooked() throws Exception {
        Path log = temp.resolve("game.json");
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "play",
                "--white",
                TestBots.command("env", "1").display(),
                "--black",
                TestBots.command("random").display(),
                "--sandbox",
                "none",
                "--first-move-allowance",
                "10s",
                "--out",
                log.toString()));
        ProcessBuilder builder = new ProcessBuilder(argv)
                .redirectErrorStream(true)
                .redirectOutput(temp.resolve("arena.txt").toFile());
        builder.environment().remove("PATH");
        Process arena = builder.start();
        assertThat(arena.waitFor(120, TimeUnit.SECONDS)).isTrue();

        String printed = Files.readString(temp.resolve("arena.txt"));
        assertThat(arena.exitValue()).as(printed).isZero();
        // The whole value: the line ends there (a newline, or the end of the excerpt, in JSON).
        assertThat(Files.readString(log))
                .containsPattern("env: PATH=" + Pattern.quote(ProgramLookup.UNSET_PATH) + "(\\\\n|\")");
    }
}
