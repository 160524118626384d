package caissa.arena.command;

import caissa.arena.game.ClockKind;
import picocli.CommandLine;

/** Reads {@code wall} or {@code cpu}; anything else is an option error. */
public final class ClockKindConverter implements CommandLine.ITypeConverter<ClockKind> {
    @Override
    public ClockKind convert(String value) {
        try {
            return ClockKind.fromWord(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
