package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher passes CAISSA_JAVA_OPTS to java split on blanks and never glob-expanded: issue 35
 * found {@code -Dp=*} turned into the name of a file of the current folder. The launcher runs for
 * real (bash, from a distribution's layout), with a {@code java} of the test's own on the PATH that
 * prints the arguments it was given.
 */
class LauncherJavaOptsTest {

    @TempDir
    Path dir;

    @Test
    void aGlobInTheOptionsReachesJavaAsWritten() throws Exception {
        Path launcher = Path.of("..", "caissa").toAbsolutePath().normalize();
        assumeTrue(Files.isRegularFile(launcher), "no launcher beside the module");
        Path bin = Files.createDirectories(dir.resolve("dist/bin"));
        Path lib = Files.createDirectories(dir.resolve("dist/lib"));
        Files.copy(launcher, bin.resolve("caissa"));
        Files.createFile(lib.resolve("caissa-arena.jar"));
        Files.createFile(lib.resolve("caissa-sample-bots.jar"));
        Path fake = Files.createDirectories(dir.resolve("fake"));
        Files.writeString(fake.resolve("java"), "#!/bin/sh\nfor a in \"$@\"; do echo \"ARG:$a\"; done\n");
        Files.setPosixFilePermissions(fake.resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.createFile(work.resolve("-Dp=expanded"));

        ProcessBuilder builder = new ProcessBuilder(
                        "bash", bin.resolve("caissa").toString(), "perft", "--depth", "1")
                .directory(work.toFile())
                .redirectErrorStream(true);
        builder.environment().put("PATH", fake + ":" + System.getenv("PATH"));
        builder.environment().put("CAISSA_JAVA_OPTS", "-Dp=*  -Dq=1");
        Process process = builder.start();
        List<String> args = new String(process.getInputStream().readAllBytes())
                .lines()
                .filter(line -> line.startsWith("ARG:"))
                .map(line -> line.substring(4))
                .toList();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(args).contains("-Dp=*", "-Dq=1").doesNotContain("-Dp=expanded", "");
        assertThat(args.subList(args.size() - 3, args.size())).containsExactly("perft", "--depth", "1");
    }
}
