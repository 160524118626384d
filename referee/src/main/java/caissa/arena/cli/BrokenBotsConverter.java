package caissa.arena.cli;

import caissa.arena.runner.BrokenBots;
import picocli.CommandLine;

/** Reads {@code refuse}, {@code forfeit} or {@code exclude}; anything else is an option error. */
final class BrokenBotsConverter implements CommandLine.ITypeConverter<BrokenBots> {
    @Override
    public BrokenBots convert(String value) {
        return BrokenBots.fromWord(value)
                .orElseThrow(() -> new CommandLine.TypeConversionException(
                        "must be " + String.join(", ", BrokenBots.words()) + ", got '" + value + "'"));
    }
}
