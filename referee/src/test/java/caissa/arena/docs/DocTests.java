package caissa.arena.docs;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The doc-test runner: runs the shell blocks of the README and the guides as they are written,
 * so that a command that changes without its doc, or a doc without its command, fails CI.
 *
 * <p>A fenced block runs when the last line before it (blank lines aside) is a marker:
 * {@code <!-- doctest: exit 0, prints "TEXT" -->} ({@code exit 0|1} allows either; {@code prints}
 * may be left out), or {@code <!-- doctest: slurm, exit 0 -->} for a block that needs a SLURM
 * cluster (run with {@code --kind slurm}). {@code <!-- doctest: skip, WHY -->} excuses a block
 * that cannot run here. A block holding a {@code caissa} command with none of these markers is
 * an error: every command shown must be either run or excused.
 *
 * <p>Blocks run with bash, in document order, in the root folder given, standard input empty,
 * standard output and error together; when a block has lines starting with {@code $ }, only those
 * run (a transcript). JDK only, so that CI runs it as a single source file:
 * {@code java referee/src/test/java/caissa/arena/docs/DocTests.java [--kind run|slurm] [--root DIR] [--home DIR] FILE...}
 */
public final class DocTests {

    /** What a marker asks for. */
    enum Kind {
        RUN,
        SLURM,
        SKIP
    }

    /** A marked block: where it is, what to run and what it must give. */
    record Block(String where, Kind kind, String script, Set<Integer> exits, String expected, String reason) {}

    /** The blocks of a set of docs, and what is wrong with their markers. */
    record Docs(List<Block> blocks, List<String> problems) {}

    /** How a block ran. */
    sealed interface Outcome permits Passed, Failed {
        Block block();
    }

    record Passed(Block block, int exit, Duration took) implements Outcome {}

