package caissa.arena.bot;

import caissa.arena.linux.BotCgroup;
import caissa.arena.linux.ProcessCpu;
import caissa.arena.linux.RunQueueWait;
import caissa.arena.sandbox.Containment;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where a bot's CPU time comes from, and whether the time its main thread waited for a core is
 * excused: chosen once for the bot from its command's parts (see {@link Holder}), not looked up
 * at each reply. Its processes' {@code /proc} times ({@link OfProcesses}); its cgroup's ({@link
 * OfCgroup}); or its cgroup's with the wait excused, in a sandbox ({@link OfSandboxedCgroup}).
 */
sealed interface CpuClock permits CpuClock.OfProcesses, CpuClock.OfCgroup, CpuClock.OfSandboxedCgroup {

    /** CPU time (user + system) the bot has used so far, in nanoseconds. */
    long cpuNanos();

    /**
     * How long, in all, the bot's main thread has been ready to run but waiting for a core, in
     * nanoseconds: time the machine, not the bot, spent. -1 where it is not excused.
     */
    long waitedNanos();

    /** After the bot's end: what the clock keeps open is closed. */
    void close();

    /** The clock of a bot whose processes no cgroup holds, or of one whose cgroup is gone: its processes' times. */
    record OfProcesses(long started) implements CpuClock {
        @Override
        public long cpuNanos() {
            return ProcessCpu.nanos(started);
        }

        @Override
        public long waitedNanos() {
            return -1;
        }

        @Override
        public void close() {}
    }

    /**
     * The cgroup's CPU time, every process the bot has; its processes' where the group cannot
     * say (it is asked for each time: once the containment is closed it may be another bot's).
     * No wait is excused: outside a sandbox the bot could keep a helper outside its cgroup (a
     * process it left there, the network) thinking while its main thread is made to wait.
     */
    record OfCgroup(Containment containment, long started) implements CpuClock {
        @Override
        public long cpuNanos() {
            return cgroupNanos(containment, started);
        }

        @Override
        public long waitedNanos() {
            return -1;
        }

        @Override
        public void close() {}
    }

    /**
     * The cgroup's CPU time, and the wait of the bot's main thread excused: the cgroup's CPU time
     * bounds what the game excuses (a bot cannot make its main thread wait on its own children and
     * have that excused while they work), and the sandbox leaves it no helper outside the cgroup
     * (no network, no other processes) to think while its main thread is made to wait.
     */
    final class OfSandboxedCgroup implements CpuClock {
        private final Containment containment;
        private final long started;
        private final Wrapping wrapping;
        /** The bot's main thread's wait for a core, opened once the bot is found. */
        private RunQueueWait mainThreadWait;

        OfSandboxedCgroup(Containment containment, long started, Wrapping wrapping) {
            this.containment = containment;
            this.started = started;
            this.wrapping = wrapping;
        }

        @Override
        public long cpuNanos() {
            return cgroupNanos(containment, started);
        }

        /** -1 once the cgroup is given back, or while the sandboxed bot has not yet started. */
        @Override
        public long waitedNanos() {
            if (containment.cgroup().isEmpty()) {
                return -1;
            }
            if (mainThreadWait == null) {
                long pid = wrapping.bot(started);
                if (pid < 0) {
                    return -1;
                }
                mainThreadWait = RunQueueWait.ofMainThread(pid);
            }
            return mainThreadWait.nanos();
        }

        @Override
        public void close() {
            if (mainThreadWait != null) {
                mainThreadWait.close();
            }
        }
    }

    private static long cgroupNanos(Containment containment, long started) {
        Optional<BotCgroup> group = containment.cgroup();
        if (group.isPresent()) {
            OptionalLong used = group.get().cpuTimeNanos();
            if (used.isPresent()) {
                return used.getAsLong();
            }
        }
        return ProcessCpu.nanos(started);
    }
}
