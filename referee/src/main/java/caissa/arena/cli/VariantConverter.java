package caissa.arena.cli;

import caissa.arena.rules.Variant;
import picocli.CommandLine;

/** Reads {@code --variant caissa|hexcaissa}. */
final class VariantConverter implements CommandLine.ITypeConverter<Variant> {

    static final String DESCRIPTION = "The game: caissa (the default) or hexcaissa.";

    @Override
    public Variant convert(String value) {
        return Variant.fromId(value)
                .orElseThrow(() -> new CommandLine.TypeConversionException(
                        "expected one of " + Variant.ids() + ", got '" + value + "'"));
    }
}
