package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Every command's help keeps each value whole on one line, and docs/reference.md lists every option it lists. */
class HelpTextTest {

    private static final Path REFERENCE = Path.of("..", "docs", "reference.md");

    static Stream<String> commands() {
        return Main.commandLine().getSubcommands().keySet().stream().filter(name -> !name.equals("help"));
    }

    private static CommandLine command(String name) {
        return Main.commandLine().getSubcommands().get(name);
    }

    /**
     * The values a reader may copy from the help: words of the descriptions and the synopsis that hold
     * ':', '=', '/', ',' or '.' inside them (sample:random, elo0=0,elo1=10, tournaments/sample.json).
     */
    private static List<String> values(CommandLine command) {
        List<String> texts = new ArrayList<>();
        command.getCommandSpec().options().forEach(option -> {
            texts.addAll(Arrays.asList(option.description()));
            // A flag (--help) takes no value: its help shows no label to keep whole.
            if (option.arity().max() > 0) {
                texts.add(option.longestName() + "=" + option.paramLabel());
            }
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

    /** --json FILE everywhere: every command that writes a JSON document takes the file it goes to. */
    @Test
    void everyJsonOptionTakesAFile() {
        List<String> withJson = commands()
                .filter(name -> command(name).getCommandSpec().findOption("--json") != null)
                .toList();

        assertThat(withJson).containsExactlyInAnyOrder("match", "validate", "ratings", "sprt", "perft", "doctor");
        for (String name : withJson) {
            OptionSpec json = command(name).getCommandSpec().findOption("--json");
            assertThat(json.paramLabel()).as(name).isEqualTo("FILE");
            assertThat(json.arity().min()).as(name).isEqualTo(1);
            assertThat(String.join(" ", json.description())).as(name).contains("FILE");
        }
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

    @ParameterizedTest(name = "docs/reference.md lists every option of caissa {0}")
    @MethodSource("commands")
    void theReadmeListsEveryOptionTheHelpLists(String name) throws IOException {
        String reference = Files.readString(REFERENCE);
        Matcher heading = Pattern.compile("(?m)^### .*`caissa " + name + "[ `]").matcher(reference);
        assertThat(heading.find()).as("a reference section for caissa " + name).isTrue();
        int start = heading.start();
        int end = reference.indexOf("\n### ", start + 1);
        String section = reference.substring(start, end < 0 ? reference.length() : end);
        String clockTable = reference.substring(reference.indexOf("Clock options, shared by"));
        int sandboxStart = reference.indexOf("Sandbox and limit options, shared by");
        String sandboxTable = reference.substring(sandboxStart, reference.indexOf("\n### ", sandboxStart));
        for (OptionSpec option : command(name).getCommandSpec().options()) {
            if (option.usageHelp() || option.versionHelp()) {
                continue;
            }
            // A negatable option may be written --[no-]name.
            String longName = option.longestName();
            Pattern shown = Pattern.compile(
                    "(?<![\\w-])(" + longName + "|" + Pattern.quote("--[no-]") + longName.substring(2) + ")(?![\\w-])");
            assertThat(shown.matcher(section).find()
                            || isClockOption(option)
                                    && shown.matcher(clockTable).find()
                            || SANDBOX_OPTIONS.contains(longName)
                                    && shown.matcher(sandboxTable).find())
                    .as("the reference page's section of caissa " + name + " names " + option.longestName())
                    .isTrue();
        }
    }

    /**
     * The other way round: every option the reference page (docs/reference.md) gives a command (in its section's heading, and
     * in the shared clock and sandbox tables for the commands they name) is one its help lists,
     * so that no command is documented with an option it refuses.
     */
    @ParameterizedTest(name = "caissa {0} takes every option the reference page (docs/reference.md) gives it")
    @MethodSource("commands")
    void everyOptionTheReadmeGivesACommandIsInItsHelp(String name) throws IOException {
        String reference = Files.readString(REFERENCE);
        List<String> claimed = new ArrayList<>();
        Matcher heading =
                Pattern.compile("(?m)^### (.*`caissa " + name + "[ `].*)$").matcher(reference);
        while (heading.find()) {
            // A heading may name two commands ("`caissa perft ...` and `caissa moves ...`): only this one's part.
            for (String part : heading.group(1).split("`")) {
                if (part.startsWith("caissa " + name + " ") || part.equals("caissa " + name)) {
                    claimed.addAll(optionsIn(part));
                }
            }
        }
        claimed.addAll(sharedTableOptions(reference, "Clock options, shared by", name));
        claimed.addAll(sharedTableOptions(reference, "Sandbox and limit options, shared by", name));
        List<String> known = new ArrayList<>();
        for (OptionSpec option : command(name).getCommandSpec().options()) {
            known.addAll(Arrays.asList(option.names()));
        }
        // --[no-]name stands for the option --name (negatable).
        List<String> named =
                claimed.stream().map(o -> o.replace("--[no-]", "--")).distinct().toList();
        assertThat(known).as("the options of caissa " + name + " --help").containsAll(named);
    }

    /**
     * The options of a shared table that the reference page (docs/reference.md) gives the command: all of them when its
     * sentence names the command before any parenthesis ("shared by `play`, `match` and
     * `validate`"), or those a parenthesis gives it ("`tournament` takes `--sandbox` and `--keep-scratch`").
     */
    private static List<String> sharedTableOptions(String reference, String sentence, String name) {
        int start = reference.indexOf(sentence);
        assertThat(start).as("the reference page's table: " + sentence).isNotNegative();
        String lead = reference.substring(start, reference.indexOf(":\n", start));
        int tableStart = reference.indexOf("\n|", start);
        int tableEnd = tableStart;
        while (tableEnd >= 0 && reference.startsWith("\n|", tableEnd)) {
            tableEnd = reference.indexOf('\n', tableEnd + 1);
        }
        String table = reference.substring(tableStart, tableEnd < 0 ? reference.length() : tableEnd);
        List<String> all = new ArrayList<>();
        for (String row : table.split("\n")) {
            String[] cells = row.split("(?<!\\\\)\\|");
            if (cells.length > 1) {
                all.addAll(optionsIn(cells[1]));
            }
        }
        int paren = lead.indexOf('(');
        String shared = paren < 0 ? lead : lead.substring(0, paren);
        if (shared.contains("`" + name + "`")) {
            return all;
        }
        if (paren >= 0) {
            for (String clause : lead.substring(paren + 1).split(";")) {
                if (clause.strip().startsWith("`" + name + "` takes")) {
                    return optionsIn(clause);
                }
            }
        }
        return List.of();
    }

    private static List<String> optionsIn(String text) {
        List<String> options = new ArrayList<>();
        Matcher m = Pattern.compile("(?<![\\w-])--(\\[no-\\])?[a-z][a-z0-9-]*").matcher(text);
        while (m.find()) {
            options.add(m.group());
        }
        return options;
    }

    /** The options of the sandbox and limit mixins, listed once in the reference page's shared table. */
    private static final List<String> SANDBOX_OPTIONS = List.of(
            "--sandbox",
            "--keep-scratch",
            "--memory",
            "--max-processes",
            "--max-open-files",
            "--max-file-size",
            "--max-scratch");

    private static boolean isClockOption(OptionSpec option) {
        return List.of(
                                "--time-per-game",
                                "--time-per-move",
                                "--increment",
                                "--first-move-allowance",
                                "--time-margin",
                                "--clock",
                                "--suspend-idle")
                        .contains(option.longestName())
                || option.longestName().startsWith("--time")
                || option.longestName().startsWith("--clock");
    }
}
