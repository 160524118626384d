package caissa.arena.sandbox;

import caissa.arena.linux.BotCgroup;
import caissa.arena.linux.Portable;
import caissa.arena.linux.Signals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What this JVM learned of and opened on this machine, for one command: the facts seen once
 * ({@link Host.Facts}, by the switches that change them), what the probes found (bubblewrap's
 * trial, the system's mounts, whether a memory file system takes a size, whether the arena is
 * root, the keyring filter's file), and the pools and timers the command's bots use. A command
 * opens it at its start and closes it at its end, which shuts its pools and timers down.
 *
 * <p>A command that runs others (a tournament's games) shares its machine with them: the one
 * opened first is the one every nested {@link #open} gets, until the last of them closes it. The
 * code that has no command's machine handed to it (a bubblewrap command line being built deep in
 * a launch) finds it through {@link #current()}: the one static left, the bridge to code not yet
 * given its machine. Code run outside any command (a test of one class) gets a machine of its
 * own there, which nothing closes: its threads are daemons, so the JVM still ends.
 */
public final class Machine implements AutoCloseable {

    /** The open machine, or null: see {@link #current()}. */
    private static Machine open;

    /** How many opens have not been closed yet (0 for a machine {@link #current()} made). */
    private int holders;

    private boolean closed;

    /** What was seen of the machine, by the switches that change what is seen: looked at once each (it makes a trial cgroup and sandbox). */
    private final Map<Switches, Host.Facts> seen = new ConcurrentHashMap<>();

    private final Once<Optional<String>> bubblewrapProblem = new Once<>(Bubblewrap::probe);
    /** The system part of every sandbox's command line, the same for every bot: looked up once. */
    private final Once<List<String>> systemMounts = new Once<>(Bubblewrap::lookUpSystemMounts);

    private final Once<Boolean> sizedTmpfs = new Once<>(Bubblewrap::triesSizedTmpfs);
    private final Once<Boolean> root = new Once<>(Machine::runsAsRoot);
    private Optional<Path> keyringFilter;
    /** The ids a root arena's bots run as, as this command claims them. */
    private final BotUsers botUsers = new BotUsers();

    private final AtomicLong pipeThreadCount = new AtomicLong();
    /**
     * Daemon threads kept between games for the bots' pipes: a thread started for each costs more
     * than the work itself in short games. Unbounded: every bot's reader must run at once, and a
     * reader blocked on a silent bot must not hold up another's.
     */
    private final Once<ExecutorService> pipeThreads = new Once<>(() -> Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "bot-pipe-" + pipeThreadCount.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    }));
    /** The one thread that looks at the trees the limits watchdog watches ({@link LimitWatchdog}). */
    private final Once<ScheduledExecutorService> limitTimer =
            new Once<>(() -> Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "limit-watchdog");
                thread.setDaemon(true);
                return thread;
            }));
    /** What the layers above made once for this machine (the bots' write watchdog), closed with it. */
    private final Map<Class<?>, AutoCloseable> kept = new ConcurrentHashMap<>();

    /** The shell that sends stop and continue signals to bots, started at the first ask. */
    private Signals signals;

    private Machine() {}

    /**
     * Opens the machine for a command: a new one, or the one open already where this runs inside
     * a command (a game of a tournament) or after code outside any asked for {@link #current()}.
     * Close it when the command is done.
     */
    public static synchronized Machine open() {
        if (open == null) {
            open = new Machine();
        }
        open.holders++;
        return open;
    }

    /**
     * The machine of the command running now, for code that was not handed it: the one static
     * left (see the class comment). Outside any command, a machine that nothing closes.
     */
    public static synchronized Machine current() {
        if (open == null) {
            open = new Machine();
        }
        return open;
    }

    /**
     * The parts for a command that asks for {@code mode} on this machine. The machine is looked at
     * once (and again only when {@code -Dcaissa.cgroups}, {@code -Dcaissa.pipes} or portable mode
     * is switched).
     */
    public Parts parts(SandboxMode mode) {
        return Parts.of(facts(), mode);
    }

    /**
     * How this machine's bots' output is read, as {@link #parts} chooses it for every sandbox: a
     * plain process's too, which no command's parts hold.
     */
    public Host.Output outputReading() {
        return parts(SandboxMode.NONE).output();
    }

    /**
     * What a bot of a command that asks for {@code mode} can reach on this machine, in plain
     * words (see {@link Host#reach()}): said before the first game where it is more than a sandbox.
     */
    public Host.Part<Host.Reach> reach(SandboxMode mode) {
        return Host.of(facts().asking(mode)).reach();
    }

    /** What was seen of this machine under the switches set now. */
    public Host.Facts facts() {
        return seen.computeIfAbsent(Switches.now(), s -> Host.Facts.observe(this));
    }

    /** Why bubblewrap failed its trial run here; empty when it works (tried once). */
    Optional<String> bubblewrapProblem() {
        return bubblewrapProblem.get();
    }

    List<String> systemMounts() {
        return systemMounts.get();
    }

    boolean sizedTmpfs() {
        // Unknown (the trial was interrupted): no size, and the next sandbox tries again.
        return Boolean.TRUE.equals(sizedTmpfs.get());
    }

    boolean root() {
        return root.get();
    }

    /**
     * The keyring filter's file, written on first use and again after its folder was given back
     * (see {@link SharedSandbox}); empty on a machine it does not cover.
     */
    synchronized Optional<Path> keyringFilter() {
        if (keyringFilter == null || keyringFilter.isPresent() && !Files.isRegularFile(keyringFilter.get())) {
            keyringFilter = KeyringFilter.write();
        }
        return keyringFilter;
    }

    /** The daemon threads that read and write the bots' pipes, kept between games. */
    public ExecutorService pipeThreads() {
        return pipeThreads.get();
    }

    /**
     * The shell that sends the bots' stop and continue signals ({@link Signals}), started at the
     * first ask and again if it died; empty where there is no POSIX shell.
     */
    public synchronized Optional<Signals> signals() {
        if (signals == null || !signals.alive()) {
            signals = Signals.start().orElse(null);
        }
        return Optional.ofNullable(signals);
    }

    /** The daemon thread the limits watchdogs look at their trees on. */
    ScheduledExecutorService limitTimer() {
        return limitTimer.get();
    }

    /**
     * The one {@code kind} this machine keeps, made by {@code make} at the first ask (a layer above
     * this one owns the class: the bots' write watchdog) and closed when the machine is.
     */
    public <T extends AutoCloseable> T keep(Class<T> kind, Supplier<T> make) {
        return kind.cast(kept.computeIfAbsent(kind, k -> make.get()));
    }

    /** The users a root arena's bots run as, claimed by this command. */
    public BotUsers botUsers() {
        return botUsers;
    }

    /**
     * One holder of this machine is done with it; the last shuts its pools and timers down (their
     * threads are daemons all the same: a command that forgets this does not hold the JVM up).
     */
    @Override
    public void close() {
        synchronized (Machine.class) {
            if (closed || --holders > 0) {
                return;
            }
            closed = true;
            if (open == this) {
                open = null;
            }
        }
        for (AutoCloseable one : kept.values()) {
            try {
                one.close();
            } catch (Exception e) {
                // Given back as far as it goes: the rest are shut down all the same.
            }
        }
        synchronized (this) {
            if (signals != null) {
                signals.close();
            }
        }
        limitTimer.ifMade(ScheduledExecutorService::shutdown);
        pipeThreads.ifMade(ExecutorService::shutdown);
    }

    /** Whether the command is done with this machine (see {@link #close}). */
    public boolean closed() {
        synchronized (Machine.class) {
            return closed;
        }
    }

    private static boolean runsAsRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return false;
        }
    }

    private record Switches(boolean portable, boolean cgroupsOff, boolean pipesOff, boolean filterOff) {
        static Switches now() {
            return new Switches(
                    Portable.on(),
                    "off".equals(System.getProperty(BotCgroup.SWITCH)),
                    "threads".equals(System.getProperty(Parts.PIPES_SWITCH)),
                    "off".equals(System.getProperty(PlainFilter.SWITCH)));
        }
    }

    /** A value worked out at its first use, then kept (a null one is worked out again). */
    private static final class Once<T> {
        private final Supplier<T> find;
        private volatile T value;

        Once(Supplier<T> find) {
            this.find = find;
        }

        T get() {
            T known = value;
            if (known == null) {
                synchronized (this) {
                    known = value;
                    if (known == null) {
                        known = find.get();
                        value = known;
                    }
                }
            }
            return known;
        }

        /** Runs {@code use} on the value if it was worked out. */
        void ifMade(Consumer<T> use) {
            T known = value;
            if (known != null) {
                use.accept(known);
            }
        }
    }
}
