package caissa.arena.bot;

import caissa.arena.linux.ProcessCpu;
import caissa.arena.linux.Signals;
import caissa.arena.linux.TreeUsage;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Machine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a bot that is not to move is kept from the CPU: its cgroup's freezer ({@link Freezer}),
 * SIGSTOP and SIGCONT to its process group ({@link StopSignals}), or not at all ({@link
 * Unsuspended}). One is chosen when the bot starts; the game log records which.
 */
sealed interface Suspension permits Suspension.Freezer, Suspension.StopSignals, Suspension.Unsuspended {

    /** Stops the bot and everything it started; returns once that is under way. */
    void suspend();

    /** Lets a suspended bot run again. */
    void resume();

    /** {@code freezer}, {@code signals} or {@code none}, as the game log records it. */
    String word();

    /**
     * The bot's cgroup, frozen whole, sandboxed or not. The freeze is not waited for: a bot that
     * forks without pause would make the game wait, and a freeze that timed out would leave it
     * half frozen with no thaw to come.
     */
    final class Freezer implements Suspension {
        private final Process process;
        private final Containment containment;
        private final Wrapping wrapping;
        private boolean exempted;
        private boolean frozen;

        Freezer(Process process, Containment containment, Wrapping wrapping) {
            this.process = process;
            this.containment = containment;
            this.wrapping = wrapping;
        }

        @Override
        public void suspend() {
            if (frozen || !process.isAlive()) {
                return;
            }
            // The group is asked for each time: once the containment is closed it may be another bot's.
            containment.cgroup().ifPresent(group -> {
                if (!exempted) {
                    // Once, before the first freeze: a sandbox's own processes need no freezing.
                    exempted = true;
                    wrapping.exemptFromFreezing(group, process.pid());
                }
                frozen = group.startFreezing();
            });
        }

        @Override
        public void resume() {
            if (frozen) {
                containment.cgroup().ifPresent(group -> group.thaw());
                frozen = false;
            }
        }

        @Override
        public String word() {
            return "freezer";
        }
    }

    /**
     * SIGSTOP and SIGCONT to the process group that holds the bot and all it started: in a
     * sandbox its init, which bubblewrap's {@code --new-session} makes lead a session and group
     * of its own; outside one the process started, which {@code setsid} made a leader. Found at
     * the first suspension (the bot has its group by then); none where there is no such group,
     * since the signal would reach the arena.
     *
     * <p>A process of the bot may leave that group ({@code setsid}): each suspension also walks
     * the bot's process tree and stops, one by one, every process in it that is outside the group,
     * and keeps them to continue with the group, and to stop again while they live, even once
     * orphaned. What they start while they are being stopped is looked for again, a few rounds.
     * In a sandbox the tree holds every process of the bot (an orphan's new parent is the sandbox's
     * init); outside one, a process orphaned before any suspension saw it is out of reach.
     */
    final class StopSignals implements Suspension {
        /** Rounds of looking for processes outside the group that were started while the last were being stopped. */
        private static final int ROUNDS = 4;

        private final Process process;
        /** Which process leads the group: in a sandbox its init, else the process started. */
        private final Wrapping wrapping;
        /** 0 until looked for, -1 when there is no group of the bot's own. */
        private long leader;

        private boolean stopped;
        /** The bot's processes seen outside its group, by pid (the handle knows its start, so a reused pid is not one). */
        private final Map<Long, ProcessHandle> outside = new LinkedHashMap<>();

        StopSignals(Process process, Wrapping wrapping) {
            this.process = process;
            this.wrapping = wrapping;
        }

        @Override
        public void suspend() {
            if (!stopped && process.isAlive() && leader() > 0) {
                // The shell that sends signals starts at the first need (see Signals).
                Signals signals = Machine.current().signals().orElse(null);
                if (signals == null) {
                    return;
                }
                stopped = signals.stop(leader);
                outside.values().removeIf(handle -> !handle.isAlive());
                Set<Long> toStop = new LinkedHashSet<>(outside.keySet());
                for (int round = 0; round < ROUNDS; round++) {
                    toStop.addAll(newlyOutside());
                    if (toStop.isEmpty() || !signals.stopEach(toStop)) {
                        break;
                    }
                    toStop.clear();
                }
            }
        }

        /** The processes of the bot's tree outside its group that were not seen before, now remembered. */
        private List<Long> newlyOutside() {
            List<Long> found = new ArrayList<>();
            for (long pid : TreeUsage.of(leader).pids()) {
                if (!outside.containsKey(pid) && ProcessCpu.processGroup(pid) != leader) {
                    ProcessHandle.of(pid).ifPresent(handle -> {
                        outside.put(pid, handle);
                        found.add(pid);
                    });
                }
            }
            return found;
        }

        @Override
        public void resume() {
            if (stopped) {
                outside.values().removeIf(handle -> !handle.isAlive());
                Machine.current().signals().ifPresent(signals -> signals.resume(leader, outside.keySet()));
                stopped = false;
            }
        }

        private long leader() {
            if (leader == 0) {
                long pid = wrapping.groupLeader(process.pid());
                if (pid < 0) {
                    return -1;
                }
                leader = ProcessCpu.processGroup(pid) == pid ? pid : -1;
            }
            return leader;
        }

        @Override
        public String word() {
            // A group never looked for (suspension was off) is not known to be missing.
            return leader < 0 ? "none" : "signals";
        }
    }

    /** Idle bots keep running: no cgroup, and no way to signal their processes alone. */
    final class Unsuspended implements Suspension {
        @Override
        public void suspend() {}

        @Override
        public void resume() {}

        @Override
        public String word() {
            return "none";
        }
    }
}
