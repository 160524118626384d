package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.records.Json;
import caissa.arena.stats.Sprt;
import caissa.arena.stats.SprtDuration;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** How many games an SPRT will take, before it is started. */
@Command(
        name = "sprt",
        mixinStandardHelpOptions = true,
        header = "Predict how many games an SPRT (caissa match --sprt) takes.",
        description = "Predict the length of a sequential test with the given hypotheses: the expected games when the"
                + " true Elo is elo0 and when it is elo1, and the games within which 95%% of tests stop. Games are"
                + " modelled as independent, drawn at the given ratio.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "2:bad usage"})
final class SprtCommand implements Callable<Integer> {

    /** A guess for bots whose draw ratio is not known yet. */
    static final double DEFAULT_DRAW_RATIO = 0.3;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--elo0",
            required = true,
            paramLabel = "ELO",
            description = "Elo difference under H0 (logistic Elo).")
    double elo0;

    @Option(names = "--elo1", required = true, paramLabel = "ELO", description = "Elo difference under H1, above elo0.")
    double elo1;

    @Option(names = "--alpha", paramLabel = "P", description = "Chance of accepting H1 when H0 holds (default: 0.05).")
    double alpha = 0.05;

    @Option(names = "--beta", paramLabel = "P", description = "Chance of accepting H0 when H1 holds (default: 0.05).")
    double beta = 0.05;

    @Option(
            names = "--draw-ratio",
            paramLabel = "D",
            description =
                    "Share of drawn games, from 0 to below 1 (default: 0.3; your bots' own is better: a match's summary gives it).")
    double drawRatio = DEFAULT_DRAW_RATIO;

    @Option(
            names = "--json",
            paramLabel = "FILE",
            description = "Also write the prediction as one JSON object (caissa-arena/sprt/1)" + JsonTarget.HELP)
    Path json;

    /** The printed document ({@value #SCHEMA}, reports/schemas/sprt.schema.json). */
    @JsonPropertyOrder({"schema", "sprt", "drawRatio", "expectedGamesH0", "expectedGamesH1", "games95"})
    record Prediction(
            String schema, String sprt, double drawRatio, long expectedGamesH0, long expectedGamesH1, long games95) {
        static final String SCHEMA = "caissa-arena/sprt/1";
    }

    @Override
    public Integer call() throws IOException {
        JsonTarget.check(json);
        Sprt sprt;
        SprtDuration duration;
        try {
            sprt = new Sprt(elo0, elo1, alpha, beta);
            duration = SprtDuration.of(sprt, drawRatio);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Prediction prediction = new Prediction(
                Prediction.SCHEMA,
                sprt.toString(),
                drawRatio,
                Math.round(duration.expectedGamesH0()),
                Math.round(duration.expectedGamesH1()),
                Math.round(duration.games95()));
        PrintWriter out = spec.commandLine().getOut();
        if (json != null) {
            JsonTarget.write(json, Json.writeCompact(prediction), out);
            if (JsonTarget.toStandardOutput(json)) {
                return ExitCodes.OK;
            }
        }
        out.printf(
                Locale.ROOT,
                "SPRT %s, draw ratio %s, LLR bounds [%.2f, %.2f]%n",
                sprt,
                number(drawRatio),
                sprt.lowerBound(),
                sprt.upperBound());
        out.printf(
                Locale.ROOT,
                "  expected games if the true Elo is elo0 (%s): %d%n",
                number(sprt.elo0()),
                prediction.expectedGamesH0());
        out.printf(
                Locale.ROOT,
                "  expected games if the true Elo is elo1 (%s): %d%n",
                number(sprt.elo1()),
                prediction.expectedGamesH1());
        out.printf(Locale.ROOT, "  95%% of tests stop within %d games%n", prediction.games95());
        return ExitCodes.OK;
    }

    /** 10 rather than 10.0, as typed. */
    private static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
