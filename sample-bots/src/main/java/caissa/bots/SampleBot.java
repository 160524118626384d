package caissa.bots;

import caissa.arena.rules.Variant;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Starts a sample bot that speaks the referee protocol on standard input and output:
 * {@code java -jar caissa-sample-bots.jar random|greedy|alphabeta [options]}.
 *
 * <p>The variant comes from {@code CAISSA_VARIANT} ({@code caissa}, the default, or
 * {@code hexcaissa}); the time control comes from the referee's environment variables (see {@link TimeControl});
 * the options {@code --time-per-game}, {@code --time-per-move}, {@code --increment} and
 * {@code --first-move-allowance} (milliseconds) override them. {@code --seed N} makes a bot's
 * choices repeatable; {@code --depth N} makes {@code alphabeta} search a fixed depth with no clock.
 */
public final class SampleBot {

    static final String USAGE = "usage: SampleBot random|greedy|alphabeta [--seed N] [--depth N]"
            + " [--time-per-game MS] [--time-per-move MS] [--increment MS] [--first-move-allowance MS]";

    /** The referee names the game's variant in this environment variable (HEXCAISSA.md 8). */
    static final String VARIANT_ENV = "CAISSA_VARIANT";

    private SampleBot() {}

    /** What the command line and the environment ask for. */
    record Options(String bot, long seed, OptionalInt depth, TimeControl timeControl, Variant variant) {

        /** @throws IllegalArgumentException saying what is wrong with the arguments */
        static Options parse(List<String> args, Map<String, String> env, long defaultSeed) {
            if (args.isEmpty()) {
                throw new IllegalArgumentException("missing bot name");
            }
            String bot = args.get(0);
            if (!List.of("random", "greedy", "alphabeta").contains(bot)) {
                throw new IllegalArgumentException("unknown bot '" + bot + "'");
            }
            long seed = defaultSeed;
            OptionalInt depth = OptionalInt.empty();
            TimeControl time = TimeControl.fromEnvironment(env);
            for (int i = 1; i < args.size(); i += 2) {
                String option = args.get(i);
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException("option " + option + " needs a value");
                }
                String value = args.get(i + 1);
                switch (option) {
                    case "--seed" -> seed = parseLong(option, value);
                    case "--depth" -> depth = OptionalInt.of(parseDepth(value));
                    case "--time-per-game" -> time = time.withPerGame(TimeControl.parseMillis(option, value));
                    case "--time-per-move" -> time = time.withPerMove(TimeControl.parseMillis(option, value));
                    case "--increment" -> time = time.withIncrement(TimeControl.parseMillis(option, value));
                    case "--first-move-allowance" ->
                        time = time.withFirstMoveAllowance(TimeControl.parseMillis(option, value));
                    default -> throw new IllegalArgumentException("unknown option " + option);
                }
            }
            if (depth.isPresent() && !bot.equals("alphabeta")) {
                throw new IllegalArgumentException("--depth is an option of alphabeta only");
            }
            String variantId = env.getOrDefault(VARIANT_ENV, Variant.CAISSA.id());
            Variant variant = Variant.fromId(variantId)
                    .orElseThrow(() -> new IllegalArgumentException(
                            VARIANT_ENV + " must be one of " + Variant.ids() + ", got '" + variantId + "'"));
            return new Options(bot, seed, depth, time, variant);
        }

        Player player(PrintStream diagnostics) {
            return switch (bot) {
                case "random" -> new RandomBot(seed);
                case "greedy" -> new GreedyBot(seed);
                default ->
                    depth.isPresent()
                            ? AlphaBetaBot.fixedDepth(depth.getAsInt(), seed, diagnostics)
                            : AlphaBetaBot.timed(timeControl, seed, diagnostics);
            };
        }

        private static long parseLong(String option, String value) {
            try {
                return Long.parseLong(value.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " must be a whole number, got '" + value + "'", e);
            }
        }

        private static int parseDepth(String value) {
            long depth = parseLong("--depth", value);
            if (depth < 1 || depth > AlphaBetaBot.MAX_DEPTH) {
                throw new IllegalArgumentException(
                        "--depth must be from 1 to " + AlphaBetaBot.MAX_DEPTH + ", got " + value);
            }
            return (int) depth;
        }
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(List.of(args), System.getenv(), System.nanoTime());
        } catch (IllegalArgumentException e) {
            System.err.println("sample bot: " + e.getMessage() + "; " + USAGE);
            System.exit(2);
            return;
        }
        PrintStream err = System.err;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        new ProtocolLoop(options.variant(), options.player(err), options.timeControl(), err).run(in, out);
    }
}
