package caissa.arena.program;

import static org.assertj.core.api.Assertions.assertThat;

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
    @org.junit.jupiter.api.Test
    void aCompiledProgramWithoutItsExecutableBitGetsOnlyTheChmodHint(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path program = dir.resolve("mybot");
        java.nio.file.Files.copy(java.nio.file.Path.of("/bin/true"), program);
        java.nio.file.Files.setPosixFilePermissions(program, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(CommandCheck.problem(BotCommand.of(program.toString()))).hasValue("not an executable file: " + program
                + " (make it executable with chmod +x " + program + ")");
    }

    @org.junit.jupiter.api.Test
    void aScriptWithoutItsExecutableBitGetsTheChmodAndTheInterpreterHints(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path script = java.nio.file.Files.writeString(dir.resolve("bot.py"), "#!/usr/bin/env python3\nprint('a1')\n");
        java.nio.file.Files.setPosixFilePermissions(script, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(CommandCheck.problem(BotCommand.of(script.toString()))).hasValue("not an executable file: " + script
                + " (make it executable with chmod +x " + script + ", or start it through its interpreter: python3 " + script + ")");
    }
}
