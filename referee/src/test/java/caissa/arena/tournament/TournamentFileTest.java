package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.game.ClockKind;
import caissa.arena.rules.Variant;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.sandbox.SandboxMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every field of a tournament file is checked before a game starts, with file, line and field in the message. */
class TournamentFileTest {

    @TempDir
    Path dir;

    private Path write(String json) throws IOException {
        Path bot = dir.resolve("bot.sh");
        if (!Files.exists(bot)) {
            Files.writeString(bot, "#!/bin/sh\nexit 0\n");
            Files.setPosixFilePermissions(bot, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return Files.writeString(dir.resolve("t.json"), json);
    }

    private static final String BOTS = """
              "bots": [
                {"name": "a", "command": ["./bot.sh"]},
                {"name": "b", "command": ["./bot.sh", "--fast"]}
              ]""";

    @Test
    void aCompleteFileIsReadWithDefaultsAndPathsFromItsFolder() throws IOException {
        Path file = write("{\n  \"name\": \"t1\",\n" + BOTS + "\n}\n");

        TournamentDefinition definition = TournamentFile.read(file);

        assertThat(definition.name()).isEqualTo("t1");
        assertThat(definition.gamesPerPair()).isEqualTo(2);
        assertThat(definition.timeControl().perGame()).isEqualTo(Duration.ofSeconds(30));
        assertThat(definition.timeControl().perMove()).isEmpty();
        assertThat(definition.openingPlies()).isZero();
        assertThat(definition.seed()).isEqualTo(1);
        assertThat(definition.concurrency()).isEmpty();
        assertThat(definition.timeControl().margin()).isZero();
        assertThat(definition.timeControl().clock()).isEqualTo(ClockKind.WALL);
        assertThat(definition.timeControl().suspendIdle()).isTrue();
        assertThat(definition.bots().get(1).command())
                .containsExactly(dir.resolve("bot.sh").toString(), "--fast");
        assertThat(definition.totalGames()).isEqualTo(2);
        assertThat(definition.variant()).isEqualTo(Variant.CAISSA);
    }

    @Test
    void theVariantIsReadAndAnUnknownOneIsNamedWithItsLine() throws IOException {
        Path hex = write("{\n  \"name\": \"t\",\n  \"variant\": \"hexcaissa\",\n" + BOTS + "\n}\n");
        assertThat(TournamentFile.read(hex).variant()).isEqualTo(Variant.HEXCAISSA);

        Path chess = write("{\n  \"name\": \"t\",\n  \"variant\": \"chess\",\n" + BOTS + "\n}\n");
        assertThatThrownBy(() -> TournamentFile.read(chess))
                .isInstanceOf(TournamentFileException.class)
                .hasMessage(chess + ":3: variant: must be one of caissa, hexcaissa, got \"chess\"");

        Path number = write("{\n  \"name\": \"t\",\n  \"variant\": 2,\n" + BOTS + "\n}\n");
        assertThatThrownBy(() -> TournamentFile.read(number))
                .isInstanceOf(TournamentFileException.class)
                .hasMessage(number + ":3: variant: must be one of caissa, hexcaissa, got 2");
    }

    @Test
    void workingDirAndEnvAreTaken() throws IOException {
        Files.createDirectories(dir.resolve("work"));
        Path file = write("""
                {"name": "t", "bots": [
                  {"name": "a", "command": ["./bot.sh"], "workingDir": ".", "env": {"K": "V"}},
                  {"name": "b", "command": ["../bot.sh"], "workingDir": "work"}
                ], "timePerMove": "500ms", "increment": "0.5s", "concurrency": 3,
                "timeMargin": "20ms", "clock": "cpu", "suspendIdle": false}
                """);

        TournamentDefinition definition = TournamentFile.read(file);

        assertThat(definition.bots().get(0).workingDir()).contains(dir.normalize());
        assertThat(definition.bots().get(0).env()).containsEntry("K", "V");
        assertThat(definition.bots().get(1).workingDir()).contains(dir.resolve("work"));
        // With a working directory, a relative program is found from there, as the process will look for it.
        assertThat(definition.bots().get(1).command()).containsExactly("../bot.sh");
        assertThat(definition.timeControl().perMove()).contains(Duration.ofMillis(500));
        assertThat(definition.timeControl().increment()).isEqualTo(Duration.ofMillis(500));
        assertThat(definition.concurrency()).contains(3);
        assertThat(definition.timeControl().margin()).isEqualTo(Duration.ofMillis(20));
        assertThat(definition.timeControl().clock()).isEqualTo(ClockKind.CPU);
        assertThat(definition.timeControl().suspendIdle()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown field          | "gamesPerPiar": 2                 | :3: gamesPerPiar: unknown field (known: bots, broken, clock, concurrency,
            unknown clock          | "clock": "cpu-time"               | :3: clock: must be "wall" or "cpu", got "cpu-time"
            suspendIdle a string   | "suspendIdle": "no"               | :3: suspendIdle: must be true or false, got "no"
            margin not a duration  | "timeMargin": 5                   | :3: timeMargin: must be a duration string like "30s", got 5
            odd gamesPerPair       | "gamesPerPair": 3                 | :3: gamesPerPair: must be even (each opening is played once with each colour), got 3
            unparsable duration    | "timePerGame": "30 seconds"       | :3: timePerGame: '30 seconds' is not a duration: expected a number and a unit (ms, s, m or h), like 500ms, 30s or 2m
            duration not a string  | "increment": 5                    | :3: increment: must be a duration string like "30s", got 5
            zero time              | "timePerGame": "0s"               | :3: timePerGame: must be positive, got 0s
            zero move time         | "timePerMove": "0ms"              | :3: timePerMove: must be positive or null (no cap), got 0ms
            negative opening       | "openingPlies": -1                | :3: openingPlies: must be a whole number from 0 to 40, got -1
            zero concurrency       | "concurrency": 0                  | :3: concurrency: must be a whole number from 1 to 256, got 0
            bad seed               | "seed": "x"                       | :3: seed: must be a whole number, got "x"
            unknown sandbox        | "sandbox": "docker"               | :3: sandbox: must be auto, bwrap or none, got 'docker'
            limits not an object   | "limits": 5                       | :3: limits: must be an object like {"memory": "1G", "processes": 64}
            bad memory size        | "limits": {"memory": "lots"}      | :3: limits.memory: 'lots' is not a size like 512M or 1G
            too little memory      | "limits": {"memory": "1M"}        | :3: limits: memory limit must be at least 16 MiB
            zero processes         | "limits": {"processes": 0}        | :3: limits.processes: must be a whole number from 1 to 1000000, got 0
            unknown limit          | "limits": {"cpu": 2}              | :3: limits.cpu: unknown field (known: fileSize, memory, openFiles, processes, scratch)
            """)
    void aBadTopLevelFieldIsNamedWithItsLine(String what, String field, String expected) throws IOException {
        Path file = write("{\n  \"name\": \"t\",\n  " + field + ",\n" + BOTS + "\n}\n");

        assertThatThrownBy(() -> TournamentFile.read(file))
                .isInstanceOf(TournamentFileException.class)
                .hasMessageStartingWith(file + expected);
    }

    @Test
    void sandboxAndLimitsAreReadForAllAndPerBot() throws IOException {
        Path file = write("""
                {"name": "t", "sandbox": "none", "limits": {"memory": "512M", "processes": 32},
                 "bots": [
                  {"name": "a", "command": ["./bot.sh"], "limits": {"memory": "2G", "openFiles": 100, "fileSize": "1M", "scratch": "16M"}},
                  {"name": "b", "command": ["./bot.sh"]}
                ]}
                """);

        TournamentDefinition definition = TournamentFile.read(file);

        assertThat(definition.isolation().sandbox()).isEqualTo(SandboxMode.NONE);
        assertThat(definition.isolation().limitsFor("b"))
                .isEqualTo(new ResourceLimits(512L << 20, 32, 256, 64L << 20, 256L << 20));
        // A bot's own limits start from the file's, not from the defaults.
        assertThat(definition.isolation().limitsFor("a"))
                .isEqualTo(new ResourceLimits(2L << 30, 32, 100, 1L << 20, 16L << 20));
    }

    @Test
    void aDuplicateBotNameIsRefused() throws IOException {
        Path file = write("""
                {"name": "t",
                 "bots": [
                   {"name": "a", "command": ["./bot.sh"]},
                   {"name": "a", "command": ["./bot.sh"]}
                 ]}
                """);

        assertThatThrownBy(() -> TournamentFile.read(file))
                .hasMessage(file + ":4: bots[1].name: duplicate bot name 'a'");
    }

    @Test
    void aMissingExecutableIsRefused() throws IOException {
        Path file = write("""
                {"name": "t",
                 "bots": [
                   {"name": "a", "command": ["./bot.sh"]},
                   {"name": "b", "command": ["./nobot"]},
                   {"name": "c", "command": ["surely-not-a-program-on-the-path"]}
                 ]}
                """);

        assertThatThrownBy(() -> TournamentFile.read(file))
                .hasMessage(file + ":4: bots[1].command: no such file: " + dir.resolve("nobot"));
    }

    @Test
    void aProgramNotOnThePathIsRefused() throws IOException {
        Path file = write("""
                {"name": "t", "bots": [
                   {"name": "a", "command": ["./bot.sh"]},
                   {"name": "c", "command": ["surely-not-a-program-on-the-path"]}]}
                """);

        assertThatThrownBy(() -> TournamentFile.read(file))
                .hasMessage(
                        file + ":3: bots[1].command: program 'surely-not-a-program-on-the-path' not found on the PATH");
    }

    @Test
    void anUnknownSampleBotIsRefused() throws IOException {
        Path file = write("""
                {"name": "t", "bots": [
                   {"name": "a", "command": ["./bot.sh"]},
                   {"name": "c", "command": ["sample:minimax"]}]}
                """);

        assertThatThrownBy(() -> TournamentFile.read(file))
                .hasMessageContaining(
                        "bots[1].command: unknown sample bot 'sample:minimax' (known: sample:random, sample:greedy, sample:alphabeta)");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            not JSON            | {"name": "t",,}                                         | :1: not valid JSON: Unexpected character (',' (code 44)): was expecting double-quote to start field name
            not an object       | [1, 2]                                                  | :1: the file must hold one JSON object
            no name             | {"bots": []}                                            | :1: name: required
            bad name            | {"name": "my tournament"}                               | :1: name: must be letters, digits, '.', '_' or '-' (it names the output folder), got 'my tournament'
            no bots             | {"name": "t"}                                           | :1: bots: required: an array of bots
            one bot             | {"name": "t", "bots": [{"name": "a", "command": ["x"]}]} | :1: bots: a tournament needs at least 2 bots, got 1
            empty command       | {"name": "t", "bots": [{"name": "a", "command": []}, {"name": "b", "command": []}]} | :1: bots[0].command: required: the argument list
            unknown bot field   | {"name": "t", "bots": [{"name": "a", "cmd": ["x"]}, {"name": "b", "command": []}]} | :1: bots[0].cmd: unknown field (known: command, env, limits, name, workingDir)
            bad env name        | {"name": "t", "bots": [{"name": "a", "command": ["./bot.sh"], "env": {"A=B": "x"}}, {"name": "b", "command": []}]} | :1: bots[0].env: 'A=B' is not an environment variable name (it must be non-empty, without '=' or NUL)
            env not a string    | {"name": "t", "bots": [{"name": "a", "command": ["./bot.sh"], "env": {"A": 1}}, {"name": "b", "command": []}]} | :1: bots[0].env.A: must be a string without NUL characters, got 1
            """)
    void aBadShapeIsNamed(String what, String json, String expected) throws IOException {
        Path file = write(json);

        assertThatThrownBy(() -> TournamentFile.read(file)).hasMessageStartingWith(file + expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown format      | "format": "knockout"                                    | :1: format: must be "round-robin", "gauntlet" or "swiss", got "knockout"
            gauntlet no engines | "format": "gauntlet"                                    | :1: engines: required for a gauntlet
            unknown engine      | "format": "gauntlet", "engines": ["z"]                  | :1: engines[0]: must name a bot of the tournament, got "z"
            engine twice        | "format": "gauntlet", "engines": ["a", "a"]             | :1: engines[1]: 'a' is named twice
            all engines         | "format": "gauntlet", "engines": ["a", "b"]             | :1: engines: every bot is an engine
            engines elsewhere   | "engines": ["a"]                                        | :1: engines: only for "format": "gauntlet" (this tournament is a round-robin)
            swiss no rounds     | "format": "swiss"                                       | :1: rounds: required for a Swiss
            zero rounds         | "format": "swiss", "rounds": 0                          | :1: rounds: must be a whole number from 1 to 1000, got 0
            final too big       | "format": "swiss", "rounds": 2, "final": {"top": 3}     | :1: final.top: must be a whole number from 2 to 2, got 3
            final odd games     | "format": "swiss", "rounds": 2, "final": {"top": 2, "gamesPerPair": 3} | :1: final.gamesPerPair: must be even
            final unknown field | "format": "swiss", "rounds": 2, "final": {"top": 2, "games": 2} | :1: final.games: unknown field (known: gamesPerPair, top)
            final without top   | "format": "swiss", "rounds": 2, "final": {}             | :1: final.top: required
            final in gauntlet   | "format": "gauntlet", "engines": ["a"], "final": {"top": 2} | :1: final: only for "format": "swiss" (this tournament is a gauntlet)
            """)
    void aBadFormatIsNamed(String what, String fields, String expected) throws IOException {
        Path file = write("{\"name\": \"t\", \"bots\": [{\"name\": \"a\", \"command\": [\"./bot.sh\"]},"
                + " {\"name\": \"b\", \"command\": [\"./bot.sh\"]}], " + fields + "}");

        assertThatThrownBy(() -> TournamentFile.read(file)).hasMessageStartingWith(file + expected);
    }

    @Test
    void theFormatsAreRead() throws IOException {
        String bots = "{\"name\": \"t\", \"bots\": [{\"name\": \"a\", \"command\": [\"./bot.sh\"]},"
                + " {\"name\": \"b\", \"command\": [\"./bot.sh\"]}, {\"name\": \"c\", \"command\": [\"./bot.sh\"]}], ";

        assertThat(TournamentFile.read(write(bots + "\"seed\": 1}")).format()).isEqualTo(Format.ROUND_ROBIN);
        assertThat(TournamentFile.read(write(bots + "\"format\": \"gauntlet\", \"engines\": [\"c\"]}"))
                        .format())
                .isEqualTo(new Format.Gauntlet(List.of("c")));
        TournamentDefinition swiss =
                TournamentFile.read(write(bots + "\"format\": \"swiss\", \"rounds\": 2, \"final\": {\"top\": 2}}"));
        assertThat(swiss.format()).isEqualTo(new Format.Swiss(2, Optional.of(new Format.Final(2, 2))));
        // Three bots: 2 rounds of one meeting (2 games), then a final of 2 games.
        assertThat(swiss.totalGames()).isEqualTo(2 * 2 + 2);
    }

    @Test
    void aMissingFileIsNamed() {
        Path file = dir.resolve("nope.json");

        assertThatThrownBy(() -> TournamentFile.read(file)).hasMessage(file + ": no such file");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            trailing garbage       | {"name": "t", "gamesPerPair": 2} garbage                        | :1: not valid JSON: more content after the JSON object; a tournament file holds exactly one
            a second object        | {"name": "t"} {"name": "u"}                                     | :1: not valid JSON: more content after the JSON object; a tournament file holds exactly one
            duplicate key          | {"name": "t", "name": "u"}                                      | :1: not valid JSON: the field 'name' is given twice
            duplicate bot key      | {"name": "t", "bots": [{"name": "a", "name": "b"}]}             | :1: not valid JSON: the field 'name' is given twice
            wrapping gamesPerPair  | {"name": "t", BOTS, "gamesPerPair": 18446744073709551618}       | :4: gamesPerPair: must be a whole number from 2 to 10000, got 18446744073709551618
            huge int gamesPerPair  | {"name": "t", BOTS, "gamesPerPair": 4294967298}                 | :4: gamesPerPair: must be a whole number from 2 to 10000, got 4294967298
            fractional plies       | {"name": "t", BOTS, "openingPlies": 2.5}                        | :4: openingPlies: must be a whole number from 0 to 40, got 2.5
            huge concurrency       | {"name": "t", BOTS, "concurrency": 2147483647}                  | :4: concurrency: must be a whole number from 1 to 256, got 2147483647
            huge seed              | {"name": "t", BOTS, "seed": 18446744073709551618}               | :4: seed: must be a whole number, got 18446744073709551618
            overflowing increment  | {"name": "t", BOTS, "increment": "2000000h"}                    | :4: increment: '2000000h' is longer than the longest duration, 24h
            just too long a game   | {"name": "t", BOTS, "timePerGame": "1441m"}                     | :4: timePerGame: '1441m' is longer than the longest duration, 24h
            sub-nanosecond         | {"name": "t", BOTS, "timePerGame": "0.0000001ms"}               | :4: timePerGame: '0.0000001ms' is more precise than a nanosecond
            newline in a bot name  | {"name": "t", "bots": [{"name": "a\\nb", "command": ["./bot.sh"]}, B2]} | :1: bots[0].name: must hold printable characters only, but holds U+000A
            bidi override in name  | {"name": "t", "bots": [{"name": "\\u202eevil", "command": ["./bot.sh"]}, B2]} | :1: bots[0].name: must hold printable characters only, but holds U+202E
            zero-width in name     | {"name": "t", "bots": [{"name": "a\\u200bb", "command": ["./bot.sh"]}, B2]} | :1: bots[0].name: must hold printable characters only, but holds U+200B
            padded bot name        | {"name": "t", "bots": [{"name": " a", "command": ["./bot.sh"]}, B2]} | :1: bots[0].name: must not start or end with spaces, got ' a'
            NUL in a command       | {"name": "t", "bots": [{"name": "a", "command": ["./bot.sh", "x\\u0000y"]}, B2]} | :1: bots[0].command: argument 2 holds the control character U+0000 (NUL, newline and other control characters cannot be passed to a program)
            NUL in the program     | {"name": "t", "bots": [{"name": "a", "command": ["./bot\\u0000.sh"]}, B2]} | :1: bots[0].command: argument 1 holds the control character U+0000
            escape in a command    | {"name": "t", "bots": [{"name": "a", "command": ["./bot.sh", "\\u001b[2J"]}, B2]} | :1: bots[0].command: argument 2 holds the control character U+001B
            NUL in workingDir      | {"name": "t", "bots": [{"name": "a", "command": ["./bot.sh"], "workingDir": "w\\u0000"}, B2]} | :1: bots[0].workingDir: holds the control character U+0000
            """)
    void strictInputIsRefusedInOneLine(String what, String json, String expected) throws IOException {
        Path file = write(
                json.replace("BOTS", BOTS.strip()).replace("B2", "{\"name\": \"b\", \"command\": [\"./bot.sh\"]}"));

        assertThatThrownBy(() -> TournamentFile.read(file))
                .isInstanceOf(TournamentFileException.class)
                .hasMessageStartingWith(file + expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void overLongNamesAreRefused() throws IOException {
        String longName = "x".repeat(5000);
        Path tournament = write("{\"name\": \"" + longName + "\", " + BOTS.strip() + "}");
        assertThatThrownBy(() -> TournamentFile.read(tournament))
                .hasMessage(tournament + ":1: name: is 5000 characters long; a name has at most 64");

        Path bot = write("{\"name\": \"t\", \"bots\": [{\"name\": \"" + longName + "\", \"command\": [\"./bot.sh\"]},"
                + " {\"name\": \"b\", \"command\": [\"./bot.sh\"]}]}");
        assertThatThrownBy(() -> TournamentFile.read(bot))
                .hasMessage(bot + ":1: bots[0].name: is 5000 characters long; a name has at most 64");
    }

    @Test
    void aNameOfSixtyFourCharactersIncludingAccentsIsAccepted() throws IOException {
        String name = "Caïssa-ß-" + "x".repeat(55);
        Path file = write("{\"name\": \"t\", \"bots\": [{\"name\": \"" + name + "\", \"command\": [\"./bot.sh\"]},"
                + " {\"name\": \"b\", \"command\": [\"./bot.sh\"]}]}");

        assertThat(TournamentFile.read(file).bots().get(0).name())
                .isEqualTo(name)
                .hasSize(64);
    }

    @Test
    void aScheduleTooLargeIsRefusedBeforeAnythingIsMade() throws IOException {
        StringBuilder bots = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            bots.append(i == 0 ? "" : ", ")
                    .append("{\"name\": \"b")
                    .append(i)
                    .append("\", \"command\": [\"./bot.sh\"]}");
        }
        Path file = write("{\"name\": \"big\", \"gamesPerPair\": 10000, \"bots\": [" + bots + "]}");

        assertThatThrownBy(() -> TournamentFile.read(file))
                .hasMessage(file + ":1: gamesPerPair: 100 bots playing 10000 games per pair make 49500000 games;"
                        + " a tournament has at most 100000");
    }

    @Test
    void theLargestAcceptedScheduleIsAccepted() throws IOException {
        StringBuilder bots = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            bots.append(i == 0 ? "" : ", ")
                    .append("{\"name\": \"b")
                    .append(i)
                    .append("\", \"command\": [\"./bot.sh\"]}");
        }
        // 4950 pairs × 20 games = 99,000 games: under the limit.
        Path file = write("{\"name\": \"big\", \"gamesPerPair\": 20, \"bots\": [" + bots + "]}");

        assertThat(TournamentFile.read(file).totalGames()).isEqualTo(99_000);
    }

    @Test
    void theGameLimitCountsTheGamesOfTheFormat() throws IOException {
        StringBuilder bots = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            bots.append(i == 0 ? "" : ", ")
                    .append("{\"name\": \"b")
                    .append(i)
                    .append("\", \"command\": [\"./bot.sh\"]}");
        }
        // A gauntlet of one engine against 99 bots: 99 pairs, not the round robin's 4950.
        Path accepted =
                write("{\"name\": \"g\", \"format\": \"gauntlet\", \"engines\": [\"b0\"], \"gamesPerPair\": 1000,"
                        + " \"bots\": [" + bots + "]}");
        assertThat(TournamentFile.read(accepted).totalGames()).isEqualTo(99_000);

        Path refused =
                write("{\"name\": \"g\", \"format\": \"gauntlet\", \"engines\": [\"b0\"], \"gamesPerPair\": 1100,"
                        + " \"bots\": [" + bots + "]}");
        assertThatThrownBy(() -> TournamentFile.read(refused))
                .hasMessage(refused + ":1: gamesPerPair: 100 bots playing 1100 games per pair make 108900 games;"
                        + " a tournament has at most 100000");

        Path swiss = write("{\"name\": \"s\", \"format\": \"swiss\", \"rounds\": 1000, \"gamesPerPair\": 10000,"
                + " \"bots\": [" + bots + "]}");
        assertThatThrownBy(() -> TournamentFile.read(swiss))
                .hasMessage(swiss + ":1: gamesPerPair: 100 bots playing 10000 games per pair make 500000000 games;"
                        + " a tournament has at most 100000");
    }
}
