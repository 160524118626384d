package caissa.arena.sandbox;

import caissa.arena.linux.BotCgroup;

/**
 * What the sandboxes keep between games while bots run: idle cgroups kept for the next bot (see
 * {@link BotCgroup#take}), the frozen cgroup that keeps the kernel's freezer on, and the
 * folder of files handed to bubblewrap. Open while any command's bots run (see {@code
 * caissa.arena.bot.BotHost}); given back when the last of them closes, and never kept after.
 */
public final class SharedSandbox {

    private static int open;

    private SharedSandbox() {}

    /** A command's bots begin: what the sandboxes make may be kept for the next game. */
    public static synchronized void open() {
        open++;
        BotCgroup.keepGroups(true);
    }

    /** A command's bots are done: when no other command's are running, everything kept is given back. */
    public static synchronized void close() {
        if (open > 0 && --open == 0) {
            BotCgroup.keepGroups(false);
            BotCgroup.removeKept();
            SandboxFiles.removeFolder();
        }
    }
}
