package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.program.BotCommand;
import caissa.arena.rules.Side;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Parts;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Wherever the arena runs as root, in a sandbox or not (a container without bubblewrap), a bot
 * runs as nobody: not uid 0, no capability in any set, {@code no_new_privs}, and so it cannot
 * read what nobody cannot (root's home, a file of the organiser's closed to others). A real
 * game, the bot asking the kernel who it is from inside.
 */
class BotsNeverRootTest {

    private static final TimeControl CLOCK = new TimeControl(Duration.ofSeconds(3), Optional.empty(), Duration.ZERO,
            Duration.ofSeconds(10));

    @TempDir
    Path temp;

    @ParameterizedTest(name = "sandbox {0}")
    @ValueSource(strings = {"none", "bwrap"})
    void aBotOfARootArenaIsNobodyWithoutCapabilitiesAndCannotReadRootsFiles(String sandbox) throws Exception {
        Sandboxes.assumeRoot("only a root arena changes its bots' user");
        if (sandbox.equals("bwrap")) {
            Sandboxes.assumeSandbox();
        }
        Assumptions.assumeFalse(Files.getPosixFilePermissions(Path.of("/root")).contains(PosixFilePermission.OTHERS_READ),
                "needs a /root closed to others, as every system has it");
        // A file of the organiser's that only root may read, in a folder open to all.
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path secret = Files.writeString(temp.resolve("token.txt"), "ghp_organisers_token\n");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        GameSetup setup = GameSetup.of(TestBots.entrant("attacker", "attack", "2", "identity", "list=/root", "read=" + secret),
                TestBots.entrant("victim", "random"), CLOCK)
                .withIsolation(Isolation.defaults().withSandbox(SandboxMode.fromWord(sandbox)));

        GameRecord record = Game.play(setup);

        String stderr = record.white().stderr().head();
        assertThat(record.white().sandbox().sandbox()).isEqualTo(sandbox);
        assertThat(stderr).contains("attack: identity Uid: 65534 65534 65534 65534")
                .contains("attack: identity Gid: 65534 65534 65534 65534")
                .containsPattern("attack: identity Groups:( 65534)?\n")
                .contains("attack: identity CapPrm: 0000000000000000")
                .contains("attack: identity CapEff: 0000000000000000")
                .contains("attack: identity CapBnd: 0000000000000000")
                .contains("attack: identity CapAmb: 0000000000000000")
                .contains("attack: identity NoNewPrivs: 1")
                .contains("attack: read " + secret + ": denied");
        if (sandbox.equals("none")) {
            assertThat(stderr).contains("attack: list /root: denied").doesNotContain(": ok");
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

    @Test
    void aRootArenaRefusesAPlainBotWhoseProgramNobodyCannotReachBeforeItsGame() throws Exception {
        Sandboxes.assumeRoot("only a root arena changes its bots' user");
        // The organiser's bot in a folder closed to others (as @TempDir makes it): nobody could not run it.
        Path program = Files.writeString(temp.resolve("bot.sh"), "#!/bin/sh\nexec sleep 5\n");
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwx------"));
        BotCommand command = new BotCommand(List.of(program.toString()), Optional.empty(), java.util.Map.of());
        Isolation isolation = Isolation.defaults().withSandbox(SandboxMode.NONE);

        Optional<String> problem = Containment.visibilityProblem(command, isolation, Parts.forThisMachine(SandboxMode.NONE));

        assertThat(problem).contains("its program " + program + " cannot be reached by the user bots run as (nobody, since"
                + " the arena runs as root): " + temp + " is closed to others (chmod o+x " + temp + ", or move the bot to a"
                + " folder open to all)");
    }
}
