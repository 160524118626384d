package caissa.arena.sandbox;

import caissa.arena.linux.Namespaces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * An ordinary user's plain bot (no bubblewrap, no cgroup) in a user namespace of its own, made by
 * util-linux's {@code unshare}, which maps the user to itself and then executes the launch in
 * place (no process of its own stays). Since Linux 5.14 the kernel counts {@code RLIMIT_NPROC}
 * per user namespace: a process limit the launch sets inside counts the bot's processes alone,
 * never the organiser's others, so that the kernel itself refuses a fork burst at the limit where
 * the watchdog would see it only at its next look. Nothing else changes: the bot is still the
 * arena's own user, with all that user may reach (see {@link Host#reach}).
 */
final class OwnUserNamespace {

    private static final List<String> PLACES = List.of("/usr/bin/unshare", "/bin/unshare");

    private OwnUserNamespace() {}

    /** The command that puts what follows it in a user namespace of its own, mapped to the same user. */
    static List<String> argv(Path unshare) {
        return List.of(unshare.toString(), "--user", "--map-current-user", "--");
    }

    /**
     * Where {@code unshare} is, if an ordinary user's plain bots can be put in a namespace of their own
     * here: the kernel counts processes per namespace, the program is there, and a trial namespace
     * is made and mapped (a kernel or a security module that refuses unprivileged user namespaces,
     * such as Ubuntu's AppArmor setting, fails it). Empty for root, whose bots are users of their own.
     */
    static Optional<Path> available(boolean root) {
        if (root || !Namespaces.countsProcessesPerUserNamespace()) {
            return Optional.empty();
        }
        Optional<Path> unshare =
                PLACES.stream().map(Path::of).filter(Files::isExecutable).findFirst();
        return unshare.filter(OwnUserNamespace::trial);
    }

    private static boolean trial(Path unshare) {
        return TrialRun.succeeds(concat(argv(unshare), List.of("/bin/sh", "-c", "exit 0")), 5);
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return Stream.concat(first.stream(), second.stream()).toList();
    }
}
