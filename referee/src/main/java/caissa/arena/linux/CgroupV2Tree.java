package caissa.arena.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Where an arena makes its bots' groups in a cgroup v2 hierarchy, worked out once per arena.
 *
 * <p>On v2 a group that holds processes cannot give controllers to groups below it (the "no
 * internal processes" rule; only the root group is exempt). The arena's own group holds the
 * arena, so the arena first moves itself (every thread: its pid into {@code cgroup.procs}) into a
 * leaf of its group, {@code caissa-PID.NAMESPACE-arena}, then enables the memory, pids and (where
 * offered) cpu controllers in its group and makes each bot's group beside that leaf. The leaf
 * is named like a bot's group, so that the next arena's sweep removes it once this one is gone.
 *
 * <p>The arena's group must be writable by it: as root, or as an ordinary user in a subtree that
 * systemd delegated (a {@code systemd-run --user --scope -p Delegate=yes} scope, which the
 * {@code caissa} launcher uses where it can; a login's {@code session-N.scope} is not delegated).
 * It must also hold no other process (a shell, a build tool): those are not the arena's to move.
 */
final class CgroupV2Tree {

    /** Controllers the bots' groups need; cpu only adds weights and is enabled where offered. */
    private static final List<String> REQUIRED = List.of("memory", "pids");

    /**
     * Where bots' groups go, or why they cannot go anywhere: exactly one of the two is set.
     *
     * @param parent the folder that holds the bots' groups (and the arena's leaf)
     * @param problem why cgroup v2 cannot be used, in one line
     */
    record Place(Path parent, String problem) {

        static Place usable(Path parent) {
            return new Place(parent, null);
        }

        static Place unusable(String problem) {
            return new Place(null, problem);
        }

        boolean isUsable() {
            return parent != null;
        }
    }

    private CgroupV2Tree() {}

    /**
     * Sets up the arena's place in the v2 hierarchy mounted at {@code mount}: moves process
     * {@code pid} (the arena, whose group is {@code ownGroup} as /proc/self/cgroup names it) into
     * the leaf {@code leafName} and enables the controllers in its group.
     */
    static Place setUp(Path mount, String ownGroup, long pid, String leafName) {
        if (!Files.isRegularFile(mount.resolve("cgroup.controllers"))) {
            return Place.unusable("no cgroup v2 hierarchy at " + mount);
        }
        if (ownGroup == null) {
            return Place.unusable("/proc/self/cgroup names no cgroup v2 group for the arena");
        }
        Path own = mount.resolve(ownGroup.substring(1)).normalize();
        if (!own.startsWith(mount) || !Files.isDirectory(own)) {
            return Place.unusable("the arena's group " + ownGroup + " is not visible under " + mount);
        }
        // Only the root group has no cgroup.type; it may hold processes and still give controllers.
        boolean root = !Files.exists(own.resolve("cgroup.type"));
        if (!root) {
            if (!Files.isWritable(own.resolve("cgroup.procs"))
                    || !Files.isWritable(own.resolve("cgroup.subtree_control"))) {
                return Place.unusable(
                        "the arena's group " + own + " is not delegated to this user (its cgroup.procs or "
                                + "cgroup.subtree_control is not writable); start the arena with "
                                + "'systemd-run --user --scope -p Delegate=yes', as the caissa launcher does where it can");
            }
            List<Long> others = BotCgroup.processesIn(own);
            others.remove(Long.valueOf(pid));
            if (!others.isEmpty()) {
                return Place.unusable("the arena's group " + own + " holds other processes too (" + others.size()
                        + ", such as pid " + others.get(0) + "): on cgroup v2 it cannot then hold the bots' groups; "
                        + "start the arena in a scope of its own ('systemd-run --scope -p Delegate=yes', with --user "
                        + "as an ordinary user)");
            }
            try {
                Path leaf = own.resolve(leafName);
                if (!Files.isDirectory(leaf)) {
                    Files.createDirectory(leaf);
                }
                write(leaf.resolve("cgroup.procs"), Long.toString(pid));
            } catch (IOException | SecurityException | UnsupportedOperationException e) {
                return Place.unusable("the arena could not move itself into a leaf of its group " + own + ": " + e);
            }
        }
        try {
            Set<String> offered =
                    Set.of(BotCgroup.read(own.resolve("cgroup.controllers")).split("\\s+"));
            List<String> missing =
                    REQUIRED.stream().filter(c -> !offered.contains(c)).toList();
            if (!missing.isEmpty()) {
                return Place.unusable("the " + String.join(" and ", missing) + " controller"
                        + (missing.size() > 1 ? "s are" : " is") + " not offered to the arena's group " + own
                        + " (cgroup.controllers: " + String.join(" ", offered).strip() + ")");
            }
            Set<String> enabled =
                    Set.of(BotCgroup.read(own.resolve("cgroup.subtree_control")).split("\\s+"));
            for (String controller : REQUIRED) {
                if (!enabled.contains(controller)) {
                    write(own.resolve("cgroup.subtree_control"), "+" + controller);
                }
            }
            if (offered.contains("cpu") && !enabled.contains("cpu")) {
                try {
                    write(own.resolve("cgroup.subtree_control"), "+cpu");
                } catch (IOException e) {
                    // CPU time is counted without it (cpu.stat): only weights would need it.
                }
            }
            return Place.usable(own);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return Place.unusable("the memory and pids controllers could not be enabled in " + own + ": " + e);
        }
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value, StandardCharsets.US_ASCII);
    }
}
