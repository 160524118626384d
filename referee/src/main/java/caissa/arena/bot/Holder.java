package caissa.arena.bot;

import caissa.arena.linux.ProcessTree;
import caissa.arena.program.BotCommand;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Host;
import caissa.arena.sandbox.SandboxRecord;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What holds one bot's process, from its start to after its end, and the parts its process is
 * composed of, chosen once when it starts: its {@link Containment} (the sandbox and limits its
 * command chose for every bot, its {@code Parts}), or nothing for a plain
 * process ({@link Plain}), whose parts are as definite as any other's: its own session, stop
 * signals, its process tree, its processes' CPU times.
 */
sealed interface Holder permits Holder.Contained, Holder.Plain {

    /** The command line that starts the bot's {@code command} (already resolved). */
    List<String> argv(BotCommand command);

    /** What the process started wraps around the bot. */
    Wrapping wrapping();

    /** How the bot is kept still while it is not to move. */
    Suspension suspension(Process process);

    /** How the bot's processes are ended. */
    Ending ending(Process process, ProcessTree tree);

    /** How the bot's output is read: polled by the thread that waits for a reply where it can be, or on a thread of its own. */
    Host.Output output();

    /** Where the bot's CPU time comes from. */
    CpuClock clock(Process process);

    /** Starts watching the bot from the process the arena started (see {@link Containment#watch}). */
    void watch(ProcessHandle started);

    /**
     * The exit status of a launch that ended before the bot's program ran (the arena's own
     * layer failed), from {@code exitStatus} once it has ended; empty where the program was
     * reached, while the launch runs, and where nothing but the program is started.
     */
    Optional<Integer> launchEnded(Supplier<Optional<Integer>> exitStatus);

    /** The resource limit the bot went over, in words with its figure, if it did. */
    Optional<String> limitHit(Process process);

    /** What held the bot, for its game log, with how it was suspended, ended and read; empty for a plain process. */
    Optional<SandboxRecord> record(String suspension, String ending, String output);

    /** The containment, where there is one. */
    Optional<Containment> containment();

    /** After the bot's end, or a start that failed: what holds it is given back. */
    void close();

    /**
     * The same after an ending that saw every process of the bot released ({@link
     * Ending.Ended#released}): what holds it need not look for any.
     */
    default void close(boolean released) {
        close();
    }

    /** A bot in its containment, with the parts its command chose for every bot. */
    final class Contained implements Holder {
        private final Containment containment;
        private final Wrapping wrapping;

        Contained(Containment containment) {
            // A plain process is Plain, not a missing containment.
            this.containment = Objects.requireNonNull(containment, "containment");
            this.wrapping = Wrapping.of(containment.parts().launching().kind());
        }

        @Override
        public List<String> argv(BotCommand command) {
            return containment.wantsSession()
                    ? Launch.inOwnSession(new BotCommand(containment.argv(), command.workingDir(), command.env()))
                    : containment.argv();
        }

        @Override
        public Wrapping wrapping() {
            return wrapping;
        }

        @Override
        public Suspension suspension(Process process) {
            return switch (containment.parts().suspend()) {
                case FREEZER -> new Suspension.Freezer(process, containment, wrapping);
                case SIGNALS -> new Suspension.StopSignals(process, wrapping);
                case NONE -> new Suspension.Unsuspended();
            };
        }

        @Override
        public Ending ending(Process process, ProcessTree tree) {
            return switch (containment.parts().end()) {
                case CGROUP -> new Ending.ByCgroup(process, containment, tree, wrapping);
                case PID_NAMESPACE -> new Ending.ByPidNamespace(process, tree);
                case PROCESS_TREE -> new Ending.ByProcessTree(process, tree);
            };
        }

        @Override
        public Host.Output output() {
            return containment.parts().output();
        }

        @Override
        public CpuClock clock(Process process) {
            return switch (containment.parts().clock()) {
                case CGROUP -> wrapping.cgroupClock(containment, process.pid());
                case SCHEDSTAT, NONE -> new CpuClock.OfProcesses(process.pid());
            };
        }

        @Override
        public void watch(ProcessHandle started) {
            containment.watch(started);
        }

        @Override
        public Optional<Integer> launchEnded(Supplier<Optional<Integer>> exitStatus) {
            return exitStatus.get().filter(status -> !containment.programReached());
        }

        @Override
        public Optional<String> limitHit(Process process) {
            return containment.limitHit(process.isAlive() ? Optional.empty() : Optional.of(process.exitValue()));
        }

        @Override
        public Optional<SandboxRecord> record(String suspension, String ending, String output) {
            return Optional.of(containment.record().with(suspension, ending, output));
        }

        @Override
        public Optional<Containment> containment() {
            return Optional.of(containment);
        }

        @Override
        public void close() {
            containment.close();
        }

        @Override
        public void close(boolean released) {
            containment.close(released);
        }
    }

    /**
     * A plain process held by nothing (the tests of the process layer start bots this way): a
     * session of its own, stop signals to its group, its process tree, its processes' CPU times;
     * its output read as {@code output} says (the machine's way, see {@code Parts#outputReading});
     * no limits, no record.
     */
    record Plain(Host.Output output) implements Holder {
        public Plain {
            Objects.requireNonNull(output, "output");
        }

        @Override
        public List<String> argv(BotCommand command) {
            return Launch.inOwnSession(command);
        }

        @Override
        public Wrapping wrapping() {
            return new Wrapping.Bare();
        }

        @Override
        public Suspension suspension(Process process) {
            return new Suspension.StopSignals(process, wrapping());
        }

        @Override
        public Ending ending(Process process, ProcessTree tree) {
            return new Ending.ByProcessTree(process, tree);
        }

        @Override
        public CpuClock clock(Process process) {
            return new CpuClock.OfProcesses(process.pid());
        }

        @Override
        public void watch(ProcessHandle started) {}

        @Override
        public Optional<Integer> launchEnded(Supplier<Optional<Integer>> exitStatus) {
            return Optional.empty();
        }

        @Override
        public Optional<String> limitHit(Process process) {
            return Optional.empty();
        }

        @Override
        public Optional<SandboxRecord> record(String suspension, String ending, String output) {
            return Optional.empty();
        }

        @Override
        public Optional<Containment> containment() {
            return Optional.empty();
        }

        @Override
        public void close() {}
    }
}
