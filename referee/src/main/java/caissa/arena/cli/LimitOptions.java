package caissa.arena.cli;

import caissa.arena.command.UsageException;
import caissa.arena.sandbox.ResourceLimits;
import picocli.CommandLine.Option;

/** The resource limit options shared by play, validate and match (a tournament file has its own fields). */
final class LimitOptions {

    @Option(
            names = "--memory",
            paramLabel = "SIZE",
            description = "Memory each bot may use with all its processes, like 512M or 2G (default: 1G).")
    String memory;

    @Option(
            names = "--max-processes",
            paramLabel = "N",
            description = "Processes and threads each bot may have at once (default: 64).")
    Integer processes;

    @Option(names = "--max-open-files", paramLabel = "N", description = "Open files per bot process (default: 256).")
    Integer openFiles;

    @Option(
            names = "--max-file-size",
            paramLabel = "SIZE",
            description = "Largest file a bot may write (default: 64M).")
    String fileSize;

    @Option(
            names = "--max-scratch",
            paramLabel = "SIZE",
            description = "What a sandboxed bot may write in each of /scratch, /tmp and /dev/shm (default: 256M).")
    String scratch;

    ResourceLimits limits() {
        ResourceLimits limits = ResourceLimits.DEFAULT;
        try {
            if (memory != null) {
                limits = limits.withMemory(parse("--memory", memory));
            }
            if (processes != null) {
                limits = limits.withProcesses(processes);
            }
            if (openFiles != null) {
                limits = limits.withOpenFiles(openFiles);
            }
            if (fileSize != null) {
                limits = limits.withFileSize(parse("--max-file-size", fileSize));
            }
            if (scratch != null) {
                limits = limits.withScratch(parse("--max-scratch", scratch));
            }
        } catch (IllegalArgumentException e) {
            String message = String.valueOf(e.getMessage());
            throw new UsageException(message.startsWith("--") ? message : optionFor(e) + message);
        }
        return limits;
    }

    private String optionFor(IllegalArgumentException e) {
        String m = String.valueOf(e.getMessage());
        return m.startsWith("memory")
                ? "--memory: "
                : m.startsWith("process")
                        ? "--max-processes: "
                        : m.startsWith("open")
                                ? "--max-open-files: "
                                : m.startsWith("scratch") ? "--max-scratch: " : "--max-file-size: ";
    }

    private static long parse(String option, String text) {
        try {
            return ResourceLimits.parseBytes(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
    }
}
