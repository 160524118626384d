package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import caissa.arena.testkit.CommandRun;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The starter bots of sample-bots/examples, one source file per language, built the CodeCup
 * way by {@code caissa validate} and passing every check: the build step works for each
 * language this machine can compile.
 */
class ValidateExamplesTest {

    private static final Path EXAMPLES = Path.of("..", "sample-bots", "examples");

    @ParameterizedTest(name = "{0} built with {1}")
    @CsvSource(delimiter = '|', textBlock = """
            random_bot.c   | gcc     | gcc -O2 -o
            random_bot.cpp | g++     | g++ -O2 -o
            random_bot.py  | python3 | python3 -c
            RandomBot.java | javac   | javac -encoding UTF-8 -d
            """)
    void eachExampleBuildsAndPassesEveryCheck(String file, String compiler, String buildCommand) {
        assumeTrue(onPath(compiler), compiler + " is not installed on this machine");
        Path source = EXAMPLES.resolve(file);
        assertThat(source).isRegularFile();

        CommandRun run = ValidateCommandTest.validate(source.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("  build          pass  " + buildCommand);
        assertThat(run.out().lines().toList()).last().asString().endsWith("passed all 10 checks");
    }

    @Test
    void theHexCaissaStarterBotPassesEveryCheckAtHexCaissa() {
        assumeTrue(onPath("python3"), "python3 is not installed on this machine");
        Path source = EXAMPLES.resolve("hex_random_bot.py");

        CommandRun run = ValidateCommandTest.validate(source.toString(), "--variant", "hexcaissa");

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("  build          pass  python3 -c");
        assertThat(run.out().lines().toList()).last().asString().endsWith("passed all 10 checks");
    }

    @Test
    void aSquareOnlyStarterBotFailsValidationAtHexCaissa() {
        assumeTrue(onPath("python3"), "python3 is not installed on this machine");

        CommandRun run =
                ValidateCommandTest.validate(EXAMPLES.resolve("random_bot.py").toString(), "--variant", "hexcaissa");

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    }

    private static boolean onPath(String program) {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
    }
}
