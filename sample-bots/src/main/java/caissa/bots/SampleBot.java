package caissa.bots;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Starts a sample bot: {@code java -jar caissa-sample-bots.jar NAME [--seed N] [--time-per-game D]}.
 * NAME is {@code random}, {@code greedy} or {@code alphabeta}.
 */
public final class SampleBot {

    private SampleBot() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            usage("missing bot name");
        }
        long seed = System.nanoTime();
        Duration timePerGame = Duration.ofSeconds(30);
        for (int i = 1; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                usage("option " + args[i] + " needs a value");
            }
            switch (args[i]) {
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                case "--time-per-game" -> timePerGame = Duration.ofMillis(Long.parseLong(args[i + 1].replace("ms", "")));
                default -> usage("unknown option " + args[i]);
            }
        }
        Player player = switch (args[0]) {
            case "random" -> new RandomBot(seed);
            default -> {
                usage("unknown bot '" + args[0] + "'");
                yield null;
            }
        };
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        new ProtocolLoop(player, timePerGame).run(in, out);
    }

    private static void usage(String problem) {
        System.err.println("sample bot: " + problem
                + "; usage: SampleBot random|greedy|alphabeta [--seed N] [--time-per-game MILLIS]");
        System.exit(2);
    }
}
