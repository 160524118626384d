package caissa.arena.bench;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.ratings.GameTally;
import caissa.arena.ratings.RatingList;
import caissa.arena.stats.Elo;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * How often the 95% intervals of {@code caissa ratings} hold the truth: seeded simulated round
 * robins between bots of known strength, rated as the command rates them. A statistical figure,
 * not a speed, but it takes minutes and depends on nothing but its seed, so it is a benchmark
 * to run and read rather than a test.
 */
@Command(
        name = "ratings",
        mixinStandardHelpOptions = true,
        description =
                "Coverage of the 95% intervals of 'caissa ratings' over seeded simulated round robins between bots of"
                        + " known strength (small lopsided fields, a wide field): the share of bots whose interval holds its true"
                        + " rating relative to the field's mean, their mean width, and how many were one-sided bounds.")
final class RatingsBench implements Callable<Integer> {

    /**
     * A simulated field: true ratings, games a pairing (both colours), share of draws between
     * equals (a pairing scoring p draws that share times 2 min(p, 1 - p)).
     */
    record Scenario(String name, double[] ratings, int gamesPerPairing, double drawsBetweenEquals) {}

    static final List<Scenario> SCENARIOS = List.of(
            new Scenario(
                    "4 bots 600 Elo apart in all, 10 games a pairing", new double[] {-300, -100, 100, 300}, 10, 0.3),
            new Scenario(
                    "4 bots 900 Elo apart in all, 10 games a pairing", new double[] {-450, -150, 150, 450}, 10, 0.3),
            new Scenario(
                    "6 bots 1000 Elo apart in all, 10 games a pairing",
                    new double[] {-500, -300, -100, 100, 300, 500},
                    10,
                    0.5),
            new Scenario(
                    "8 bots 350 Elo apart in all, 10 games a pairing, no draws",
                    new double[] {-175, -125, -75, -25, 25, 75, 125, 175},
                    10,
                    0.0),
            new Scenario("16 bots 1500 Elo apart in all, 4 games a pairing", spread(16, 1500), 4, 0.3),
            new Scenario("16 bots 600 Elo apart in all, 20 games a pairing, many draws", spread(16, 600), 20, 0.7),
            new Scenario(
                    "4 bots 600 Elo apart in all, 20 games a pairing, many draws",
                    new double[] {-300, -100, 100, 300},
                    20,
                    0.7));

    @Spec
    CommandSpec spec;

    @Option(
            names = "--fields",
            paramLabel = "N",
            defaultValue = "200",
            description = "Simulated round robins per scenario (default: ${DEFAULT-VALUE}).")
    int fields;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "39",
            description = "Seed of the simulation (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--prior",
            paramLabel = "DRAWS",
            description =
                    "Virtual draws per bot, as 'caissa ratings --prior' (default: as 'caissa ratings', none unless"
                            + " needed).")
    Double prior;

    @Override
    public Integer call() {
        if (fields < 1) {
            throw new UsageException("--fields must be at least 1, got " + fields);
        }
        if (prior != null && !(prior >= 0 && prior <= 1000)) {
            throw new UsageException("--prior must be 0 to 1000, got " + prior);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "coverage of the 95%% intervals of caissa ratings, %d seeded round robins a scenario (seed %d,"
                        + " prior: %s):%n",
                fields,
                seed,
                prior == null ? "none unless needed, as caissa ratings" : prior + " virtual draws a bot");
        SplittableRandom random = new SplittableRandom(seed);
        for (Scenario scenario : SCENARIOS) {
            Coverage coverage = coverage(scenario, fields, prior, random.split());
            out.printf(
                    Locale.ROOT,
                    "  %-62s coverage %5.1f%%  mean width %6.1f Elo  one-sided %d of %d%s%n",
                    scenario.name(),
                    coverage.share() * 100,
                    coverage.meanWidth(),
                    coverage.oneSided(),
                    coverage.intervals(),
                    coverage.refused() == 0 ? "" : "  (" + coverage.refused() + " fields without finite ratings)");
            out.flush();
        }
        return ExitCodes.OK;
    }

    /**
     * Intervals that held the truth, of how many; their mean width (two-sided ones); one-sided
     * bounds; fields that could not be rated (only without a prior).
     */
    record Coverage(int held, int intervals, double meanWidth, int oneSided, int refused) {
        double share() {
            return held / (double) intervals;
        }
    }

    static Coverage coverage(Scenario scenario, int fields, Double prior, SplittableRandom random) {
        int n = scenario.ratings().length;
        int held = 0;
        int intervals = 0;
        int oneSided = 0;
        int refused = 0;
        double width = 0;
        for (int f = 0; f < fields; f++) {
            GameTally tally = new GameTally();
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    double p = Elo.toScore(scenario.ratings()[i] - scenario.ratings()[j]);
                    // Draws are commonest between equals and never make a win or a loss impossible.
                    double draw = scenario.drawsBetweenEquals() * 2 * Math.min(p, 1 - p);
                    for (int g = 0; g < scenario.gamesPerPairing(); g++) {
                        double u = random.nextDouble();
                        int points = u < p - draw / 2 ? 2 : u < p + draw / 2 ? 1 : 0;
                        // i has White in even games; the tally counts White's points.
                        if (g % 2 == 0) {
                            tally.add(name(i), name(j), points == 0 ? 1 : 0, points == 1 ? 1 : 0, points == 2 ? 1 : 0);
                        } else {
                            tally.add(name(j), name(i), points == 2 ? 1 : 0, points == 1 ? 1 : 0, points == 0 ? 1 : 0);
                        }
                    }
                }
            }
            RatingList list;
            try {
                list = prior == null
                        ? RatingList.of(tally, Optional.empty())
                        : RatingList.of(tally, Optional.empty(), prior);
            } catch (IllegalArgumentException e) {
                // Without a prior a field where some bots never scored against the rest has no ratings.
                refused++;
                continue;
            }
            // Ratings are relative to the mean of the bots rated (not those with only a bound): so is the truth.
            double mean = list.bots().stream()
                    .filter(b -> b.bound().isEmpty())
                    .mapToDouble(
                            b -> scenario.ratings()[Integer.parseInt(b.name().substring(3))])
                    .average()
                    .orElse(0);
            for (RatingList.Rated bot : list.bots()) {
                double truth = scenario.ratings()[Integer.parseInt(bot.name().substring(3))] - mean;
                intervals++;
                if (bot.low() <= truth && truth <= bot.high()) {
                    held++;
                }
                if (Double.isInfinite(bot.low()) || Double.isInfinite(bot.high())) {
                    oneSided++;
                } else {
                    width += bot.high() - bot.low();
                }
            }
        }
        int twoSided = intervals - oneSided;
        return new Coverage(held, intervals, twoSided == 0 ? 0 : width / twoSided, oneSided, refused);
    }

    private static String name(int i) {
        return String.format(Locale.ROOT, "bot%02d", i);
    }

    private static double[] spread(int bots, double width) {
        double[] ratings = new double[bots];
        for (int i = 0; i < bots; i++) {
            ratings[i] = -width / 2 + width * i / (bots - 1);
        }
        return ratings;
    }
}
