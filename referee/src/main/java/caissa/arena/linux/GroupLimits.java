package caissa.arena.linux;

/**
 * What a control group holds its processes to: the part of a bot's limits that the kernel
 * enforces through the group. Two groups with the same figures are interchangeable, which is
 * what lets an idle cgroup v1 group serve a later bot (see {@link CgroupV1}).
 *
 * @param memoryBytes memory of all the group's processes together
 * @param processes processes and threads of the group, all counted together
 */
public record GroupLimits(long memoryBytes, int processes) {

    public GroupLimits {
        if (memoryBytes < 1) {
            throw new IllegalArgumentException("a group's memory limit must be positive");
        }
        if (processes < 1) {
            throw new IllegalArgumentException("a group's process limit must be at least 1");
        }
    }
}
