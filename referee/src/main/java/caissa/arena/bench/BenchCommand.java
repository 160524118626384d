package caissa.arena.bench;

import caissa.arena.bot.BotHost;
import caissa.arena.command.BotOption;
import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.game.Entrant;
import caissa.arena.game.Game;
import caissa.arena.game.GameListener;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.TimeControl;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Benchmarks that print their figures: the referee's own cost, measured on real processes. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        header = "Measure the arena's own costs.",
        description = "Measure the arena's own costs and print the figures.",
        subcommands = {
            BenchCommand.Referee.class,
            TournamentBench.class,
            FairnessBench.class,
            SandboxBench.class,
            ScaleBench.class,
            RatingsBench.class
        })
public final class BenchCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(
            name = "referee",
            mixinStandardHelpOptions = true,
            description =
                    "The referee's own time per ply, from reading one bot's reply to having flushed the move to the other bot, over games between two fast bots; beside the round trip of a raw pipe echo through 'cat' measured in the same run.")
    static final class Referee implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(
                names = "--games",
                paramLabel = "N",
                defaultValue = "50",
                description = "Games to measure (default: ${DEFAULT-VALUE}).")
        int games;

        @Option(
                names = "--warmup",
                paramLabel = "N",
                defaultValue = "30",
                description = "Games played first and not measured, while the JIT compiles the referee's hot path"
                        + " (default: ${DEFAULT-VALUE}).")
        int warmup;

        @Option(
                names = "--bot",
                paramLabel = "CMD",
                defaultValue = "sample:random",
                description = "The bot for both sides; it should answer instantly (default: ${DEFAULT-VALUE}).")
        String bot;

        @Option(
                names = "--echoes",
                paramLabel = "N",
                defaultValue = "5000",
                description = "Round trips through 'cat' (default: ${DEFAULT-VALUE}).")
        int echoes;

        @Override
        public Integer call() throws IOException {
            if (games < 1 || echoes < 1 || warmup < 0) {
                throw new UsageException("--games and --echoes must be at least 1, --warmup at least 0");
            }
            PrintWriter out = spec.commandLine().getOut();
            Entrant white = BotOption.entrant("--bot", bot, "white");
            Entrant black = BotOption.entrant("--bot", bot, "black");
            long[] relays = new long[games * 200];
            int[] count = {0};
            int plies = 0;
            try (BotHost host = BotHost.open()) {
                for (int i = 0; i < warmup; i++) {
                    Game.play(GameSetup.of(white, black, TimeControl.DEFAULT), GameListener.NONE, host);
                }
                for (int i = 0; i < games; i++) {
                    GameRecord record = Game.play(
                            GameSetup.of(white, black, TimeControl.DEFAULT),
                            new GameListener() {
                                @Override
                                public void relayed(long nanos) {
                                    relays[count[0]++] = nanos;
                                }
                            },
                            host);
                    plies += record.moves().size();
                }
            }
            Percentiles referee = Percentiles.of(relays, count[0], 1000.0);
            Percentiles echo = Percentiles.of(echo(echoes), echoes, 1000.0);
            out.printf(
                    Locale.ROOT,
                    "referee time per ply (reply read -> move flushed to the other bot), %d plies in %d games"
                            + " after %d warm-up games:%n",
                    referee.count(),
                    games,
                    warmup);
            out.printf(
                    Locale.ROOT,
                    "  median %.1f us   p99 %.1f us   max %.1f us%n",
                    referee.median(),
                    referee.p99(),
                    referee.max());
            out.printf(Locale.ROOT, "raw pipe echo round trip through cat, %d round trips:%n", echo.count());
            out.printf(
                    Locale.ROOT,
                    "  median %.1f us   p99 %.1f us   max %.1f us%n",
                    echo.median(),
                    echo.p99(),
                    echo.max());
            out.printf(Locale.ROOT, "(%d moves played in all)%n", plies);
            out.flush();
            return ExitCodes.OK;
        }

        /** Write a move-sized line to cat and read it back, on one thread: the pipes' own latency. */
        private static long[] echo(int rounds) throws IOException {
            Process cat = new ProcessBuilder("cat").start();
            long[] times = new long[rounds];
            try (OutputStream in = cat.getOutputStream();
                    BufferedReader out =
                            new BufferedReader(new InputStreamReader(cat.getInputStream(), StandardCharsets.UTF_8))) {
                byte[] line = "b2-c4\n".getBytes(StandardCharsets.UTF_8);
                for (int i = 0; i < rounds; i++) {
                    long start = System.nanoTime();
                    in.write(line);
                    in.flush();
                    if (out.readLine() == null) {
                        throw new IOException("cat exited");
                    }
                    times[i] = System.nanoTime() - start;
                }
            } finally {
                cat.destroyForcibly();
            }
            return times;
        }
    }
}
