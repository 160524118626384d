package caissa.arena.cli;

import caissa.arena.Version;
import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.ratings.GameTally;
import caissa.arena.ratings.RatingList;
import caissa.arena.ratings.RatingsDocument;
import caissa.arena.ratings.ResultLogs;
import caissa.arena.records.AtomicFiles;
import caissa.arena.records.Json;
import caissa.arena.report.RatingsPage;
import java.io.PrintWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** One rating list from every game of any number of tournament and match folders. */
@Command(
        name = "ratings",
        mixinStandardHelpOptions = true,
        header = "One rating list from the games of tournament and match folders.",
        description =
                "Rate every bot of the given folders' game logs together: joint maximum-likelihood Elo with draws"
                        + " as half a point (as Ordo), a 95%% interval from the fit's draw-aware covariance (a"
                        + " one-sided bound for a perfect or zero score), and the likelihood of superiority over the next bot. Bots that never met any bot of another group are rated in groups apart.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "2:bad usage or a folder without game logs",
            "74:a file could not be read or written"
        })
final class RatingsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "Tournament or match folders (their games/ is read).")
    List<Path> folders;

    @Option(
            names = "--anchor",
            paramLabel = "NAME=ELO",
            description = "Hold this bot at this rating (default: each group's mean is 0).")
    String anchor;

    @Option(
            names = "--prior",
            paramLabel = "DRAWS",
            description =
                    "Virtual draws each bot is credited with against a bot at the field's centre; they keep ratings"
                            + " finite and pull them towards the mean; 0 turns them off (default: none, or 1 where pure maximum"
                            + " likelihood has no finite ratings).")
    Double prior;

    @Option(
            names = "--json",
            paramLabel = "FILE",
            description = "Also write the list as JSON (caissa-arena/ratings/2)" + JsonTarget.HELP)
    Path json;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the list as a web page.")
    Path html;

    @Override
    public Integer call() throws Exception {
        JsonTarget.check(json);
        JsonTarget.check(html);
        Optional<RatingList.Anchor> held = Optional.empty();
        if (anchor != null) {
            int eq = anchor.lastIndexOf('=');
            try {
                held = Optional.of(
                        new RatingList.Anchor(anchor.substring(0, eq), Double.parseDouble(anchor.substring(eq + 1))));
            } catch (RuntimeException e) {
                throw new UsageException("--anchor must be NAME=ELO, like mybot=1500, got '" + anchor + "'");
            }
        }
        if (prior != null && !(prior >= 0 && prior <= 1000)) {
            throw new UsageException("--prior must be a number of virtual draws from 0 to 1000, got " + prior);
        }
        GameTally tally = new GameTally();
        ResultLogs.countInto(tally, folders);
        if (tally.games() == 0) {
            throw new UsageException("no rated games in " + folders
                    + " (every game ended with both sides losing, or a bot that could not start)");
        }
        RatingList list;
        try {
            list = prior == null ? RatingList.of(tally, held) : RatingList.of(tally, held, prior);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        PrintWriter terminal = spec.commandLine().getOut();
        // With --json -, standard output holds the document alone: the table is not printed.
        PrintWriter out = JsonTarget.toStandardOutput(json) ? new PrintWriter(Writer.nullWriter()) : terminal;
        long startFailures =
                list.bots().stream().mapToLong(RatingList.Rated::startFailures).sum()
                        + list.notRated().stream()
                                .mapToLong(RatingList.NotRated::startFailures)
                                .sum();
        out.printf(
                Locale.ROOT,
                "ratings: %d game%s of %d bot%s from %d folder%s%s%n",
                list.games(),
                list.games() == 1 ? "" : "s",
                list.bots().size(),
                list.bots().size() == 1 ? "" : "s",
                folders.size(),
                folders.size() == 1 ? "" : "s",
                list.unrated() == 0
                        ? ""
                        : " (" + list.unrated() + " without a rating result left out"
                                + (startFailures == 0 ? "" : ", among them games a bot could not start") + ")");
        if (prior == null && list.prior() > 0) {
            out.printf(
                    Locale.ROOT,
                    "ratings: some bots never scored against the rest, so pure maximum likelihood has no finite"
                            + " ratings; %s virtual draw a bot keeps them finite (--prior sets it)%n",
                    formatDraws(list.prior()));
        }
        if (list.groups().size() > 1) {
            out.println("ratings: the bots fall into " + list.groups().size() + " groups that never met, rated apart: "
                    + String.join(
                            "; ",
                            list.groups().stream()
                                    .map(g -> TerminalText.escape(String.join(", ", g)))
                                    .toList()));
        }
        int width = Math.max(
                3,
                list.bots().stream()
                        .mapToInt(b -> TerminalText.escape(b.name()).length())
                        .max()
                        .orElse(3));
        // Games lost by start failure are not rated: their column comes only when there are some.
        boolean failures = startFailures > 0;
        out.printf(
                Locale.ROOT,
                "%4s  %-" + width + "s  %7s  %-20s  %7s  %6s  %6s%s%s%n",
                "rank",
                "bot",
                "Elo",
                "95% interval",
                "games",
                "score",
                "LOS",
                list.groups().size() > 1 ? "  group" : "",
                failures ? "  not started (not rated)" : "");
        for (RatingList.Rated bot : list.bots()) {
            out.printf(
                    Locale.ROOT,
                    "%4d  %-" + width + "s  %7s  %-20s  %7d  %5.1f%%  %6s%s%s%n",
                    bot.rank(),
                    TerminalText.escape(bot.name()),
                    rating(bot),
                    interval(bot),
                    bot.games(),
                    bot.score() * 100,
                    bot.los()
                            .map(l -> String.format(Locale.ROOT, "%.1f%%", l * 100))
                            .orElse(""),
                    list.groups().size() > 1 ? "  " + bot.group() : "",
                    failures ? "  " + bot.startFailures() : "");
        }
        // A bot that never started played no game: it has no rating.
        for (RatingList.NotRated bot : list.notRated()) {
            out.printf(
                    Locale.ROOT,
                    "%4s  %-" + width + "s  %7s  %-20s  %7d  %6s  %6s%s%s%n",
                    "–",
                    TerminalText.escape(bot.name()),
                    "–",
                    "",
                    0,
                    "",
                    "",
                    list.groups().size() > 1 ? "       " : "",
                    "  " + bot.startFailures());
        }
        RatingsDocument document = RatingsDocument.of(
                Version.current(), folders.stream().map(Path::toString).toList(), list);
        if (json != null) {
            JsonTarget.write(json, Json.write(document), terminal);
        }
        if (html != null) {
            AtomicFiles.write(html, RatingsPage.html(document));
        }
        return ExitCodes.OK;
    }

    private static String formatDraws(double draws) {
        return BigDecimal.valueOf(draws).stripTrailingZeros().toPlainString();
    }

    /** The rating, or for a perfect or zero score the side of its bound. */
    static String rating(RatingList.Rated bot) {
        if (bot.bound().isPresent()) {
            return bot.bound().get() == RatingList.Bound.LOWER ? "above" : "below";
        }
        return String.format(Locale.ROOT, "%+.1f", bot.elo());
    }

    /** [low, high], or the one end of a bound ("+949.3 (97.5%)"); "no bound" when it met no rated bot. */
    static String interval(RatingList.Rated bot) {
        if (bot.bound().isPresent()) {
            double end = bot.bound().get() == RatingList.Bound.LOWER ? bot.low() : bot.high();
            return Double.isFinite(end) ? String.format(Locale.ROOT, "%+.1f (97.5%%)", end) : "no bound";
        }
        return String.format(Locale.ROOT, "[%+7.1f, %+7.1f]", bot.low(), bot.high());
    }
}
