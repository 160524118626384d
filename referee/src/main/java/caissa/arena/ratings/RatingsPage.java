package caissa.arena.ratings;

import java.util.Locale;

/** {@code caissa ratings --html FILE}: the rating list as one self-contained page, in the report's plain style. */
public final class RatingsPage {

    private RatingsPage() {
    }

    public static String html(RatingsDocument document) {
        StringBuilder page = new StringBuilder();
        page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Rating list</title>\n")
                .append("<style>\nbody{font-family:system-ui,sans-serif;margin:2em;color:#222}\n")
                .append("table{border-collapse:collapse}th,td{padding:.3em .8em;border-bottom:1px solid #ddd}\n")
                .append("th{text-align:left;background:#f4f4f4}td.n{text-align:right;font-variant-numeric:tabular-nums}\n")
                .append("</style>\n</head>\n<body>\n<h1>Rating list</h1>\n<p>")
                .append(document.games()).append(" rated games from ").append(escape(String.join(", ", document.folders())))
                .append(document.anchor() == null ? "; ratings relative to each group's mean"
                        : String.format(Locale.ROOT, "; %s held at %.0f", escape(document.anchor().name()), document.anchor().elo()))
                .append(".</p>\n");
        if (document.groups().size() > 1) {
            page.append("<p>The bots fall into ").append(document.groups().size())
                    .append(" groups that never met; each is rated apart, and ratings of different groups cannot be compared.</p>\n");
        }
        page.append("<table>\n<tr><th>rank</th><th>bot</th><th>Elo</th><th>95% interval</th><th>games</th><th>score</th>")
                .append("<th>LOS</th><th>group</th></tr>\n");
        for (RatingsDocument.Bot bot : document.bots()) {
            page.append(String.format(Locale.ROOT,
                    "<tr><td class=\"n\">%d</td><td>%s</td><td class=\"n\">%+.1f</td><td class=\"n\">[%+.1f, %+.1f]</td>"
                            + "<td class=\"n\">%d</td><td class=\"n\">%.1f%%</td><td class=\"n\">%s</td><td class=\"n\">%d</td></tr>\n",
                    bot.rank(), escape(bot.name()), bot.elo(), bot.low(), bot.high(), bot.games(), bot.score() * 100,
                    bot.los() == null ? "" : String.format(Locale.ROOT, "%.1f%%", bot.los() * 100), bot.group()));
        }
        page.append("</table>\n</body>\n</html>\n");
        return page.toString();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
