package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.program.BotCommand;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.PlainLaunching;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.WatchService;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Kernel state that no namespace separates cannot carry bits between games, nor be taken from
 * the organiser's programs: a sandboxed bot gets no inotify instance at all and its file locks
 * lock nothing (its seccomp filter), and a root arena's bots are users of their own (sandboxed or
 * not), so that a plain bot that takes every inotify instance its user may have takes only its
 * own. Real processes: the hog's helper takes what it can and keeps it while the game goes on.
 */
class CrossGameChannelsTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(30), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));

    @TempDir
    Path temp;

    @ParameterizedTest(name = "sandbox {0}")
    @ValueSource(strings = {"none", "bwrap"})
    void aBotThatTakesEveryInotifyInstanceOfItsUserLeavesTheOrganisersProgramsTheirs(String sandbox) throws Exception {
        // As an ordinary user a plain bot is that user (see the organiser's guide): this holds for a root arena.
        Sandboxes.assumeRoot("a root arena's bots are users of their own, whose inotify instances are not root's");
        if (sandbox.equals("bwrap")) {
            Sandboxes.assumeSandbox();
        }
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3 for the helper");
        GameSetup setup = GameSetup.of(TestBots.entrant("hog", "inotify-hog"), TestBots.entrant("good", "slow"), CLOCK)
                .withIsolation(Isolation.defaults().withSandbox(SandboxMode.fromWord(sandbox)));
        List<String> refused = new ArrayList<>();
        int[] looked = {0};
        GameListener listener = new GameListener() {
            @Override
            public void moved(PlayedMove move, Position after) {
                if (move.side() != Side.WHITE || looked[0] >= 3) {
                    return;
                }
                // The hog has replied, so its helper holds every instance it could take.
                looked[0]++;
                try (WatchService own = FileSystems.getDefault().newWatchService()) {
                    own.hashCode();
                } catch (IOException e) {
                    refused.add("after move " + move.ply() + ": " + e.getMessage());
                }
            }
        };

        GameRecord record = Game.play(setup, listener);

        String stderr = record.white().stderr().head();
        // Its seccomp filter refuses the first one (EPERM): a sandbox's, or a plain bot's that the
        // system's Python loads. Without one a plain bot takes its own user's all (EMFILE, ENOSPC).
        assertThat(stderr)
                .as(record.reason())
                .containsPattern(
                        sandbox.equals("bwrap") || plainBotsFiltered()
                                ? "inotify-hog: took 0 errno 1\n"
                                : "inotify-hog: took \\d+ errno (24|28)");
        assertThat(looked[0]).as(record.reason()).isPositive();
        assertThat(refused).as("the arena's own inotify instances").isEmpty();
        assertThat(TestBots.processesOf(setup.entrant(Side.WHITE).command())).isEmpty();
    }

    /** Whether this machine's plain bots get their seccomp filter (the system's Python loads it). */
    private static boolean plainBotsFiltered() {
        return Machine.current().parts(SandboxMode.NONE).launching() instanceof PlainLaunching plain
                && plain.filterLoader().isPresent();
    }

    /**
     * A lock is a channel between concurrent games wherever two bots see one file (a system file,
     * read-only in both sandboxes, or any file open to all for plain bots). A bot with its seccomp
     * filter (a sandboxed one, or a plain one where the system's Python loads it) locks nothing and
     * cannot ask who holds a lock: the organiser's lock on a file it sees is invisible to it, and
     * its own locks on another are invisible from outside. Real processes, as an ordinary user too.
     */
    @ParameterizedTest(name = "sandbox {0}")
    @ValueSource(strings = {"bwrap", "none"})
    void aFilteredBotNeitherSeesALockOutsideNorHoldsOneThatOthersSee(String sandbox) throws Exception {
        if (sandbox.equals("bwrap")) {
            Sandboxes.assumeSandbox();
        } else {
            Assumptions.assumeTrue(plainBotsFiltered(), "needs a Python that loads a plain bot's seccomp filter");
        }
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3 for the bot");
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/flock")), "needs /usr/bin/flock (util-linux) to look");
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path held = Files.writeString(temp.resolve("held.txt"), "locked by the organiser\n");
        Path taken = Files.writeString(temp.resolve("taken.txt"), "locked by the bot\n");
        String prelude = """
                import ctypes, fcntl, os, struct, sys
                def attempt(name, call):
                    try:
                        call()
                        print("locks:", name, "ok", file=sys.stderr)
                    except OSError as e:
                        print("locks:", name, "errno", e.errno, file=sys.stderr)
                held = os.open(sys.argv[1], os.O_RDONLY)
                attempt("lockf held", lambda: fcntl.lockf(held, fcntl.LOCK_SH | fcntl.LOCK_NB))
                attempt("getlk held", lambda: fcntl.fcntl(held, fcntl.F_GETLK, struct.pack("hhqqi", fcntl.F_WRLCK, 0, 0, 0, 0)))
                taken = os.open(sys.argv[2], os.O_RDONLY)
                attempt("flock taken", lambda: fcntl.flock(taken, fcntl.LOCK_EX | fcntl.LOCK_NB))
                attempt("lockf taken", lambda: fcntl.lockf(taken, fcntl.LOCK_SH | fcntl.LOCK_NB))
                attempt("ofd taken", lambda: fcntl.fcntl(taken, 37, struct.pack("hhqqi", fcntl.F_RDLCK, 0, 0, 0, 0)))
                libc = ctypes.CDLL(None, use_errno=True)
                print("locks: inotify", "ok" if libc.inotify_init1(0) >= 0 else "errno %d" % ctypes.get_errno(), file=sys.stderr)
                sys.stderr.flush()
                sys.argv[1:] = []
                """;
        Path bot = Files.writeString(
                temp.resolve("bot.py"),
                prelude + Files.readString(Path.of("..", "sample-bots", "examples", "random_bot.py")));
        for (Path file : List.of(held, taken, bot)) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        }
        Entrant locker = new Entrant(
                "locker",
                new BotCommand(
                        List.of("/usr/bin/python3", bot.toString(), held.toString(), taken.toString()),
                        Optional.empty(),
                        Map.of()));
        List<String> seen = new ArrayList<>();
        GameListener listener = new GameListener() {
            @Override
            public void moved(PlayedMove move, Position after) {
                if (move.side() != Side.WHITE || !seen.isEmpty()) {
                    return;
                }
                // The bot has moved: it holds whatever its locks took. Another game's bot would look so.
                try (FileChannel channel = FileChannel.open(taken, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                    FileLock free = channel.tryLock();
                    seen.add("fcntl lock: " + (free != null ? "free" : "held"));
                    Process flock = new ProcessBuilder(
                                    "/usr/bin/flock", "--nonblock", "--exclusive", taken.toString(), "true")
                            .start();
                    seen.add("flock: " + (flock.waitFor() == 0 ? "free" : "held"));
                } catch (IOException | InterruptedException e) {
                    seen.add("could not look: " + e);
                }
            }
        };

        GameRecord record;
        try (FileChannel organiser = FileChannel.open(held, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock lock = organiser.lock()) {
            record = Game.play(
                    GameSetup.of(locker, TestBots.entrant("good", "random"), CLOCK)
                            .withIsolation(Isolation.defaults().withSandbox(SandboxMode.fromWord(sandbox))),
                    listener);
        }

        String stderr = record.white().stderr().head();
        // Unfiltered, the organiser's lock would refuse it (errno 11) and F_GETLK would name its holder.
        assertThat(stderr)
                .as(record.reason())
                .contains(
                        "locks: lockf held ok\n",
                        "locks: getlk held errno 37\n",
                        "locks: flock taken ok\n",
                        "locks: lockf taken ok\n",
                        "locks: ofd taken ok\n",
                        "locks: inotify errno 1\n");
        assertThat(seen).containsExactly("fcntl lock: free", "flock: free");
        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
    }
}
