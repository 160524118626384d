package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.linux.Namespaces;
import caissa.arena.program.BotCommand;
import caissa.arena.rules.Side;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.PlainLaunching;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Wherever the arena runs as root, in a sandbox or not (a container without bubblewrap), a bot
 * runs as an unprivileged user of its own: not uid 0, no account's id, not its opponent's, no
 * capability in any set, {@code no_new_privs}, and so it cannot read what others cannot (root's
 * home, a file of the organiser's closed to others), signal its opponent, or pass its process
 * limit (its user's {@code RLIMIT_NPROC}). Real games, the bots asking the kernel from inside.
 */
class BotsNeverRootTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(3), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));

    @TempDir
    Path temp;

    @ParameterizedTest(name = "sandbox {0}")
    @ValueSource(strings = {"none", "bwrap"})
    void aBotOfARootArenaIsAUserOfItsOwnWithoutCapabilitiesAndCannotReadRootsFilesOrSignalItsOpponent(String sandbox)
            throws Exception {
        Sandboxes.assumeRoot("only a root arena changes its bots' user");
        if (sandbox.equals("bwrap")) {
            Sandboxes.assumeSandbox();
        }
        Assumptions.assumeFalse(
                Files.getPosixFilePermissions(Path.of("/root")).contains(PosixFilePermission.OTHERS_READ),
                "needs a /root closed to others, as every system has it");
        // A file of the organiser's that only root may read, in a folder open to all.
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path secret = Files.writeString(temp.resolve("token.txt"), "ghp_organisers_token\n");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        GameSetup setup = GameSetup.of(
                        TestBots.entrant(
                                "attacker", "attack", "2", "identity", "list=/root", "read=" + secret, "signal-bots"),
                        TestBots.entrant("victim", "attack", "2", "identity"),
                        CLOCK)
                .withIsolation(Isolation.defaults().withSandbox(SandboxMode.fromWord(sandbox)));

        GameRecord record = Game.play(setup);

        String stderr = record.white().stderr().head();
        assertThat(record.white().sandbox().sandbox()).isEqualTo(sandbox);
        long uid = ownId(stderr, "Uid");
        long gid = ownId(stderr, "Gid");
        Set<Long> accounts = new HashSet<>(ids(Path.of("/etc/passwd")));
        assertThat(uid).as("the bot's uid").isNotIn(0L, 65534L).isNotIn(accounts);
        assertThat(gid).as("the bot's gid").isNotIn(0L, 65534L).isNotIn(ids(Path.of("/etc/group")));
        // Each bot of the game is a user of its own: neither may signal the other.
        assertThat(ownId(record.black().stderr().head(), "Uid"))
                .as("the opponent's uid")
                .isNotEqualTo(uid);
        assertThat(stderr)
                .containsPattern("attack: identity Groups:( " + gid + ")?\n")
                .contains("attack: identity CapPrm: 0000000000000000")
                .contains("attack: identity CapEff: 0000000000000000")
                .contains("attack: identity CapBnd: 0000000000000000")
                .contains("attack: identity CapAmb: 0000000000000000")
                .contains("attack: identity NoNewPrivs: 1")
                .contains("attack: read " + secret + ": denied");
        if (sandbox.equals("none")) {
            assertThat(stderr).contains("attack: list /root: denied").doesNotContain(": ok");
            // Without a sandbox it sees its opponent's processes, and may signal none of them (kill -0: EPERM).
            assertThat(stderr).containsPattern("attack: signal 0 to bot process \\d+: denied \\(EPERM\\)");
        } else {
            // A sandbox's /root is an empty folder of its own: the host's is not there to list.
            assertThat(stderr).doesNotContain("attack: read " + secret + ": ok");
        }
        // The change of user is the arena's: the game was played, and ended by the rules.
        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        for (Side side : Side.values()) {
            assertThat(TestBots.processesOf(setup.entrant(side).command())).isEmpty();
        }
    }

    /** The bot's real, effective, saved and file-system id, all alike, as /proc/self/status gave it. */
    private static long ownId(String stderr, String field) {
        Matcher m = Pattern.compile("attack: identity " + field + ": (\\d+) \\1 \\1 \\1\n")
                .matcher(stderr);
        assertThat(m.find()).as(field + " in " + stderr).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static List<Long> ids(Path accounts) throws IOException {
        return Files.readAllLines(accounts).stream()
                .map(line -> line.split(":"))
                .filter(f -> f.length > 2 && f[2].matches("\\d+"))
                .map(f -> Long.parseLong(f[2]))
                .toList();
    }

    /**
     * A fork burst of a root arena's bot: the kernel refuses it a process once its user holds one
     * more than its process limit ({@code RLIMIT_NPROC}), with or without a sandbox and with no
     * cgroup; the watchdog then sees it over its limit, and the opponent wins or plays on.
     */
    @ParameterizedTest(name = "sandbox {0}")
    @ValueSource(strings = {"none", "bwrap"})
    void aForkBurstOfARootArenasBotIsRefusedByTheKernelAtItsProcessLimit(String sandbox) throws Exception {
        Sandboxes.assumeRoot("only a root arena gives its bots users of their own");
        if (sandbox.equals("bwrap")) {
            Sandboxes.assumeSandbox();
        }
        forkBurstRefusedAtItsLimit(SandboxMode.fromWord(sandbox));
    }

    /**
     * The same burst of an ordinary user's bot in its sandbox: the kernel counts the processes of
     * the bot's own user namespace apart from the organiser's (Linux 5.14 and later), so the bot is
     * refused at its limit there too, and can take neither the organiser's own process budget
     * ({@code ulimit -u}) nor its opponent's.
     */
    @Test
    void aForkBurstOfAnOrdinaryUsersSandboxedBotIsRefusedByTheKernelAtItsProcessLimit() throws Exception {
        Assumptions.assumeFalse(Sandboxes.root(), "as root, the test above holds the bot by its own user");
        Sandboxes.assumeSandbox();
        Assumptions.assumeTrue(
                Namespaces.countsProcessesPerUserNamespace(),
                "needs Linux 5.14 or later, which counts processes per user namespace");
        forkBurstRefusedAtItsLimit(SandboxMode.BWRAP);
    }

    /**
     * The same burst of an ordinary user's plain bot (no sandbox, no cgroup): the bot runs in a
     * user namespace of its own that {@code unshare} makes, where the kernel counts its processes
     * apart, so it is refused at its limit without bubblewrap too.
     */
    @Test
    void aForkBurstOfAnOrdinaryUsersPlainBotIsRefusedByTheKernelInAUserNamespaceOfItsOwn() throws Exception {
        Assumptions.assumeFalse(Sandboxes.root(), "as root, a plain bot is held by a user of its own (above)");
        Sandboxes.withCgroups(
                "off",
                () -> Assumptions.assumeTrue(
                        Machine.current().parts(SandboxMode.NONE).launching() instanceof PlainLaunching plain
                                && plain.ownNamespace().isPresent(),
                        "needs Linux 5.14 or later and user namespaces an ordinary user may make (unshare)"));
        forkBurstRefusedAtItsLimit(SandboxMode.NONE);
    }

    private void forkBurstRefusedAtItsLimit(SandboxMode sandbox) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3");
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        String burst = """
                import os, sys, time
                forked = 0
                try:
                    while forked < 5000:
                        if os.fork() == 0:
                            time.sleep(600)
                            os._exit(0)
                        forked += 1
                    print("fork-burst: forked", forked, "never refused", file=sys.stderr, flush=True)
                except OSError as e:
                    print("fork-burst: forked", forked, "then errno", e.errno, file=sys.stderr, flush=True)
                """;
        Path bot = Files.writeString(
                temp.resolve("bot.py"),
                burst + Files.readString(Path.of("..", "sample-bots", "examples", "random_bot.py")));
        Files.setPosixFilePermissions(bot, PosixFilePermissions.fromString("rw-r--r--"));
        String token = TestBots.command("random").env().get(TestBots.TOKEN_VARIABLE);
        Entrant bomber = new Entrant(
                "bomber",
                new BotCommand(
                        List.of("/usr/bin/python3", bot.toString()),
                        Optional.empty(),
                        Map.of(TestBots.TOKEN_VARIABLE, token)));
        GameSetup setup = GameSetup.of(bomber, TestBots.entrant("good", "random"), CLOCK)
                .withIsolation(Isolation.defaults().withSandbox(sandbox));

        Sandboxes.withCgroups("off", () -> {
            GameRecord record = Game.play(setup);

            Matcher said = Pattern.compile("fork-burst: forked (\\d+) then errno 11")
                    .matcher(record.white().stderr().head());
            assertThat(said.find()).as(record.white().stderr().head()).isTrue();
            // The bot itself and its children: never more than one past its limit of 64.
            assertThat(1 + Integer.parseInt(said.group(1))).isLessThanOrEqualTo(ResourceLimits.DEFAULT.processes() + 1);
            assertThat(record.white().sandbox().limitsBy()).isEqualTo("watchdog");
            if (record.termination().isIrregular()) {
                assertThat(record.result()).as(record.reason()).isEqualTo(Result.BLACK_WINS);
                assertThat(record.reason()).startsWith("bomber (white) went over its process limit of 64");
            }
            for (Side side : Side.values()) {
                assertThat(TestBots.processesOf(setup.entrant(side).command())).isEmpty();
            }
            // The next game's bots (a root arena gives the bomber's id to the first of them) start
            // with their whole process limit: a JVM's threads count against it.
            GameRecord next = Game.play(
                    GameSetup.of(TestBots.entrant("next", "random"), TestBots.entrant("other", "random"), CLOCK)
                            .withIsolation(Isolation.defaults().withSandbox(sandbox)));
            assertThat(next.termination().isIrregular()).as(next.reason()).isFalse();
        });
    }

    @Test
    void aRootArenaRefusesAPlainBotWhoseProgramNobodyCannotReachBeforeItsGame() throws Exception {
        Sandboxes.assumeRoot("only a root arena changes its bots' user");
        // The organiser's bot in a folder closed to others (as @TempDir makes it): nobody could not run it.
        Path program = Files.writeString(temp.resolve("bot.sh"), "#!/bin/sh\nexec sleep 5\n");
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwx------"));
        BotCommand command = new BotCommand(List.of(program.toString()), Optional.empty(), Map.of());
        Isolation isolation = Isolation.defaults().withSandbox(SandboxMode.NONE);

        Optional<String> problem = Containment.visibilityProblem(
                command, isolation, Machine.current().parts(SandboxMode.NONE));

        assertThat(problem)
                .contains("its program " + program
                        + " cannot be reached by the user bots run as (a user of its own, since"
                        + " the arena runs as root): " + temp + " is closed to others (chmod o+x " + temp
                        + ", or move the bot to a"
                        + " folder open to all)");
    }

    /** A JVM cannot start without its argument file (java @FILE), as it can without a class path entry. */
    @Test
    void aRootArenaRefusesAPlainBotWhoseArgumentFileNobodyCannotReachBeforeItsGame() throws Exception {
        Sandboxes.assumeRoot("only a root arena changes its bots' user");
        Path args = Files.writeString(temp.resolve("bot.args"), "-cp /nowhere Main\n");
        Files.setPosixFilePermissions(args, PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwx------"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        BotCommand command = new BotCommand(List.of(java, "@" + args), Optional.empty(), Map.of());

        Optional<String> problem = Containment.visibilityProblem(
                command,
                Isolation.defaults().withSandbox(SandboxMode.NONE),
                Machine.current().parts(SandboxMode.NONE));

        assertThat(problem)
                .contains("its argument file " + args
                        + " cannot be reached by the user bots run as (a user of its own, since"
                        + " the arena runs as root): " + temp + " is closed to others (chmod o+x " + temp
                        + ", or move the bot to a folder open to all)");
    }
}
