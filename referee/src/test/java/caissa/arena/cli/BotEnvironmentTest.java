package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.testbots.TestBots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A secret in the environment the arena was started with (a CI job's token, cloud credentials)
 * reaches no bot, and so none of the outputs that publish what a bot wrote, with or without the
 * sandbox. The bot gets the documented few variables.
 */
class BotEnvironmentTest {

    private static final String SECRET = "s3cr3t-token-4f9a";

    @TempDir
    Path temp;

    @ParameterizedTest(name = "sandbox {0}")
    @ValueSource(strings = {"auto", "none"})
    void aSecretOfTheArenasEnvironmentReachesNoBotAndNoOutput(String sandbox) throws Exception {
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
                sandbox,
                "--first-move-allowance",
                "10s",
                "--out",
                log.toString()));
        ProcessBuilder builder = new ProcessBuilder(argv)
                .redirectErrorStream(true)
                .redirectOutput(temp.resolve("arena.txt").toFile());
        builder.environment().put("GITHUB_TOKEN", SECRET);
        builder.environment().put("AWS_SECRET_ACCESS_KEY", SECRET);
        Process arena = builder.start();
        assertThat(arena.waitFor(120, TimeUnit.SECONDS)).isTrue();

        String printed = Files.readString(temp.resolve("arena.txt"));
        assertThat(arena.exitValue()).as(printed).isZero();
        String written = Files.readString(log);
        // The bot did print its environment: the documented variables are there, the secrets are not.
        assertThat(written)
                .contains("env: PATH=")
                .contains("env: CAISSA_VARIANT=caissa")
                .doesNotContain("GITHUB_TOKEN")
                .doesNotContain("AWS_SECRET_ACCESS_KEY");
        try (Stream<Path> files = Files.walk(temp)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(file)).as(file.toString()).doesNotContain(SECRET);
            }
        }
    }
}
