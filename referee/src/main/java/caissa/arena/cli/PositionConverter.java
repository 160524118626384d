package caissa.arena.cli;

import caissa.arena.rules.InvalidPositionException;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Reads {@code --position CFN} in the command's variant, once the options are all read; a
 * malformed CFN becomes an option error naming the field.
 */
final class PositionConverter {

    private PositionConverter() {}

    /** The position, or the variant's initial position when none was given. */
    static Position read(CommandSpec spec, Variant variant, String cfn) {
        if (cfn == null) {
            return variant.initial();
        }
        try {
            return variant.fromCfn(cfn);
        } catch (InvalidPositionException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "Invalid value for option '--position': " + e.getMessage());
        }
    }
}
