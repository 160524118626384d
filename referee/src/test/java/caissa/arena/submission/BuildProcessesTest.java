package caissa.arena.submission;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.linux.Portable;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A build is ended as a bot is, by the same parts: a build script that leaves a daemon in a
 * session of its own, or that ignores SIGTERM past its time limit, leaves no process running once
 * the build has returned. Real processes, in each sandbox and limits this machine gives (a
 * sandbox as a user of its own and a cgroup as root; a PID namespace or the process tree where
 * there is no cgroup; the plain process tree "as in a container").
 */
class BuildProcessesTest {

    /**
     * A daemon as daemons are: in a session of its own, its output let go (so that no pipe leads
     * to it). It outlives the script when the script runs alone.
     */
    private static final String DAEMON = """
            setsid sleep 3600 "$1" </dev/null >/dev/null 2>&1 &
            kill -0 $! && echo daemon running
            echo built
            """;

    /** Deaf to SIGTERM (its children too: an ignored signal stays ignored across exec), and never done. */
    private static final String STUBBORN = """
            trap '' TERM
            echo stubborn
            exec </dev/null >/dev/null 2>&1
            setsid sleep 3600 "$1" &
            sleep 3600 "$1"
            """;

    private static final AtomicLong TOKENS = new AtomicLong();

    @TempDir
    Path dir;

    @BeforeEach
    void needsTheProcessTable() {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "looks for leftover processes in /proc");
        Assumptions.assumeFalse(
                Portable.on(),
                "portable mode, as on a laptop, follows a program only through its process tree: a daemon"
                        + " that left it is out of reach there");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/setsid")), "the scripts need setsid");
    }

    @Test
    @Timeout(60)
    void theDaemonScriptLeavesItsDaemonRunningWhenItRunsAlone() throws Exception {
        // The fixture's own check: without the arena's ending the daemon outlives the script.
        Path script = Files.writeString(dir.resolve("daemon.sh"), DAEMON);
        String token = token();
        Process alone = new ProcessBuilder("sh", script.toString(), token)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertThat(alone.waitFor(30, TimeUnit.SECONDS)).isTrue();
        List<Long> left = TestBots.processesCarrying(token);
        left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        assertThat(left).hasSize(1);
    }

    @ParameterizedTest(name = "sandbox {0}, cgroups {1}")
    @CsvSource({"bwrap, on", "bwrap, off", "none, on", "none, off"})
    @Timeout(120)
    void aBuildThatLeavesADaemonIsBuiltAndLeavesNothingRunning(String sandbox, String cgroups) throws Exception {
        String token = token();
        SourceBuild.Outcome outcome = build(sandbox, cgroups, DAEMON, token, Duration.ofSeconds(100));

        assertThat(outcome).as("%s", outcome).isInstanceOf(SourceBuild.Outcome.Built.class);
        assertThat(((SourceBuild.Outcome.Built) outcome).output()).contains("daemon running", "built");
        assertThat(TestBots.processesCarrying(token)).isEmpty();
    }

    @ParameterizedTest(name = "sandbox {0}, cgroups {1}")
    @CsvSource({"bwrap, on", "bwrap, off", "none, on", "none, off"})
    @Timeout(120)
    void aBuildThatIgnoresTermPastItsTimeLimitFailsAndLeavesNothingRunning(String sandbox, String cgroups)
            throws Exception {
        String token = token();
        SourceBuild.Outcome outcome = build(sandbox, cgroups, STUBBORN, token, Duration.ofSeconds(1));

        assertThat(outcome).as("%s", outcome).isInstanceOf(SourceBuild.Outcome.Failed.class);
        SourceBuild.Outcome.Failed failed = (SourceBuild.Outcome.Failed) outcome;
        assertThat(failed.reason()).isEqualTo("the build took longer than 1 s");
        assertThat(failed.output()).contains("stubborn");
        assertThat(TestBots.processesCarrying(token)).isEmpty();
    }

    /** Builds a one-file "language" whose build command is the script, given the token to sleep with. */
    private SourceBuild.Outcome build(String sandbox, String cgroups, String script, String token, Duration limit)
            throws IOException {
        SandboxMode mode = SandboxMode.valueOf(sandbox.toUpperCase(Locale.ROOT));
        if (mode == SandboxMode.BWRAP) {
            Sandboxes.assumeSandbox();
        }
        Path upload = Files.createDirectories(dir.resolve("upload"));
        Files.writeString(upload.resolve("build.sh"), script, StandardCharsets.UTF_8);
        Path buildDir = Files.createDirectories(dir.resolve("build"));
        Files.setPosixFilePermissions(buildDir, PosixFilePermissions.fromString("rwxr-xr-x"));
        SourceBuild.Recipe recipe = new SourceBuild.Recipe(
                "Shell", List.of("sh"), Optional.empty(), List.of("sh", "build.sh", token), List.of("true"));
        SourceBuild.Outcome[] outcome = new SourceBuild.Outcome[1];
        Sandboxes.withCgroups(
                cgroups,
                () -> outcome[0] = SourceBuild.prepare(
                        recipe,
                        upload,
                        List.of("build.sh"),
                        "build.sh",
                        buildDir,
                        limit,
                        Isolation.defaults().withSandbox(mode)));
        return outcome[0];
    }

    /** A number unique to this test's run, harmless as an extra argument to sleep, to find the build's processes by. */
    private static String token() {
        return String.format(
                "0.%06d%09d", ProcessHandle.current().pid() % 1_000_000, 500_000_000 + TOKENS.incrementAndGet());
    }
}
