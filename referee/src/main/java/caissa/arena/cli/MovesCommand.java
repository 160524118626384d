package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.io.PrintWriter;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Lists the legal moves of a position and says where it stands. Its spec is built by hand, as the
 * top command's is (see {@link Main}): bot authors call {@code caissa moves} from scripts, so its
 * start-up counts.
 */
final class MovesCommand implements Callable<Integer> {

    private CommandSpec spec;

    private MovesCommand() {}

    static CommandSpec spec() {
        MovesCommand command = new MovesCommand();
        command.spec = CommandSpec.wrapWithoutInspection(command).name("moves");
        command.spec
                .usageMessage()
                .header("List the legal moves of a position and its outcome.")
                .description("Print the legal moves of a position, sorted, and its outcome.");
        StandardHelpOptions.addTo(command.spec);
        command.spec.addOption(OptionSpec.builder("--position")
                .paramLabel("CFN")
                .type(String.class)
                .description("The position in CFN (default: the variant's initial position).")
                .build());
        command.spec.addOption(OptionSpec.builder("--variant")
                .paramLabel("VARIANT")
                .type(Variant.class)
                .converters(new VariantConverter())
                .initialValue(Variant.CAISSA)
                .description(VariantConverter.DESCRIPTION)
                .build());
        return command.spec;
    }

    @Override
    public Integer call() {
        Variant variant = spec.findOption("--variant").getValue();
        String positionText = spec.findOption("--position").getValue();
        Position position = PositionConverter.read(spec, variant, positionText);
        PrintWriter out = spec.commandLine().getOut();
        List<Move> moves = position.legalMoves();
        out.println("position: " + position.toCfn());
        out.println(position.sideToMove() + " to move" + (position.inCheck() ? ", in check" : ""));
        // A loop, not a stream: the stream machinery's classes are a few milliseconds of the start.
        StringJoiner list = new StringJoiner(" ", ": ", "").setEmptyValue("");
        for (Move move : moves) {
            list.add(move.toString());
        }
        out.println(moves.size() + " legal moves" + list);
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
