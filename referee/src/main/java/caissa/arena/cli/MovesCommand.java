package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Lists the legal moves of a position and says where it stands. */
@Command(name = "moves", mixinStandardHelpOptions = true,
        header = "List the legal moves of a position and its outcome.",
        description = "Print the legal moves of a position, sorted, and its outcome.")
final class MovesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--position", paramLabel = "CFN",
            description = "The position in CFN (default: the variant's initial position).")
    String positionText;

    @Option(names = "--variant", paramLabel = "VARIANT", converter = VariantConverter.class,
            description = VariantConverter.DESCRIPTION)
    Variant variant = Variant.CAISSA;

    @Override
    public Integer call() {
        Position position = PositionConverter.read(spec, variant, positionText);
        PrintWriter out = spec.commandLine().getOut();
        List<Move> moves = position.legalMoves();
        out.println("position: " + position.toCfn());
        out.println(position.sideToMove() + " to move" + (position.inCheck() ? ", in check" : ""));
        out.println(moves.size() + " legal moves" + (moves.isEmpty() ? ""
                : ": " + moves.stream().map(Move::toString).collect(Collectors.joining(" "))));
        out.println("outcome: " + describe(position.outcome()));
        out.flush();
        return ExitCodes.OK;
    }

    static String describe(Outcome outcome) {
        if (outcome instanceof Outcome.Checkmate mate) {
            return "checkmate, " + mate.winner() + " wins";
        }
        if (outcome instanceof Outcome.Stalemate) {
            return "stalemate, a draw";
        }
        if (outcome instanceof Outcome.MoveLimit) {
            return "move limit reached, a draw";
        }
        return "ongoing";
    }
}
