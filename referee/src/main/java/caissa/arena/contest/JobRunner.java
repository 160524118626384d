package caissa.arena.contest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs the queued jobs, in order, each as a child process of the arena's own command line
 * ({@code caissa contest job --data DIR --job ID}): the same Java, class path and main class as
 * the server. The web server never runs participant code nor games itself.
 *
 * <p>A job starts only when the slots it takes are free (see {@link JobWork#slots}), so that an
 * admission's games and a competition's never share a core in a way that charges one bot for
 * another's load. The child's standard input stays open while the server runs: a child whose
 * standard input ends (its server died) stops at once, so nothing outlives the server. What the
 * child prints goes to its job's log in the data folder.
 */
public final class JobRunner implements AutoCloseable {

    /** The main class a child runs: the arena's command line. */
    public static final String MAIN = "caissa.arena.cli.Main";
    /** How often the queue is read when nobody wakes the runner: jobs queued by another process. */
    private static final long POLL_MILLIS = 1000;

    private final Contest contest;
    private final Jobs jobs;
    private final String mainClass;
    private final Map<Long, Child> running = new LinkedHashMap<>();
    private final Object lock = new Object();
    private boolean woken;
    private boolean closed;
    private Thread thread;

    private record Child(Job job, Process process, int slots) {}

    public JobRunner(Contest contest, Jobs jobs) {
        this(contest, jobs, MAIN);
    }

    /** With another main class for the child: tests run a stand-in child that takes the same arguments. */
    JobRunner(Contest contest, Jobs jobs, String mainClass) {
        this.contest = contest;
        this.jobs = jobs;
        this.mainClass = mainClass;
    }

    /** Puts the jobs of a dead server back in the queue and starts taking jobs. */
    public void start() {
        jobs.requeueInterrupted();
        thread = new Thread(this::loop, "caissa-jobs");
        thread.setDaemon(true);
        thread.start();
    }

    /** Something was queued: look now rather than at the next poll. */
    public void wake() {
        synchronized (lock) {
            woken = true;
            lock.notifyAll();
        }
    }

    /** The jobs whose child runs now. */
    public List<Long> runningJobs() {
        synchronized (lock) {
            return List.copyOf(running.keySet());
        }
    }

    /**
     * Stops a running job's child (a competition stopped from its page). The job is left to
     * whoever stops it to record; the runner does not retry it.
     *
     * @return whether it ran
     */
    public boolean stop(long jobId) {
        Child child;
        synchronized (lock) {
            child = running.remove(jobId);
        }
        if (child == null) {
            return false;
        }
        end(child.process());
        wake();
        return true;
    }

    private void loop() {
        while (true) {
            synchronized (lock) {
                if (closed) {
                    return;
                }
                if (!woken) {
                    try {
                        lock.wait(POLL_MILLIS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                woken = false;
                if (closed) {
                    return;
                }
            }
            try {
                reapFinished();
                startWhatFits();
            } catch (RuntimeException e) {
                // A database that is busy or failing now may answer at the next poll; the jobs wait in it.
                System.err.println("caissa serve: the job queue: " + e.getMessage());
            }
        }
    }

    private void reapFinished() {
        List<Child> finished = new ArrayList<>();
        synchronized (lock) {
            running.values().removeIf(c -> {
                if (!c.process().isAlive()) {
                    finished.add(c);
                    return true;
                }
                return false;
            });
        }
        for (Child child : finished) {
            int exit = child.process().exitValue();
            jobs.ended(
                    child.job().id(),
                    exit == 0,
                    exit == 0
                            ? Optional.empty()
                            : Optional.of(
                                    lastLine(contest.layout().jobLog(child.job().id()), exit)));
        }
    }

    private void startWhatFits() {
        int total = contest.definition().slots();
        for (Job job : jobs.queued()) {
            int used;
            synchronized (lock) {
                used = running.values().stream().mapToInt(Child::slots).sum();
            }
            int needed = Math.min(total, Math.max(1, JobWorks.of(job.kind()).slots(job, contest)));
            if (used + needed > total) {
                return; // In order: a later job does not pass one that waits for slots.
            }
            if (!jobs.start(job)) {
                continue;
            }
            try {
                Process process = startChild(job);
                synchronized (lock) {
                    running.put(job.id(), new Child(job, process, needed));
                }
                // Its end is seen at once, not at the next poll: the next job (or attempt) starts then.
                process.onExit().thenRun(this::wake);
            } catch (IOException | UncheckedIOException e) {
                jobs.ended(job.id(), false, Optional.of("cannot start the job's process: " + e.getMessage()));
            }
        }
    }

    private Process startChild(Job job) throws IOException {
        Path log = contest.layout().jobLog(job.id());
        Files.createDirectories(log.getParent());
        ProcessBuilder builder = new ProcessBuilder(childCommand(job.id()))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        // The child's standard input is a pipe the server keeps open: it ends when the server does.
        builder.redirectInput(ProcessBuilder.Redirect.PIPE);
        return builder.start();
    }

    /** {@code java [options] -cp CLASS_PATH caissa.arena.cli.Main contest job --data DIR --job ID}. */
    List<String> childCommand(long jobId) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmOptions());
        // Under -jar the manifest gives this export (the bots' pipes); with -cp it must be said.
        command.add("--add-exports=java.base/sun.nio.ch=ALL-UNNAMED");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(
                List.of("contest", "job", "--data", contest.layout().dir().toString(), "--job", Long.toString(jobId)));
        return command;
    }

    /**
     * The server's JVM options that matter to the child: properties (where the sample bots are),
     * memory and collector settings. Agents and debuggers stay with the server.
     */
    static List<String> jvmOptions() {
        List<String> options = new ArrayList<>();
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (option.startsWith("-agentlib")
                    || option.startsWith("-javaagent")
                    || option.startsWith("-agentpath")
                    || option.startsWith("-Xdebug")
                    || option.startsWith("-Xrunjdwp")) {
                continue;
            }
            options.add(option);
        }
        return options;
    }

    private static String lastLine(Path log, int exit) {
        String last = "";
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (String line : lines) {
                if (!line.isBlank()) {
                    last = line.strip();
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // The exit code alone says it failed.
        }
        String text = "the job's process ended with exit code " + exit + (last.isEmpty() ? "" : ": " + last);
        return text.length() > 500 ? text.substring(0, 500) + "…" : text;
    }

    /** Ends a child: its standard input closed (it stops at once), then killed if it lingers. */
    private static void end(Process process) {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // Closed already.
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Stops taking jobs and ends the running children; their jobs are queued again at the next start. */
    @Override
    public void close() {
        List<Child> children;
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
            children = new ArrayList<>(running.values());
            running.clear();
        }
        if (thread != null) {
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        children.forEach(c -> end(c.process()));
        // Their jobs stay running in the database: the next start queues them again, as after a kill.
    }
}
