package caissa.arena.report;

import caissa.arena.ratings.RatingsDocument;
import java.util.Locale;

/**
 * {@code caissa ratings --html FILE}: the rating list as one self-contained page, drawn in the
 * {@link PageFrame} of the tournament report, with its tables' style. Unlike the report it needs
 * no script: the list is written as HTML.
 */
public final class RatingsPage {

    private RatingsPage() {}

    public static String html(RatingsDocument document) {
        // The page is published: the folders by their names, not where they lie on the organiser's machine.
        String folders = String.join(
                ", ",
                document.folders().stream().map(PublishedPaths.NAMES_ONLY::path).toList());
        String anchor = document.anchor() == null
                ? "ratings relative to each group's mean"
                : String.format(
                        Locale.ROOT,
                        "%s held at %.0f",
                        document.anchor().name(),
                        document.anchor().elo());
        long startFailures = document.bots().stream()
                .mapToLong(RatingsDocument.Bot::startFailures)
                .sum();
        String header = "    <p id=\"meta\" class=\"meta\">"
                + PageFrame.escape(document.games() + " rated " + (document.games() == 1 ? "game" : "games") + " from "
                        + folders + "; " + anchor + ".")
                + "</p>\n";
        StringBuilder body = new StringBuilder("<main class=\"wrap\">\n");
        if (document.groups().size() > 1) {
            body.append(
                            "  <section id=\"groups\" class=\"notice\">\n    <h2>Groups that never met</h2>\n    <p>The bots fall")
                    .append(" into ")
                    .append(document.groups().size())
                    .append(" groups that never met; each is rated")
                    .append(" apart, and ratings of different groups cannot be compared.</p>\n  </section>\n");
        }
        body.append("  <section id=\"ratings-section\">\n    <h2>Ratings</h2>\n")
                .append(
                        "    <p class=\"hint\">Joint maximum-likelihood Elo over every game, draws counted; the interval is")
                .append(
                        " 95%, from the fit's covariance with draws counted (a perfect or zero score gets a one-sided 97.5% bound);"
                                + " LOS is the likelihood that a bot is stronger than the next.")
                .append(
                        " Games lost by start failure are not rated; a bot that played no game has no rating (–).</p>\n")
                .append("    <div class=\"scroll\"><table id=\"ratings\" class=\"data\">\n")
                .append(
                        "<thead><tr><th>#</th><th class=\"text\">Bot</th><th>Elo</th><th>95% interval</th><th>Games</th>")
                .append("<th>Score</th><th>LOS</th><th>Group</th>")
                .append(startFailures > 0 ? "<th title=\"Games it could not start: not rated\">Not started</th>" : "")
                .append("</tr></thead>\n<tbody>\n");
        for (RatingsDocument.Bot bot : document.bots()) {
            String notStarted = startFailures > 0 ? "<td>" + bot.startFailures() + "</td>" : "";
            if (!bot.rated()) {
                body.append("<tr class=\"not-rated\"><td>–</td><td class=\"name\">")
                        .append(PageFrame.escape(bot.name()))
                        .append("</td><td class=\"elo\">–</td><td></td><td>0</td><td></td><td></td><td></td>")
                        .append(notStarted)
                        .append("</tr>\n");
                continue;
            }
            body.append(String.format(
                    Locale.ROOT,
                    "<tr><td>%d</td><td class=\"name\">%s</td><td class=\"elo\">%s</td><td>%s</td>"
                            + "<td>%d</td><td>%.1f%%</td><td>%s</td><td>%d</td>%s</tr>%n",
                    bot.rank(),
                    PageFrame.escape(bot.name()),
                    rating(bot),
                    interval(bot),
                    bot.games(),
                    bot.score() * 100,
                    bot.los() == null ? "" : String.format(Locale.ROOT, "%.1f%%", bot.los() * 100),
                    bot.group(),
                    notStarted));
        }
        body.append("</tbody>\n</table></div>\n  </section>\n</main>\n");
        return PageFrame.page(new PageFrame.Parts(
                "Caïssa Arena rating list. Written by `caissa ratings --html FILE`; self-contained: no network access.",
                "Rating list · Caïssa Arena",
                "Caïssa Arena · rating list",
                "Rating list",
                header,
                body.toString()));
    }

    private static String rating(RatingsDocument.Bot bot) {
        if (bot.bound() != null) {
            return bot.bound().equals("lower") ? "above" : "below";
        }
        return String.format(Locale.ROOT, "%+.1f", bot.elo());
    }

    private static String interval(RatingsDocument.Bot bot) {
        if (bot.bound() != null) {
            Double end = bot.bound().equals("lower") ? bot.low() : bot.high();
            return end == null ? "no bound" : String.format(Locale.ROOT, "%+.1f (97.5%%)", end);
        }
        return String.format(Locale.ROOT, "[%+.1f, %+.1f]", bot.low(), bot.high());
    }
}
