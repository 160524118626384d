package caissa.arena.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.program.BotCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which files a bot's argument file ({@code java @FILE}) makes the bot's own: the file always;
 * the paths written in it only where the organiser wrote it, outside the bot's working folder (a
 * file inside may be a participant's upload).
 */
class ArgumentFilesTest {

    @TempDir
    Path dir;

    @Test
    void anArgumentFileOutsideTheWorkingFolderNamesItsClassPathToo() throws IOException {
        Path jar = Files.writeString(Files.createDirectories(dir.resolve("lib")).resolve("engine.jar"), "jar");
        Path args = Files.writeString(
                Files.createDirectories(dir.resolve("house")).resolve("bot.args"),
                "# the house bot\n-Xss1m -cp '" + jar + ":missing.jar' Main\n");
        Path cwd = Files.createDirectories(dir.resolve("work"));

        Set<Path> named = BubblewrapLaunching.namedFiles(command(cwd, "@" + args), cwd);

        assertThat(named).containsExactly(args, jar);
    }

    @Test
    void anArgumentFileInsideTheWorkingFolderNamesItselfAlone() throws IOException {
        Path secret = Files.writeString(dir.resolve("other-participant.py"), "secret");
        Path cwd = Files.createDirectories(dir.resolve("build"));
        Path args = Files.writeString(cwd.resolve("bot.args"), "-cp " + secret + " Main\n");

        assertThat(BubblewrapLaunching.namedFiles(command(cwd, "@bot.args"), cwd))
                .containsExactly(args);
        assertThat(BubblewrapLaunching.visiblePaths(command(cwd, "@bot.args"), cwd))
                .containsExactly(cwd);
    }

    @Test
    void anAtSignBeforeNoFileIsAnOrdinaryArgument() {
        assertThat(BubblewrapLaunching.namedFiles(command(dir, "@nothing-here", "@"), dir))
                .isEmpty();
    }

    @Test
    void theWordsOfAnArgumentFileFollowTheJvmLauncher() throws IOException {
        Path args = Files.writeString(
                dir.resolve("a.args"), "-cp \"a b:c\"   'd e'\n# -Dcomment=1\n  main#not-a-comment  x\"y z\"w\n");

        assertThat(BubblewrapLaunching.argumentFileWords(args))
                .containsExactly("-cp", "a b:c", "d e", "main#not-a-comment", "xy zw");
    }

    private static BotCommand command(Path cwd, String... arguments) {
        return new BotCommand(
                Stream.concat(Stream.of("/usr/bin/java"), Arrays.stream(arguments))
                        .toList(),
                Optional.of(cwd),
                Map.of());
    }
}
