package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.program.BotCommand;
import caissa.arena.rules.Side;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.Parts;
import caissa.arena.sandbox.PlainLaunching;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.SystemProperty;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Memory a bot keeps outside every resident set counts against its memory limit without a
 * cgroup too: a memfd held open and never mapped, a System V segment filled, detached and left.
 * Real processes (a helper in Python, started by the test bot): the bot loses by {@code
 * resource-limit} as it would under a cgroup, which counts both as its memory; a plain bot's
 * segment, which would outlive it on the host, is removed at its end by the watchdog.
 */
class MemoryElsewhereTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(30), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));
    private static final long HOG_MIB = 400;

    /**
     * Memfds in a sandbox or not; System V segments of a plain bot (a sandbox's are in an IPC
     * namespace of its own, which the watchdog cannot see from outside: they vanish with it).
     */
    @ParameterizedTest(name = "{0}, cgroups {1}, sandbox {2}")
    @CsvSource({"memfd-hog, off, auto", "memfd-hog, on, auto", "shm-hog, off, none", "shm-hog, on, none"})
    void memoryKeptOutsideEveryResidentSetLosesByTheMemoryLimit(String hog, String cgroups, String sandbox)
            throws Exception {
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3 for the helper");
        Map<String, String> before = segments();
        // A plain bot's seccomp filter would refuse the segment (see below): this is what the
        // watchdog counts where no filter can be loaded.
        SystemProperty.with(
                Parts.FILTER_SWITCH,
                "off",
                () -> Sandboxes.withCgroups(cgroups, () -> {
                    // 400 MiB held by the helper against a limit of 256 MiB; the bot's own JVM holds far less.
                    GameSetup setup = GameSetup.of(
                                    TestBots.entrant("hog", hog, Long.toString(HOG_MIB)),
                                    TestBots.entrant("good", "slow"),
                                    CLOCK)
                            .withIsolation(Isolation.defaults()
                                    .withSandbox(SandboxMode.fromWord(sandbox))
                                    .withLimits(ResourceLimits.DEFAULT.withMemory(256L << 20)));

                    GameRecord record = Game.play(setup);

                    String stderr = record.white().stderr().head()
                            + record.white().stderr().tail();
                    try {
                        assertThat(record.termination())
                                .as(record.reason() + "\n" + stderr)
                                .isEqualTo(Termination.RESOURCE_LIMIT);
                        assertThat(record.reason()).startsWith("hog (white) went over its memory limit of 256 MiB");
                        assertThat(TestBots.processesOf(
                                        setup.entrant(Side.WHITE).command()))
                                .isEmpty();
                        if (hog.equals("shm-hog") && cgroups.equals("off")) {
                            // The segment outlives its maker (killed while it filled it, before it said its id):
                            // the watchdog removes it at the bot's end, so no new segment of its size is left.
                            assertThat(segments().entrySet())
                                    .as("segments left")
                                    .noneMatch(s -> !before.containsKey(s.getKey())
                                            && s.getValue().equals(Long.toString(HOG_MIB << 20)));
                        }
                    } finally {
                        removeSegments(before);
                    }
                }));
    }

    /**
     * Page tables: a helper maps a huge read-only region and reads one byte every 2 MiB, so that
     * its page tables ({@code VmPTE}) hold 400 MiB while its resident set stays small. Without a
     * cgroup the watchdog counts them and the bot loses by {@code resource-limit}.
     */
    @ParameterizedTest(name = "sandbox {0}")
    @CsvSource({"none", "auto"})
    void pageTablesOfAHugeReadOnlyMappingLoseByTheMemoryLimit(String sandbox) throws Exception {
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3 for the helper");
        Sandboxes.withCgroups("off", () -> {
            GameSetup setup = GameSetup.of(
                            TestBots.entrant("hog", "pte-hog", Long.toString(HOG_MIB)),
                            TestBots.entrant("good", "slow"),
                            CLOCK)
                    .withIsolation(Isolation.defaults()
                            .withSandbox(SandboxMode.fromWord(sandbox))
                            .withLimits(ResourceLimits.DEFAULT.withMemory(256L << 20)));

            GameRecord record = Game.play(setup);

            String stderr =
                    record.white().stderr().head() + record.white().stderr().tail();
            assertThat(record.termination()).as(record.reason() + "\n" + stderr).isEqualTo(Termination.RESOURCE_LIMIT);
            assertThat(record.reason()).startsWith("hog (white) went over its memory limit of 256 MiB");
            assertThat(TestBots.processesOf(setup.entrant(Side.WHITE).command()))
                    .isEmpty();
        });
    }

    /**
     * Where a sandbox holds the bot, two means of keeping memory or disk past its limits are
     * refused by its seccomp filter instead of counted: a System V segment (it would live in the
     * sandbox's own IPC namespace, out of the watchdog's sight) and space allocated past a file's
     * size ({@code FALLOC_FL_KEEP_SIZE}: blocks no apparent size shows), in memory scratch or kept
     * on disk. Plain allocation still works; the game is played to its end.
     */
    @ParameterizedTest(name = "sandbox {0}, keep scratch {1}")
    @CsvSource({"bwrap, false", "bwrap, true", "none, false"})
    void aBotGetsNoSystemVSegmentNorSpacePastAFilesSize(String sandbox, boolean keepScratch, @TempDir Path temp)
            throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3 for the bot");
        if (sandbox.equals("bwrap")) {
            Sandboxes.assumeSandbox();
        } else {
            // A plain bot's filter is loaded by the system's Python, where it can be.
            Assumptions.assumeTrue(
                    Machine.current().parts(SandboxMode.NONE).launching() instanceof PlainLaunching plain
                            && plain.filterLoader().isPresent(),
                    "needs a Python that loads a plain bot's seccomp filter");
        }
        String prelude = """
                import ctypes, os, sys
                libc = ctypes.CDLL(None, use_errno=True)
                def said(name, result):
                    print("hoard:", name, "ok" if result >= 0 else "errno %d" % ctypes.get_errno(), file=sys.stderr)
                said("shmget", libc.shmget(0, ctypes.c_size_t(64 << 20), 0o1600))
                named = sys.argv.pop(1)
                fd = os.open(os.path.join(os.environ.get("CAISSA_SCRATCH") or named, "hoard"), os.O_RDWR | os.O_CREAT, 0o600)
                said("fallocate keep-size", libc.fallocate(fd, 1, ctypes.c_long(0), ctypes.c_long(64 << 20)))
                said("fallocate", libc.fallocate(fd, 0, ctypes.c_long(0), ctypes.c_long(1 << 20)))
                os.close(fd)
                sys.stderr.flush()
                """;
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path bot = Files.writeString(
                temp.resolve("bot.py"),
                prelude + Files.readString(Path.of("..", "sample-bots", "examples", "random_bot.py")));
        Files.setPosixFilePermissions(bot, PosixFilePermissions.fromString("rw-r--r--"));
        // A plain bot has no scratch of its own: a folder any user may write, named on its command line.
        Path scratch = Files.createDirectory(temp.resolve("scratch"));
        Files.setPosixFilePermissions(scratch, PosixFilePermissions.fromString("rwxrwxrwx"));
        Entrant hoarder = new Entrant(
                "hoarder",
                new BotCommand(
                        List.of("/usr/bin/python3", bot.toString(), scratch.toString()), Optional.empty(), Map.of()));
        Isolation isolation = Isolation.defaults().withSandbox(SandboxMode.fromWord(sandbox));
        isolation = new Isolation(
                isolation.sandbox(), isolation.limits(), isolation.botLimits(), isolation.hidden(), keepScratch);

        GameRecord record = Game.play(
                GameSetup.of(hoarder, TestBots.entrant("good", "random"), CLOCK).withIsolation(isolation));

        // Unfiltered, both would succeed: a 64 MiB segment, and 64 MiB kept past a file of size 0.
        assertThat(record.white().stderr().head())
                .as(record.reason())
                .contains("hoard: shmget errno 1\n", "hoard: fallocate keep-size errno 95\n", "hoard: fallocate ok\n");
        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
    }

    /** The System V segments of the machine, by id, with their sizes. */
    private static Map<String, String> segments() {
        Map<String, String> found = new HashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/sysvipc/shm")).stream()
                    .skip(1)
                    .toList()) {
                String[] fields = line.strip().split("\\s+");
                found.put(fields[1], fields[3]);
            }
        } catch (IOException e) {
            // No System V IPC here.
        }
        return found;
    }

    /** A plain bot's segment outlives it on the host: the test removes the helper's (new, and of its size). */
    private static void removeSegments(Map<String, String> before) {
        segments().forEach((id, size) -> {
            if (!before.containsKey(id) && size.equals(Long.toString(HOG_MIB << 20))) {
                try {
                    new ProcessBuilder("ipcrm", "-m", id)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start()
                            .waitFor();
                } catch (IOException e) {
                    // No ipcrm: the segment stays until the machine restarts.
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
    }
}