    record Failed(Block block, String why, List<String> lastLines) implements Outcome {}

    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})(.*)$");
    private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*doctest:\\s*(.*?)\\s*-->\\s*$");
    private static final Pattern SKIP = Pattern.compile("skip,\\s*(\\S.*)");
    private static final Pattern RUN =
            Pattern.compile("(slurm,\\s*)?exit\\s+(\\d+(?:\\|\\d+)*)(?:,\\s*prints\\s+\"(.*)\")?");
    /**
     * An arena command: {@code caissa} (bare or at the end of a path) followed by one of its
     * commands or options, as opposed to a message it prints ({@code caissa merge: ...}).
     */
    static final Pattern COMMAND = Pattern.compile("(?:^|[\\s\"'=;&|(/])caissa\\s+(?:perft|moves|play|tournament|merge"
            + "|report|match|validate|verify|bench|doctor|help|--version|--help|-V|-h)(?=\\s|$|[\"';&|)])");

    private static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

    private DocTests() {}

    /** Reads the marked blocks of one doc; {@code name} is how messages name it. */
    static Docs parse(String name, String text) {
        List<Block> blocks = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> lines = text.lines().toList();
        String marker = null;
        int markerLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher fence = FENCE.matcher(line);
            if (!fence.matches()) {
                Matcher m = MARKER.matcher(line);
                if (m.matches()) {
                    if (marker != null) {
                        problems.add(name + ":" + markerLine + ": a doctest marker with no block after it");
                    }
                    marker = m.group(1);
                    markerLine = i + 1;
                } else if (!line.isBlank() && marker != null) {
                    problems.add(name + ":" + markerLine + ": a doctest marker with no block after it");
                    marker = null;
                }
                continue;
            }
            String close = fence.group(1);
            int start = i + 1;
            List<String> body = new ArrayList<>();
            for (i = i + 1; i < lines.size(); i++) {
                String inner = lines.get(i).strip();
                if (inner.startsWith(close) && inner.chars().allMatch(c -> c == close.charAt(0))) {
                    break;
                }
                body.add(lines.get(i));
            }
            String where = name + ":" + start;
            boolean command = body.stream().anyMatch(l -> COMMAND.matcher(l).find());
            if (marker == null) {
                if (command) {
                    problems.add(where + ": a block with a caissa command and no doctest marker: put"
                            + " <!-- doctest: exit N, prints \"LINE\" --> or <!-- doctest: skip, WHY --> before it");
                }
                continue;
            }
            String read = marker;
            parseMarker(where, marker, script(body))
                    .ifPresentOrElse(
                            blocks::add,
                            () -> problems.add(where + ": cannot read the marker 'doctest: " + read
                                    + "': expected 'exit N, prints \"LINE\"', 'slurm, exit N' or 'skip, WHY'"));
            marker = null;
        }
        if (marker != null) {
            problems.add(name + ":" + markerLine + ": a doctest marker with no block after it");
        }
        return new Docs(blocks, problems);
    }

    private static Optional<Block> parseMarker(String where, String marker, String script) {
        Matcher skip = SKIP.matcher(marker);
        if (skip.matches()) {
            return Optional.of(new Block(where, Kind.SKIP, script, Set.of(), "", skip.group(1)));
        }
        Matcher run = RUN.matcher(marker);
        if (!run.matches()) {
            return Optional.empty();
        }
        Set<Integer> exits = new TreeSet<>();
        for (String code : run.group(2).split("\\|")) {
            exits.add(Integer.parseInt(code));
        }
        Kind kind = run.group(1) != null ? Kind.SLURM : Kind.RUN;
        return Optional.of(new Block(where, kind, script, exits, run.group(3) == null ? "" : run.group(3), ""));
    }

    /** The lines to run: a transcript's {@code $ } lines, else the whole block. */
    private static String script(List<String> body) {
        List<String> prompts = body.stream()
                .filter(l -> l.startsWith("$ "))
                .map(l -> l.substring(2))
                .toList();
        return String.join("\n", prompts.isEmpty() ? body : prompts) + "\n";
    }

    /** Runs one block with bash in {@code root}; {@code home}, when given, is its HOME. */
    static Outcome run(Block block, Path root, Optional<Path> home, Duration timeout) throws IOException {
        Path output = Files.createTempFile("doctest", ".out");
        try {
            ProcessBuilder builder = new ProcessBuilder("bash", "-e", "-c", block.script())
                    .directory(root.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            home.ifPresent(h -> builder.environment().put("HOME", h.toString()));
            long started = System.nanoTime();
            Process process = builder.start();
            boolean ended;
            try {
                ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ended = false;
            }
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
            List<String> last = lines.subList(Math.max(0, lines.size() - 20), lines.size());
            if (!ended) {
                return new Failed(block, "still running after " + timeout.toMinutes() + " min", last);
            }
            int exit = process.exitValue();
            if (!block.exits().contains(exit)) {
                return new Failed(block, "exit code " + exit + ", expected " + codes(block.exits()), last);
            }
            if (!block.expected().isEmpty() && lines.stream().noneMatch(l -> l.contains(block.expected()))) {
                return new Failed(block, "no line of its output holds \"" + block.expected() + "\"", last);
            }
            return new Passed(block, exit, took);
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static String codes(Set<Integer> exits) {
        return String.join(" or ", exits.stream().map(String::valueOf).toList());
    }

    /** The command line; returns the exit code: 0 all ran as documented, 1 not, 2 bad usage. */
    static int main(List<String> args, PrintStream out) throws IOException {
        Kind kind = Kind.RUN;
        Path root = Path.of("").toAbsolutePath();
        Optional<Path> home = Optional.empty();
        Duration timeout = DEFAULT_TIMEOUT;
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            boolean valued =
                    List.of("--kind", "--root", "--home", "--timeout-minutes").contains(arg);
            if (valued && i + 1 == args.size()) {
                out.println("doc-tests: " + arg + " needs a value");
                return 2;
            }
            switch (arg) {
                case "--kind" -> kind = Kind.valueOf(args.get(++i).toUpperCase(Locale.ROOT));
                case "--root" -> root = Path.of(args.get(++i)).toAbsolutePath();
                case "--home" -> home = Optional.of(Path.of(args.get(++i)));
                case "--timeout-minutes" -> timeout = Duration.ofMinutes(Long.parseLong(args.get(++i)));
                default -> files.add(Path.of(arg));
            }
        }
        if (files.isEmpty() || kind == Kind.SKIP) {
            out.println("usage: DocTests [--kind run|slurm] [--root DIR] [--home DIR] [--timeout-minutes N] FILE...");
            return 2;
        }
        List<Block> blocks = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            Path path = file.isAbsolute() ? file : root.resolve(file);
            if (!Files.isRegularFile(path)) {
                out.println("doc-tests: no such file: " + path);
                return 2;
            }
            Docs docs = parse(file.toString(), Files.readString(path));
            blocks.addAll(docs.blocks());
            problems.addAll(docs.problems());
        }
        if (!problems.isEmpty()) {
            problems.forEach(p -> out.println("doc-tests: " + p));
            out.println("doc-tests: " + problems.size() + " problem(s) in the markers; nothing was run");
            return 1;
        }
        int passed = 0;
        int failed = 0;
        int elsewhere = 0;
        for (Block block : blocks) {
            if (block.kind() != kind) {
                out.println(block.where() + ": not run here ("
                        + (block.kind() == Kind.SKIP
                                ? block.reason()
                                : block.kind().name().toLowerCase(Locale.ROOT)) + ")");
                elsewhere++;
                continue;
            }
            Outcome outcome = run(block, root, home, timeout);
            if (outcome instanceof Passed p) {
                out.printf(
                        "%s: ok (exit %d, %d s)%n",
                        block.where(), p.exit(), p.took().toSeconds());
                passed++;
            } else if (outcome instanceof Failed f) {
                out.println(block.where() + ": FAILED: " + f.why() + "; the block:");
                block.script().lines().forEach(l -> out.println("    " + l));
                out.println("  the end of its output:");
                f.lastLines().forEach(l -> out.println("    " + l));
                failed++;
            }
        }
        out.printf(
                "doc-tests: %d blocks ran, %d passed, %d failed; %d not run here%n",
                passed + failed, passed, failed, elsewhere);
        return failed == 0 ? 0 : 1;
    }

    public static void main(String[] args) throws IOException {
        System.exit(main(List.of(args), System.out));
    }
}
