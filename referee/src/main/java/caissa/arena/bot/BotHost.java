package caissa.arena.bot;

import caissa.arena.program.BotCommand;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Host;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.Parts;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.sandbox.SharedSandbox;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The bots one command runs, from its first to its last: the command opens this, hands it to
 * the seats it opens, and closes it when its games are done. While it is open, a stop of the
 * arena (Ctrl-C, SIGTERM) kills every live bot of it instead of leaving them to run on, and
 * says so to the games, which then record nothing (SIGKILL cannot be caught: its bots see their
 * input close). Closing it gives back what the sandboxes kept between games (see {@link SharedSandbox}).
 *
 * <p>It chooses the parts that hold its bots once for the command ({@link #parts}): every bot of
 * the command is launched, limited, suspended and ended alike, and its game log says how.
 */
public final class BotHost implements AutoCloseable {

    /**
     * How long a stop waits for the command to wind down (record what it played, print, close
     * this host) before the JVM halts.
     */
    private static final long WIND_DOWN_SECONDS = 5;

    private final Set<BotProcess> live = ConcurrentHashMap.newKeySet();
    private final CountDownLatch closing = new CountDownLatch(1);
    /** The parts chosen for this command's bots, by the sandbox asked for (one, but for a benchmark that compares them). */
    private final Map<SandboxMode, Parts> parts = new ConcurrentHashMap<>();
    /** How the parts are chosen for a sandbox asked for: from this machine, unless the command was given others. */
    private final Function<SandboxMode, Parts> choose;
    /** What the command learned of this machine and opened on it: its bots' parts, pools and timers. */
    private final Machine machine;

    private final Thread onStop = new Thread(this::stop, "kill-bots");
    private volatile boolean stopping;
    /** Whether {@link #onStop} is the JVM's to run: not when the JVM was already shutting down at the open. */
    private boolean hooked = true;

    private boolean closed;

    private BotHost(Machine machine, Function<SandboxMode, Parts> choose) {
        this.machine = machine;
        this.choose = choose;
    }

    /**
     * Opens a host on the machine of the command running now ({@link Machine#current()}): from
     * now until {@link #close}, a stop of the arena ends its bots first.
     */
    public static BotHost open() {
        return open(Machine.current());
    }

    /** Opens a host on the command's {@code machine}, whose parts hold its bots. */
    public static BotHost open(Machine machine) {
        return open(machine, machine::parts);
    }

    /**
     * Opens a host whose bots are held by the parts {@code choose} gives for the sandbox a command
     * asks for, instead of this machine's (a test substitutes a part this way).
     */
    public static BotHost open(Function<SandboxMode, Parts> choose) {
        return open(Machine.current(), choose);
    }

    /** Opens a host on {@code machine} whose bots are held by the parts {@code choose} gives. */
    public static BotHost open(Machine machine, Function<SandboxMode, Parts> choose) {
        BotHost host = new BotHost(machine, choose);
        SharedSandbox.open();
        try {
            Runtime.getRuntime().addShutdownHook(host.onStop);
        } catch (IllegalStateException shuttingDown) {
            // Stopped (Ctrl-C) before the command got this far: it is stopping from the start, so
            // that a bot started now is ended at once and the game does not count.
            host.hooked = false;
            host.stopping = true;
        }
        return host;
    }

    /**
     * The parts that hold this command's bots where it asks for the sandbox {@code mode}: chosen
     * at the first ask from what this machine gives the arena ({@link Machine#parts}, or
     * what the host was opened with), the same for every bot after.
     */
    public Parts parts(SandboxMode mode) {
        return parts.computeIfAbsent(mode, choose);
    }

    /** The machine this host's bots run on, as the command opened it. */
    public Machine machine() {
        return machine;
    }

    /** Starts a bot of this host inside its containment (see {@link BotProcess#start}). */
    public BotProcess.Start start(
            BotCommand command,
            Map<String, String> environment,
            BotProcess.Limits limits,
            String name,
            Containment containment) {
        return started(BotProcess.start(command, environment, limits, name, containment, live::remove));
    }

    /**
     * Starts a bot of this host as a plain process, held by nothing (what {@code bench sandbox}
     * measures the containments against): ended with the others all the same, its output read
     * as this host's bots' is.
     */
    public BotProcess.Start startPlain(
            BotCommand command, Map<String, String> environment, BotProcess.Limits limits, String name) {
        Host.Output output = parts(SandboxMode.NONE).output();
        return started(BotProcess.startPlain(command, environment, limits, name, output, live::remove));
    }

    private BotProcess.Start started(BotProcess.Start start) {
        if (start instanceof BotProcess.Start.Started started) {
            live.add(started.bot());
            if (stopping) {
                // Started as the arena stopped: ended like the others.
                started.bot().kill();
            }
        }
        return start;
    }

    /**
     * Whether the arena is being stopped. The bots are killed then, so a game ending now ended
     * because of it, not because of a bot: it must not be recorded as a result.
     */
    public boolean stopping() {
        return stopping;
    }

    /**
     * The arena is stopping: kill every live bot, and let the command notice and wind down. The
     * JVM halts when this returns, so it waits until the command has closed this host (its games
     * recorded as stopped, its last lines printed), or a few seconds at most. A bot still being
     * started is killed as it comes up (see {@link #start}).
     */
    private void stop() {
        stopping = true;
        live.forEach(BotProcess::kill);
        try {
            closing.await(WIND_DOWN_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        SharedSandbox.close();
    }

    /** The command is done with its bots (each was ended by its game): no hook is left behind. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        closing.countDown();
        try {
            if (hooked) {
                Runtime.getRuntime().removeShutdownHook(onStop);
            }
        } catch (IllegalStateException shuttingDown) {
            // The hook runs, or has run: it gives back the shared parts itself.
            return;
        }
        SharedSandbox.close();
    }
}
