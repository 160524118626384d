package caissa.arena.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The {@code -h, --help} and {@code -V, --version} options, as {@code mixinStandardHelpOptions}
 * gives them, for a command whose spec is built by hand: picocli makes that mixin from its
 * annotations, which is the cost a hand-built spec avoids (see {@link Main}).
 */
final class StandardHelpOptions {

    private StandardHelpOptions() {}

    static CommandSpec addTo(CommandSpec spec) {
        spec.addOption(OptionSpec.builder("-h", "--help")
                .usageHelp(true)
                .type(boolean.class)
                .description("Show this help message and exit.")
                .build());
        spec.addOption(OptionSpec.builder("-V", "--version")
                .versionHelp(true)
                .type(boolean.class)
                .description("Print version information and exit.")
                .build());
        return spec;
    }
}
