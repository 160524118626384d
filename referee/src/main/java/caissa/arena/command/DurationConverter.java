package caissa.arena.command;

import caissa.arena.game.Durations;
import java.time.Duration;
import picocli.CommandLine;

/** Reads {@code 500ms}, {@code 30s}, {@code 2m}; anything else is an option error. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
