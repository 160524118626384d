package caissa.arena.sandbox;

import caissa.arena.linux.BotCgroup;
import java.io.IOException;
import java.util.Objects;

/**
 * How a command's bots are held to their memory and process limits, chosen once for the command
 * (see {@link Parts}): a cgroup of the machine's version for each bot ({@link ByCgroup}), the
 * {@link LimitWatchdog} where the arena can have no cgroup ({@link ByWatchdog}), or not at all
 * where there is no {@code /proc} to watch either ({@link Unlimited}). Each bot's share of it is
 * a {@link LimitHold}.
 */
public sealed interface Limiting permits Limiting.ByCgroup, Limiting.ByWatchdog, Limiting.Unlimited {

    /** The kind, as {@code caissa doctor} and the game log name it. */
    Host.LimitsBy kind();

    /** Takes hold of one bot's limits for one game, or says why the arena could not. */
    Holding hold(ResourceLimits limits);

    /** What taking hold of a bot's limits came to. */
    sealed interface Holding {
        record Held(LimitHold hold) implements Holding {}

        /** The arena's own layer failed (a cgroup it could not make): the bot cannot start. */
        record Refused(String reason) implements Holding {}
    }

    /**
     * A cgroup of {@code version} for each bot. One that cannot be made is the bot's start
     * failing, with the kernel's cause: never a quiet fall back to the watchdog, whose limits
     * hold differently from those of the bots it plays.
     */
    record ByCgroup(Host.LimitsBy version) implements Limiting {
        public ByCgroup {
            if (version != Host.LimitsBy.CGROUP_V1 && version != Host.LimitsBy.CGROUP_V2) {
                throw new IllegalArgumentException("not a cgroup version: " + version);
            }
        }

        @Override
        public Host.LimitsBy kind() {
            return version;
        }

        @Override
        public Holding hold(ResourceLimits limits) {
            try {
                return new Holding.Held(new LimitHold.Grouped(
                        BotCgroup.take(
                                version == Host.LimitsBy.CGROUP_V1 ? BotCgroup.Version.V1 : BotCgroup.Version.V2,
                                limits.group()),
                        limits));
            } catch (IOException e) {
                return new Holding.Refused(
                        "the arena could not make its " + version.word() + " group: " + e.getMessage());
            }
        }
    }

    /** The {@link LimitWatchdog} watches each bot's processes from the moment it starts. */
    record ByWatchdog() implements Limiting {
        @Override
        public Host.LimitsBy kind() {
            return Host.LimitsBy.WATCHDOG;
        }

        @Override
        public Holding hold(ResourceLimits limits) {
            return new Holding.Held(new LimitHold.Watched(Objects.requireNonNull(limits, "limits")));
        }
    }

    /** Nothing holds memory and processes (portable mode, or no {@code /proc}). */
    record Unlimited() implements Limiting {
        @Override
        public Host.LimitsBy kind() {
            return Host.LimitsBy.NONE;
        }

        @Override
        public Holding hold(ResourceLimits limits) {
            return new Holding.Held(new LimitHold.Unheld());
        }
    }
}
