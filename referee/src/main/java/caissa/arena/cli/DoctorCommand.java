package caissa.arena.cli;

import caissa.arena.Version;
import caissa.arena.command.ExitCodes;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.records.Json;
import caissa.arena.sandbox.Host;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Prints what this machine gives the arena ({@link Host}), one line a part, with the fix for what is missing. */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        header = "Show what this machine gives the arena, and how to fix what is missing.",
        description = "Show what this machine gives the arena, one line each: the sandbox (bubblewrap, or why not), the"
                + " cgroup version and controllers and whether the arena may use them, how each bot's memory and processes"
                + " are limited, where its CPU time comes from, how an idle bot is suspended and its processes ended, how its"
                + " output is read, and the JDK. Below each part that could be better, the fix."
                + " Exit codes: 0 every part works as well as it can, 1 something is missing (its fix is printed).")
final class DoctorCommand implements Callable<Integer> {

    /** The versioned name of what {@code --json} writes. */
    static final String SCHEMA = "caissa-arena/doctor/2";
    /** Where each line's kind starts, so that the kinds stand in one column. */
    private static final int NAME_WIDTH = 11;

    private static final int KIND_WIDTH = 14;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--json",
            paramLabel = "FILE",
            description = "Also write the findings as one JSON document (" + SCHEMA + ")" + JsonTarget.HELP)
    Path json;

    @Override
    public Integer call() throws IOException {
        JsonTarget.check(json);
        Host host = Host.detect();
        PrintWriter out = spec.commandLine().getOut();
        if (json != null) {
            JsonTarget.write(json, Json.write(document(host)), out);
        }
        if (!JsonTarget.toStandardOutput(json)) {
            lines(host).forEach(out::println);
        }
        out.flush();
        return host.works() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    /**
     * The text {@code caissa doctor} prints: a line per part (its name, the kind in use, what it
     * means here), the fix on the line below a part that could be better, the JDK, and a last
     * line that says whether anything is missing.
     */
    static List<String> lines(Host host) {
        List<String> lines = new ArrayList<>();
        List<String> wanting = new ArrayList<>();
        for (Map.Entry<String, Host.Part<?>> entry : host.parts().entrySet()) {
            Host.Part<?> part = entry.getValue();
            lines.add(line(entry.getKey(), part.kind().word(), part.detail()));
            part.fix().ifPresent(fix -> {
                lines.add(" ".repeat(NAME_WIDTH + KIND_WIDTH) + "fix: " + TerminalText.escape(fix));
                wanting.add(entry.getKey());
            });
        }
        Host.Jdk jdk = host.jdk();
        lines.add(line("jdk", jdk.version(), jdk.vendor() + ", " + jdk.home()));
        lines.add(
                wanting.isEmpty()
                        ? "every part works as well as it can here"
                        : "missing here: " + String.join(", ", wanting) + " (see the fixes above)");
        return lines;
    }

    private static String line(String name, String kind, String detail) {
        return pad(name, NAME_WIDTH) + pad(kind, KIND_WIDTH) + TerminalText.escape(detail);
    }

    private static String pad(String text, int width) {
        return text.length() >= width ? text + " " : text + " ".repeat(width - text.length());
    }

    /** What {@code --json} writes: the same parts, each {@code {kind, detail, fix}}, under a versioned schema name. */
    static Map<String, Object> document(Host host) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schema", SCHEMA);
        doc.put("arenaVersion", Version.current());
        doc.put("works", host.works());
        host.parts().forEach((name, part) -> {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("kind", part.kind().word());
            fields.put("detail", part.detail());
            fields.put("fix", part.fix().orElse(null));
            doc.put(name.equals("cpu-clock") ? "cpuClock" : name, fields);
            if (name.equals("cgroup")) {
                fields.put("controllers", host.controllers());
            }
        });
        Map<String, Object> jdk = new LinkedHashMap<>();
        jdk.put("version", host.jdk().version());
        jdk.put("vendor", host.jdk().vendor());
        jdk.put("home", host.jdk().home());
        doc.put("jdk", jdk);
        return doc;
    }
}
