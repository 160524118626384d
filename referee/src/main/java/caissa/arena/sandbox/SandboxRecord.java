package caissa.arena.sandbox;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What held one bot in one game, as its game log records it: each part of the containment as it
 * was chosen for this machine, so that a result can be read knowing what was enforced.
 *
 * @param sandbox {@code bwrap} or {@code none}
 * @param limitsBy how memory and processes were limited: {@code cgroup-v1}, {@code cgroup-v2},
 *     {@code watchdog} (the arena watched the bot's processes) or {@code none} (portable mode)
 * @param limits the figures
 * @param scratch the bot's scratch folder on the host, kept after the game on request; null when deleted or none
 * @param suspendBy how the bot was kept from running while it was not its turn: {@code freezer}
 *     (its cgroup's), {@code signals} (SIGSTOP and SIGCONT to its process group) or {@code none}
 * @param endBy how its processes were found and ended after the game: {@code cgroup}, {@code
 *     pid-namespace} (its sandbox's: all die with it) or {@code process-tree}
 * @param output how its replies were read: {@code polled} by the game's thread or on {@code threads}
 */
@JsonPropertyOrder({"sandbox", "limitsBy", "limits", "scratch", "suspendBy", "endBy", "output"})
public record SandboxRecord(
        String sandbox,
        String limitsBy,
        ResourceLimits limits,
        String scratch,
        String suspendBy,
        String endBy,
        String output) {

    /** The same record with how the bot was suspended, ended and read, which its process decides. */
    public SandboxRecord with(String suspendBy, String endBy, String output) {
        return new SandboxRecord(sandbox, limitsBy, limits, scratch, suspendBy, endBy, output);
    }
}
