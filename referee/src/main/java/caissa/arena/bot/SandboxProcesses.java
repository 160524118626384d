package caissa.arena.bot;

import caissa.arena.linux.ProcessCpu;
import caissa.arena.linux.ProcessTree;
import java.util.ArrayList;
import java.util.List;

/**
 * The processes of a bubblewrap sandbox as seen from the one the arena started (bubblewrap's
 * outer process): its only child is the sandbox's init, process 1 of the sandbox's PID
 * namespace, whose only child is the bot. Found through {@code /proc/PID/task/TID/children},
 * a few small reads, never a scan of the whole process table.
 */
final class SandboxProcesses {

    private SandboxProcesses() {}

    /** The sandbox's init, or -1 while it cannot be told (it has not started, or is gone). */
    static long init(long outer) {
        List<Long> children = ProcessCpu.children(outer);
        return children.size() == 1 ? children.get(0) : -1;
    }

    /** bubblewrap's outer process and the sandbox's init; empty while the init cannot be told. */
    static List<Long> wrappers(long outer) {
        long init = init(outer);
        return init < 0 ? List.of() : List.of(outer, init);
    }

    /** The bot in its sandbox, or -1 while it cannot be told. */
    static long bot(long outer) {
        long init = init(outer);
        if (init < 0) {
            return -1;
        }
        List<Long> bot = ProcessCpu.children(init);
        return bot.size() == 1 ? bot.get(0) : -1;
    }

    /**
     * How many processes below {@code init} run now (zombies left out), other than {@code
     * except}: what a bot started, in its sandbox, where every orphan is the init's.
     */
    static int runningBelow(long init, long except) {
        int count = 0;
        List<Long> pending = new ArrayList<>(ProcessCpu.children(init));
        // A fork bomb's tree is bounded by its process limit; the bound here keeps a walk short regardless.
        for (int seen = 0; !pending.isEmpty() && seen < 100_000; seen++) {
            long pid = pending.remove(pending.size() - 1);
            if (pid != except && ProcessHandle.of(pid).map(ProcessTree::running).orElse(false)) {
                count++;
            }
            pending.addAll(ProcessCpu.children(pid));
        }
        return count;
    }
}
