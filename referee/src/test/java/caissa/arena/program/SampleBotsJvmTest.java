package caissa.arena.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM bot started by the arena writes nothing but its moves on standard output: a class-data
 * archive recorded for a checkout that was since moved (the JVM warns on standard output by
 * default, and the arena took the warning for a reply) is ignored without a word.
 */
class SampleBotsJvmTest {

    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path temp;

    private Path jarOfEcho(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path jar = dir.resolve("bots.jar");
        String entry = Echo.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry(entry));
            out.write(Echo.class.getClassLoader().getResourceAsStream(entry).readAllBytes());
            out.closeEntry();
        }
        return jar;
    }

    private static String stdout(List<String> argv) throws Exception {
        Process java = new ProcessBuilder(argv)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(java.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void anArchiveMadeForAnotherPathLeavesStandardOutputToTheMoves() throws Exception {
        Path jar = jarOfEcho(temp.resolve("checkout"));
        Path archive = temp.resolve("checkout/bots.jsa");
        stdout(List.of(
                JAVA,
                "-XX:ArchiveClassesAtExit=" + archive,
                "-Xlog:disable",
                "-cp",
                jar.toString(),
                Echo.class.getName()));
        Assumptions.assumeTrue(Files.isRegularFile(archive), "this JVM records no class-data archive");
        // The checkout moves: the archive names a jar that is no longer there.
        Path moved = Files.move(temp.resolve("checkout"), temp.resolve("moved"));
        Path movedJar = moved.resolve("bots.jar");
        Path movedArchive = moved.resolve("bots.jsa");

        List<String> plain = List.of(
                JAVA,
                "-XX:SharedArchiveFile=" + movedArchive,
                "-Xshare:auto",
                "-cp",
                movedJar.toString(),
                Echo.class.getName());
        List<String> quiet = new ArrayList<>(List.of(JAVA));
        quiet.addAll(SampleBots.quietJvm(Optional.of(movedArchive)));
        quiet.addAll(List.of("-cp", movedJar.toString(), Echo.class.getName()));

        // Without the options the JVM's warning comes first on standard output; with them, only the move.
        assertThat(stdout(plain)).contains("[warning]");
        assertThat(stdout(quiet)).isEqualTo("b2-c4\n");
    }
}
