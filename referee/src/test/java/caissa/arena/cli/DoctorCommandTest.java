package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.command.ExitCodes;
import caissa.arena.game.Game;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.TimeControl;
import caissa.arena.linux.Portable;
import caissa.arena.records.Json;
import caissa.arena.rules.Side;
import caissa.arena.sandbox.Host;
import caissa.arena.sandbox.Machines;
import caissa.arena.sandbox.SandboxRecord;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caissa doctor}: the lines it prints for given machines, and on this machine, where
 * what it says must be what a real game records for each bot.
 */
class DoctorCommandTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(3), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));
    private static final List<String> NAMES =
            List.of("sandbox", "reach", "cgroup", "limits", "cpu-clock", "suspend", "end", "output", "jdk");

    @Test
    void aMachineThatGivesEverythingGetsOneLineAPartAndNoFix() {
        Host host = Machines.rootOnCgroupV1().host();

        assertThat(DoctorCommand.lines(host))
                .containsExactly(
                        "sandbox    bwrap         bubblewrap works: each bot gets a sandbox of its own; each bot runs as an unprivileged"
                                + " user of its own, since the arena runs as root",
                        "reach      sandbox       each bot reaches only its sandbox: the system's files and its own, read-only, and its"
                                + " scratch; no other process, no network, nothing of the arena's user; it runs as an unprivileged user"
                                + " of its own with no capabilities, at most its process limit of processes (RLIMIT_NPROC); "
                                + "no keyrings, no inotify, no System V shared memory, no space kept past a file's size, no file locks"
                                + " that reach past it (a seccomp filter)",
                        "cgroup     v1            controllers memory pids freezer cpuacct; the arena makes a group for each bot (it runs"
                                + " as root)",
                        "limits     cgroup-v1     each bot's memory and processes are held by a cgroup of its own: exactly, at once",
                        "cpu-clock  cgroup        a bot's CPU time is its cgroup's, every process it has; the time its main thread waited"
                                + " for a core is not charged (schedstat)",
                        "suspend    freezer       a bot that is not to move is frozen with every process it has (its cgroup's freezer)",
                        "end        cgroup        every process of a bot is found and killed through its cgroup, however it forked",
                        "output     polled        the game's own thread waits on each bot's output (a java.nio pipe)",
                        "jdk        17.0.15       Debian, /usr/lib/jvm/java-17-openjdk-amd64",
                        "every part works as well as it can here");
    }

    @Test
    void anOrdinaryUserWithoutSandboxOrCgroupGetsTheFixBelowEachPartThatLacksOne() {
        Host host = Machines.ubuntuUser().filterLoader(null).pipes(true, false).host();

        String fix = " ".repeat(25) + "fix: ";
        assertThat(DoctorCommand.lines(host))
                .containsExactly(
                        "sandbox    none          " + Machines.REFUSED + ": bots run as plain processes",
                        fix + "AppArmor refuses user namespaces to programs without a profile that allows them"
                                + " (kernel.apparmor_restrict_unprivileged_userns=1): give bwrap one, a file /etc/apparmor.d/bwrap holding"
                                + " 'abi <abi/4.0>, include <tunables/global> profile bwrap /usr/bin/bwrap flags=(unconfined) { userns, }',"
                                + " then sudo apparmor_parser -r /etc/apparmor.d/bwrap (or allow every program: sudo sysctl -w"
                                + " kernel.apparmor_restrict_unprivileged_userns=0)",
                        "reach      arena-user    bots run as the arena's own user: each can read and write every file that user may,"
                                + " read the arena's environment and command line (/proc), signal its processes, the other bot's too,"
                                + " and use the network (no seccomp filter can be loaded without a sandbox); not for bots you do not"
                                + " trust",
                        fix + "run the bots in bubblewrap sandboxes (see sandbox)",
                        "cgroup     v2            controllers cpu memory pids; the arena's group /user.slice/user-1000.slice/session-2.scope"
                                + " is not delegated to this user",
                        fix
                                + "run it in a subtree of its own: systemd-run --user --scope -p Delegate=yes ./caissa COMMAND (this needs"
                                + " the user's systemd manager: log in to a session, or loginctl enable-linger)",
                        "limits     watchdog      no usable cgroup: the arena looks at each bot's processes every 20 ms (resident memory"
                                + " and page tables, processes and threads, from /proc; the memory files, System V segments and scratch"
                                + " it holds, less often) and kills them past a limit",
                        fix + "a usable cgroup holds them exactly (see cgroup)",
                        "cpu-clock  schedstat     a bot's CPU time is summed over its processes' threads, from"
                                + " /proc/PID/task/TID/schedstat; without a sandbox, the time a bot waits for a core (while other"
                                + " processes hold them) is charged to it on the wall clock",
                        "suspend    signals       SIGSTOP and SIGCONT to the bot's process group (setsid gives it one) and to each of its"
                                + " processes that left it (setsid); a process orphaned before the arena saw it is not stopped",
                        fix + "a usable cgroup freezes all of a bot's processes (see cgroup)",
                        "end        process-tree  a bot's process tree is killed; a process that left it (orphaned) can outlive the game",
                        fix + "the sandbox or a usable cgroup ends every process of a bot (see sandbox, cgroup)",
                        "output     threads       each bot's output is read on a thread of its own: -Dcaissa.pipes=threads",
                        "jdk        17.0.15       Debian, /usr/lib/jvm/java-17-openjdk-amd64",
                        "missing here: sandbox, reach, cgroup, limits, suspend, end (see the fixes above)");
    }

    @Test
    void onThisMachineItSaysWhatAGameRecordsForEachBot() {
        CommandRun run = CommandRun.of("doctor");
        GameRecord game = Game.play(
                GameSetup.of(TestBots.entrant("a", "random", "1"), TestBots.entrant("b", "random", "2"), CLOCK));

        assertThat(run.err()).isEmpty();
        Map<String, String> kinds = kinds(run);
        assertThat(kinds.keySet()).containsExactlyElementsOf(NAMES);
        assertThat(kinds.get("sandbox")).isEqualTo(Sandboxes.enabled() ? "bwrap" : "none");
        assertThat(kinds.get("limits")).isEqualTo(Sandboxes.cgroupKind().orElse("watchdog"));
        assertThat(kinds.get("jdk")).isEqualTo(System.getProperty("java.version"));
        for (Side side : Side.values()) {
            assertAgrees(kinds, game.player(side).sandbox());
        }
        boolean fixes = run.outLines().stream().anyMatch(line -> line.strip().startsWith("fix: "));
        assertThat(run.exitCode()).isEqualTo(fixes ? ExitCodes.FAILED : ExitCodes.OK);
        assertThat(run.outLines().get(run.outLines().size() - 1))
                .isEqualTo(
                        fixes
                                ? "missing here: " + String.join(", ", wanting(run)) + " (see the fixes above)"
                                : "every part works as well as it can here");
    }

    @Test
    void withCgroupsSwitchedOffItSaysWatchdogAsAGameDoes() {
        Sandboxes.withCgroups("off", () -> {
            CommandRun run = CommandRun.of("doctor");
            GameRecord game = Game.play(
                    GameSetup.of(TestBots.entrant("a", "random", "1"), TestBots.entrant("b", "random", "2"), CLOCK));

            Map<String, String> kinds = kinds(run);
            assertThat(kinds.get("limits")).isEqualTo("watchdog");
            assertThat(kinds.get("suspend")).isIn("signals", "none");
            assertThat(run.outLines()).contains(" ".repeat(25) + "fix: leave out -Dcaissa.cgroups=off");
            assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILED);
            for (Side side : Side.values()) {
                assertAgrees(kinds, game.player(side).sandbox());
            }
        });
    }

    @Test
    void inPortableModeItSaysWhatAGameRecordsThere() {
        String before = System.getProperty(Portable.PROPERTY);
        System.setProperty(Portable.PROPERTY, "true");
        try {
            CommandRun run = CommandRun.of("doctor");
            GameRecord game = Game.play(
                    GameSetup.of(TestBots.entrant("a", "random", "1"), TestBots.entrant("b", "random", "2"), CLOCK));

            Map<String, String> kinds = kinds(run);
            assertThat(kinds)
                    .containsEntry("sandbox", "none")
                    .containsEntry("limits", "none")
                    .containsEntry("suspend", "none")
                    .containsEntry("end", "process-tree")
                    .containsEntry("output", "threads");
            assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILED);
            for (Side side : Side.values()) {
                assertAgrees(kinds, game.player(side).sandbox());
            }
        } finally {
            if (before == null) {
                System.clearProperty(Portable.PROPERTY);
            } else {
                System.setProperty(Portable.PROPERTY, before);
            }
        }
    }

    @Test
    void theJsonDocumentConformsToItsSchemaAndSaysWhatTheLinesSay(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("doctor.json");
        CommandRun text = CommandRun.of("doctor", "--json", file.toString());
        CommandRun json = CommandRun.of("doctor", "--json", "-");

        JsonNode doc = Json.mapper().readTree(json.out());
        assertThat(Json.mapper().readTree(file.toFile())).isEqualTo(doc);
        assertThat(schemaProblems(doc)).isEmpty();
        assertThat(doc.get("schema").asText()).isEqualTo("caissa-arena/doctor/2");
        assertThat(json.exitCode()).isEqualTo(text.exitCode());
        assertThat(doc.get("works").asBoolean()).isEqualTo(text.exitCode() == ExitCodes.OK);
        Map<String, String> kinds = kinds(text);
        for (String name : NAMES.subList(0, NAMES.size() - 1)) {
            JsonNode part = doc.get(name.equals("cpu-clock") ? "cpuClock" : name);
            assertThat(part.get("kind").asText()).as(name).isEqualTo(kinds.get(name));
            assertThat(part.get("fix").isNull())
                    .as(name)
                    .isEqualTo(!wanting(text).contains(name));
        }
        assertThat(doc.get("jdk").get("version").asText()).isEqualTo(kinds.get("jdk"));
    }

    @Test
    void everyKindOfMachinesDocumentConformsToTheSchema() throws IOException {
        for (Machines machine : List.of(
                Machines.rootOnCgroupV1(),
                Machines.ubuntuUser(),
                Machines.laptop(),
                Machines.rootOnCgroupV1().portable(true),
                Machines.laptop().portable(false))) {
            JsonNode doc = Json.mapper().readTree(Json.write(DoctorCommand.document(machine.host())));
            assertThat(schemaProblems(doc)).as(doc.toString()).isEmpty();
        }
        // The check can fail: a kind no game log records does not conform.
        ObjectNode rlimit = Json.mapper()
                .valueToTree(DoctorCommand.document(Machines.rootOnCgroupV1().host()));
        ((ObjectNode) rlimit.get("limits")).put("kind", "rlimit");
        assertThat(schemaProblems(rlimit)).isNotEmpty();
    }

    /**
     * The organiser's guide's table of what holds a bot on each kind of machine says what doctor
     * says there: the sandbox, what a bot reaches, and how its memory and processes are held.
     * Every row is one of these machines, so a row added without its machine fails too.
     */
    @Test
    void theOrganisersGuideTableAgreesWithDoctorOnEveryKindOfMachine() throws IOException {
        String notInstalled = "bubblewrap (bwrap) is not installed (Debian package bubblewrap)";
        Map<String, Machines> machines = new LinkedHashMap<>();
        machines.put("root, bubblewrap, cgroup v1 or v2", Machines.rootOnCgroupV1());
        machines.put(
                "ordinary user on cgroup v2 under systemd, the user's manager running",
                Machines.ubuntuUser()
                        .bubblewrapProblem(null)
                        .ownGroup("/user.slice/user-1000.slice/user@1000.service/app.slice", true)
                        .cgroupKind("cgroup-v2"));
        machines.put(
                "ordinary user without a usable cgroup (cgroup v1, a container)",
                Machines.rootOnCgroupV1().root(false).cgroupKind(null));
        machines.put(
                "root without bubblewrap (a container)",
                Machines.rootOnCgroupV1()
                        .bubblewrapProblem(notInstalled)
                        .bwrapPath(null)
                        .cgroupKind(null));
        machines.put(
                "ordinary user without bubblewrap or a usable cgroup, user namespaces allowed",
                Machines.rootOnCgroupV1()
                        .root(false)
                        .bubblewrapProblem(notInstalled)
                        .bwrapPath(null)
                        .cgroupKind(null)
                        .ownNamespace("/usr/bin/unshare"));
        machines.put("ordinary user without bubblewrap (or user namespaces refused)", Machines.ubuntuUser());
        machines.put("macOS, Windows", Machines.laptop().portable(false));
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "organiser-guide.md"));
        int header = lines.indexOf(
                "| machine | sandbox | a bot reaches (`reach`) | memory and processes | idle bot kept still by"
                        + " | processes ended by |");
        assertThat(header).as("the table's header").isNotNegative();
        List<String> rows = lines.subList(header + 2, lines.size()).stream()
                .takeWhile(line -> line.startsWith("|"))
                .toList();
        assertThat(rows.stream().map(row -> row.split("\\|")[1].strip()).toList())
                .containsExactlyElementsOf(machines.keySet());
        for (String row : rows) {
            String[] cells = Arrays.stream(row.split("\\|")).map(String::strip).toArray(String[]::new);
            Host host = machines.get(cells[1]).host();
            assertThat(cells[2])
                    .as(cells[1])
                    .startsWith(host.sandbox().kind() == Host.Launcher.BWRAP ? "bwrap" : "none");
            assertThat(cells[3])
                    .as(cells[1])
                    .startsWith("`" + host.reach().kind().word() + "`");
            // Who a bot runs as, and whether a seccomp filter holds it, as doctor says.
            assertThat(cells[2].contains("a user of its own"))
                    .as(cells[1] + ": a user of its own")
                    .isEqualTo(host.sandbox().detail().contains("user of its own"));
            assertThat(cells[3].contains("no seccomp filter"))
                    .as(cells[1] + ": no seccomp filter")
                    .isEqualTo(host.reach().detail().contains("no seccomp filter"));
            assertThat(cells[4].contains("RLIMIT_NPROC"))
                    .as(cells[1] + ": RLIMIT_NPROC")
                    .isEqualTo(host.reach().detail().contains("RLIMIT_NPROC"));
            String limits = switch (host.limits().kind()) {
                case CGROUP_V1, CGROUP_V2 -> "its cgroup";
                case WATCHDOG -> "watchdog";
                case NONE -> "not enforced";
            };
            assertThat(cells[4]).as(cells[1]).contains(limits);
        }
    }

    private static List<String> schemaProblems(JsonNode doc) throws IOException {
        JsonNode schema = Json.mapper()
                .readTree(Path.of("..", "reports", "schemas", "doctor.schema.json")
                        .toFile());
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(
                        schema,
                        SchemaValidatorsConfig.builder()
                                .formatAssertionsEnabled(true)
                                .build())
                .validate(doc)
                .stream()
                .map(ValidationMessage::getMessage)
                .toList();
    }

    @Test
    void theHelpSaysWhatEachExitCodeMeans() {
        CommandRun help = CommandRun.of("doctor", "--help");

        assertThat(help.exitCode()).isZero();
        assertThat(help.out().replaceAll("\\s+", " "))
                .contains(
                        "Exit codes: 0 every part works as well as it can, 1 something is missing (its fix is printed).");
    }

    /** The kind on each part's line (not the fixes, nor the last line), by the part's name. */
    private static Map<String, String> kinds(CommandRun run) {
        Map<String, String> kinds = new LinkedHashMap<>();
        for (String line : run.outLines()) {
            String[] words = line.split("\\s+", 3);
            if (!line.startsWith(" ") && NAMES.contains(words[0])) {
                kinds.put(words[0], words[1]);
            }
        }
        return kinds;
    }

    /** The parts with a fix below them. */
    private static List<String> wanting(CommandRun run) {
        List<String> lines = run.outLines();
        return IntStream.range(1, lines.size())
                .filter(i -> lines.get(i).strip().startsWith("fix: "))
                .mapToObj(i -> lines.get(i - 1).split("\\s+")[0])
                .toList();
    }

    /** A bot's game log says what doctor says, in the same words. */
    private static void assertAgrees(Map<String, String> kinds, SandboxRecord record) {
        assertThat(record.sandbox()).isEqualTo(kinds.get("sandbox"));
        assertThat(record.limitsBy()).isEqualTo(kinds.get("limits"));
        assertThat(record.suspendBy()).isEqualTo(kinds.get("suspend"));
        assertThat(record.endBy()).isEqualTo(kinds.get("end"));
        assertThat(record.output()).isEqualTo(kinds.get("output"));
    }
}
