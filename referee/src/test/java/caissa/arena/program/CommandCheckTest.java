package caissa.arena.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommandCheckTest {

    @ParameterizedTest(name = "{0} is called {1}")
    @CsvSource(delimiter = '|', textBlock = """
            sample:alphabeta --depth 3                 | alphabeta
            ./bots/mybot --fast                        | mybot
            /opt/bots/engine.exe                       | engine
            python3 -u 'my bot.py' 7                   | my bot
            java -cp build RandomBot                   | RandomBot
            java -Xmx64m -cp a:b org.example.Main      | Main
            java -jar bots/strong-1.2.jar              | strong-1.2
            node --stack-size=900 bot.js               | bot
            """)
    void aBotIsNamedAfterWhatItRuns(String command, String name) {
        assertThat(CommandCheck.defaultName(BotCommand.parse(command))).isEqualTo(name);
    }

    /** A compiled program needs only its executable bit: no interpreter hint, which would send its author astray. */
    @Test
    void aCompiledProgramWithoutItsExecutableBitGetsOnlyTheChmodHint(@TempDir Path dir) throws Exception {
        Path program = dir.resolve("mybot");
        Files.copy(Path.of("/bin/true"), program);
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(CommandCheck.problem(BotCommand.of(program.toString())))
                .hasValue("not an executable file: " + program + " (make it executable with chmod +x " + program + ")");
    }

    @Test
    void aScriptWithoutItsExecutableBitGetsTheChmodAndTheInterpreterHints(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("bot.py"), "#!/usr/bin/env python3\nprint('a1')\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(CommandCheck.problem(BotCommand.of(script.toString())))
                .hasValue("not an executable file: " + script + " (make it executable with chmod +x " + script
                        + ", or start it through its interpreter: python3 " + script + ")");
    }
}
