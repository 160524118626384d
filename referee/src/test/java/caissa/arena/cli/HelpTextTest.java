package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Every command's help keeps each value whole on one line, and the README lists every option it lists. */
class HelpTextTest {

    private static final Path README = Path.of("..", "README.md");

    static Stream<String> commands() {
        return new CommandLine(new Main()).getSubcommands().keySet().stream().filter(name -> !name.equals("help"));
    }

    private static CommandLine command(String name) {
        return new CommandLine(new Main()).getSubcommands().get(name);
    }

    /**
     * The values a reader may copy from the help: words of the descriptions and the synopsis that hold
     * ':', '=', '/', ',' or '.' inside them (sample:random, elo0=0,elo1=10, tournaments/sample.json).
     */
    private static List<String> values(CommandLine command) {
        List<String> texts = new ArrayList<>();
        command.getCommandSpec().options().forEach(option -> {
            texts.addAll(Arrays.asList(option.description()));
            texts.add(option.longestName() + "=" + option.paramLabel());
            if (option.defaultValue() != null) {
                texts.add(option.defaultValue());
            }
        });
        command.getCommandSpec().positionalParameters().forEach(p -> texts.addAll(Arrays.asList(p.description())));
        texts.addAll(Arrays.asList(command.getCommandSpec().usageMessage().description()));
        List<String> values = new ArrayList<>();
        for (String text : texts) {
            String expanded = text.replace("${DEFAULT-VALUE}", "");
            for (String word : expanded.split("\\s+")) {
                String value = word.replaceAll("^[(\\['\"]+|[)\\]'\",.;:]+$", "");
                if (value.matches(".*\\w[:=/,.]\\w.*")) {
                    values.add(value);
                }
            }
        }
        return values;
    }

    @ParameterizedTest(name = "caissa {0} --help")
    @MethodSource("commands")
    void noValueIsBrokenAcrossLines(String name) {
        CommandLine command = command(name);
        String help = command.getUsageMessage(CommandLine.Help.Ansi.OFF);
        List<String> lines = help.lines().toList();

        for (String value : values(command)) {
            assertThat(lines).as("'" + value + "' on one line of:\n" + help).anyMatch(line -> line.contains(value));
        }
    }

    @ParameterizedTest(name = "README lists every option of caissa {0}")
    @MethodSource("commands")
    void theReadmeListsEveryOptionTheHelpLists(String name) throws IOException {
        String readme = Files.readString(README);
        java.util.regex.Matcher heading = java.util.regex.Pattern.compile("(?m)^### .*`caissa " + name + "[ `]").matcher(readme);
        assertThat(heading.find()).as("a README section for caissa " + name).isTrue();
        int start = heading.start();
        int end = readme.indexOf("\n### ", start + 1);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        String clockTable = readme.substring(readme.indexOf("Clock options, shared by"));
        int sandboxStart = readme.indexOf("Sandbox and limit options, shared by");
        String sandboxTable = readme.substring(sandboxStart, readme.indexOf("\n### ", sandboxStart));
        for (OptionSpec option : command(name).getCommandSpec().options()) {
            if (option.usageHelp() || option.versionHelp()) {
                continue;
            }
            // A negatable option may be written --[no-]name.
            String longName = option.longestName();
            java.util.regex.Pattern shown = java.util.regex.Pattern.compile("(?<![\\w-])(" + longName + "|"
                    + java.util.regex.Pattern.quote("--[no-]") + longName.substring(2) + ")(?![\\w-])");
            assertThat(shown.matcher(section).find() || isClockOption(option) && shown.matcher(clockTable).find()
                    || SANDBOX_OPTIONS.contains(longName) && shown.matcher(sandboxTable).find())
                    .as("the README's section of caissa " + name + " names " + option.longestName()).isTrue();
        }
    }

    /** The options of the sandbox and limit mixins, listed once in the README's shared table. */
    private static final List<String> SANDBOX_OPTIONS = List.of("--sandbox", "--keep-scratch", "--memory",
            "--max-processes", "--max-open-files", "--max-file-size", "--max-scratch");

    private static boolean isClockOption(OptionSpec option) {
        return List.of("--time-per-game", "--time-per-move", "--increment", "--first-move-allowance", "--time-margin",
                "--clock", "--suspend-idle").contains(option.longestName())
                || option.longestName().startsWith("--time") || option.longestName().startsWith("--clock");
    }
}
