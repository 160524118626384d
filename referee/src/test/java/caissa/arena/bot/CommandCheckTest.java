package caissa.arena.bot;

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
}
