package caissa.arena.submission;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.sandbox.Isolation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A contest language's recipe, built by the same sandboxed path as validate's languages, on real compilers. */
class SourceBuildRecipeTest {

    static final SourceBuild.Recipe C = new SourceBuild.Recipe(
            "C",
            List.of("c"),
            Optional.empty(),
            List.of("gcc", "-O2", "-o", "bot", "{sources}", "-lm"),
            List.of("./bot"));
    static final SourceBuild.Recipe PYTHON = new SourceBuild.Recipe(
            "Python",
            List.of("py"),
            Optional.of("main.py"),
            List.of("python3", "-m", "py_compile", "{sources}"),
            List.of("python3", "{main}"));

    @TempDir
    Path dir;

    private Path sources(String... nameThenText) throws IOException {
        Path folder = Files.createDirectories(dir.resolve("upload"));
        for (int i = 0; i < nameThenText.length; i += 2) {
            Path file = folder.resolve(nameThenText[i]);
            Files.createDirectories(file.getParent());
            Files.writeString(file, nameThenText[i + 1]);
        }
        return folder;
    }

    private Path buildDir() throws IOException {
        Path build = Files.createDirectories(dir.resolve("build"));
        Files.setPosixFilePermissions(build, PosixFilePermissions.fromString("rwxr-xr-x"));
        return build;
    }

    @Test
    void severalCSourcesBuildIntoOneBotRunInItsBuildFolder() throws Exception {
        Path upload = sources(
                "main.c",
                "int helper(void);\nint main(void) { return helper(); }\n",
                "lib/helper.c",
                "int helper(void) { return 0; }\n");
        Path build = buildDir();
        SourceBuild.Outcome outcome = SourceBuild.prepare(
                C,
                upload,
                List.of("lib/helper.c", "main.c"),
                "main.c",
                build,
                Duration.ofSeconds(120),
                Isolation.defaults());
        assertThat(outcome).isInstanceOf(SourceBuild.Outcome.Built.class);
        SourceBuild.Outcome.Built built = (SourceBuild.Outcome.Built) outcome;
        // Relative words only: what a report shows holds none of the organiser's paths.
        assertThat(built.buildCommand()).isEqualTo("gcc -O2 -o bot lib/helper.c main.c -lm");
        assertThat(built.command().argv()).containsExactly("./bot");
        assertThat(built.command().workingDir()).contains(build);
        assertThat(Files.isExecutable(build.resolve("bot"))).isTrue();
        assertThat(new ProcessBuilder(build.resolve("bot").toString()).start().waitFor())
                .isZero();
    }

    @Test
    void aSourceThatDoesNotCompileFailsWithTheCompilersOwnMessage() throws Exception {
        Path upload = sources("bot.c", "int main(void) { return undeclared_name; }\n");
        SourceBuild.Outcome outcome = SourceBuild.prepare(
                C, upload, List.of("bot.c"), "bot.c", buildDir(), Duration.ofSeconds(120), Isolation.defaults());
        SourceBuild.Outcome.Failed failed = (SourceBuild.Outcome.Failed) outcome;
        assertThat(failed.language()).isEqualTo("C");
        assertThat(failed.reason()).isEqualTo("gcc exited with status 1");
        assertThat(failed.output()).contains("bot.c:1:").contains("undeclared_name");
    }

    @Test
    void theMainFileIsNamedInTheRunCommandAndAPythonSyntaxErrorFailsTheBuild() throws Exception {
        Path upload = sources("main.py", "import helper\n", "helper.py", "X = 1\n");
        SourceBuild.Outcome.Built built = (SourceBuild.Outcome.Built) SourceBuild.prepare(
                PYTHON,
                upload,
                List.of("helper.py", "main.py"),
                "main.py",
                buildDir(),
                Duration.ofSeconds(120),
                Isolation.defaults());
        assertThat(built.command().argv()).containsExactly("python3", "main.py");
        assertThat(built.buildCommand()).isEqualTo("python3 -m py_compile helper.py main.py");

        Path broken = Files.createDirectories(dir.resolve("broken"));
        Files.writeString(broken.resolve("main.py"), "def f(:\n");
        Path build = Files.createDirectories(dir.resolve("build2"));
        SourceBuild.Outcome.Failed failed = (SourceBuild.Outcome.Failed) SourceBuild.prepare(
                PYTHON, broken, List.of("main.py"), "main.py", build, Duration.ofSeconds(120), Isolation.defaults());
        assertThat(failed.output()).contains("SyntaxError");
    }
}
