package caissa.arena.sandbox;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What held one bot in one game, as its game log records it.
 *
 * @param sandbox {@code bwrap} or {@code none}
 * @param limitsBy how the limits were enforced: {@code cgroup-v1}, {@code cgroup-v2} or {@code rlimit}
 * @param limits the figures
 * @param scratch the bot's scratch folder on the host, kept after the game on request; null when deleted or none
 */
@JsonPropertyOrder({"sandbox", "limitsBy", "limits", "scratch"})
public record SandboxRecord(String sandbox, String limitsBy, ResourceLimits limits, String scratch) {
}
