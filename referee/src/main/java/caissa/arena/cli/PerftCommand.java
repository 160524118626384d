package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.records.Json;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Counts the leaves of the legal-move tree: the standard test and benchmark of a move generator. */
@Command(
        name = "perft",
        mixinStandardHelpOptions = true,
        header = "Count the leaves of the legal-move tree (perft).",
        description =
                "Count the leaf nodes of the legal-move tree of a position (perft). The tree follows the movement rules and does not stop at the move limit.")
final class PerftCommand implements Callable<Integer> {

    static final int MAX_DEPTH = 12;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--depth",
            required = true,
            paramLabel = "N",
            description = "Depth of the tree, 0 to " + MAX_DEPTH + ".")
    int depth;

    @Option(
            names = "--position",
            paramLabel = "CFN",
            description = "Start position in CFN (default: the variant's initial position).")
    String positionText;

    @Option(
            names = "--variant",
            paramLabel = "VARIANT",
            converter = VariantConverter.class,
            description = VariantConverter.DESCRIPTION)
    Variant variant = Variant.CAISSA;

    @Option(names = "--divide", description = "Also list the count below each first move.")
    boolean divide;

    @Option(
            names = "--json",
            paramLabel = "FILE",
            description = "Also write the count as one JSON object" + JsonTarget.HELP)
    Path json;

    @Override
    public Integer call() throws IOException {
        JsonTarget.check(json);
        Position position = PositionConverter.read(spec, variant, positionText);
        if (depth < 0 || depth > MAX_DEPTH) {
            throw new UsageException("--depth must be between 0 and " + MAX_DEPTH + ", got " + depth);
        }
        if (divide && depth < 1) {
            throw new UsageException("--divide needs --depth 1 or more");
        }
        PrintWriter out = spec.commandLine().getOut();
        long start = System.nanoTime();
        List<Position.MoveCount> counts = divide ? position.perftDivide(depth) : List.of();
        long nodes =
                divide ? counts.stream().mapToLong(Position.MoveCount::nodes).sum() : position.perft(depth);
        long nanos = System.nanoTime() - start;
        long millis = nanos / 1_000_000;
        long nodesPerSecond = nanos == 0 ? 0 : Math.round(nodes * 1e9 / nanos);
        if (json != null) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("variant", variant.id());
            doc.put("position", position.toCfn());
            doc.put("depth", depth);
            doc.put("nodes", nodes);
            doc.put("millis", millis);
            doc.put("nodesPerSecond", nodesPerSecond);
            if (divide) {
                Map<String, Long> byMove = new LinkedHashMap<>();
                counts.forEach(c -> byMove.put(c.move().toString(), c.nodes()));
                doc.put("divide", byMove);
            }
            JsonTarget.write(json, Json.writeCompact(doc), out);
        }
        if (!JsonTarget.toStandardOutput(json)) {
            counts.forEach(c -> out.println(c.move() + ": " + c.nodes()));
            if (divide) {
                out.println();
            }
            out.printf(
                    Locale.ROOT, "perft %d: %d nodes in %d ms (%,d nodes/s)%n", depth, nodes, millis, nodesPerSecond);
        }
        out.flush();
        return ExitCodes.OK;
    }
}
