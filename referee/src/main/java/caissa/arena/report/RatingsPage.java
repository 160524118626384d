package caissa.arena.report;

import caissa.arena.ratings.RatingsDocument;
import java.util.Locale;

/**
 * {@code caissa ratings --html FILE}: the rating list as one self-contained page, drawn in the
 * {@link PageFrame} of the tournament report, with its tables' style. Unlike the report it needs
 * no script: the list is written as HTML.
 */
public final class RatingsPage {

    private RatingsPage() {
    }

    public static String html(RatingsDocument document) {
        String folders = String.join(", ", document.folders());
        String anchor = document.anchor() == null ? "ratings relative to each group's mean"
                : String.format(Locale.ROOT, "%s held at %.0f", document.anchor().name(), document.anchor().elo());
        String header = "    <p id=\"meta\" class=\"meta\">" + PageFrame.escape(document.games() + " rated games from "
                + folders + "; " + anchor + ".") + "</p>\n";
        StringBuilder body = new StringBuilder("<main class=\"wrap\">\n");
        if (document.groups().size() > 1) {
            body.append("  <section id=\"groups\" class=\"notice\">\n    <h2>Groups that never met</h2>\n    <p>The bots fall")
                    .append(" into ").append(document.groups().size()).append(" groups that never met; each is rated")
                    .append(" apart, and ratings of different groups cannot be compared.</p>\n  </section>\n");
        }
        body.append("  <section id=\"ratings-section\">\n    <h2>Ratings</h2>\n")
                .append("    <p class=\"hint\">Joint maximum-likelihood Elo over every game, draws counted; the interval is")
                .append(" 95%, from the fit's covariance with draws counted (a perfect or zero score gets a one-sided 97.5% bound);"
                        + " LOS is the likelihood that a bot is stronger than the next.</p>\n")
                .append("    <div class=\"scroll\"><table id=\"ratings\" class=\"data\">\n")
                .append("<thead><tr><th>#</th><th class=\"text\">Bot</th><th>Elo</th><th>95% interval</th><th>Games</th>")
                .append("<th>Score</th><th>LOS</th><th>Group</th></tr></thead>\n<tbody>\n");
        for (RatingsDocument.Bot bot : document.bots()) {
            body.append(String.format(Locale.ROOT,
                    "<tr><td>%d</td><td class=\"name\">%s</td><td class=\"elo\">%s</td><td>%s</td>"
                            + "<td>%d</td><td>%.1f%%</td><td>%s</td><td>%d</td></tr>%n",
                    bot.rank(), PageFrame.escape(bot.name()), rating(bot), interval(bot), bot.games(),
                    bot.score() * 100, bot.los() == null ? "" : String.format(Locale.ROOT, "%.1f%%", bot.los() * 100),
                    bot.group()));
        }
        body.append("</tbody>\n</table></div>\n  </section>\n</main>\n");
        return PageFrame.page(new PageFrame.Parts(
                "Caïssa Arena rating list. Written by `caissa ratings --html FILE`; self-contained: no network access.",
                "Rating list · Caïssa Arena", "Caïssa Arena · rating list", "Rating list", header, body.toString()));
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
