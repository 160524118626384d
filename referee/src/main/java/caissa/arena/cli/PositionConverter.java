package caissa.arena.cli;

import caissa.arena.rules.InvalidPositionException;
import caissa.arena.rules.Position;
import picocli.CommandLine;

/** Reads {@code --position CFN}; a malformed CFN becomes an option error naming the field. */
final class PositionConverter implements CommandLine.ITypeConverter<Position> {
    @Override
    public Position convert(String value) {
        try {
            return Position.fromCfn(value);
        } catch (InvalidPositionException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
