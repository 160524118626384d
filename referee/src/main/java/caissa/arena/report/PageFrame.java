package caissa.arena.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The frame every page of the arena is drawn in: page.html (the head with the report's
 * stylesheet, report.css, inlined, and the dark header: kicker, heading, the page's own lines)
 * around a page's body. The tournament report and the rating list both use it, so they look
 * alike and their style has one source. A page is one self-contained file: nothing is fetched.
 */
public final class PageFrame {

    private static final String FRAME = load();

    private PageFrame() {}

    /**
     * What a page puts in the frame. {@code about} is plain text for the comment at the top; the
     * others are HTML, their text already escaped ({@link #escape}).
     *
     * @param header lines under the heading, inside the header
     * @param body everything after the header: the page's sections, data and script
     */
    public record Parts(String about, String title, String kicker, String heading, String header, String body) {
        public Parts {
            if (about.contains("-->") || about.contains("<!--")) {
                throw new IllegalArgumentException("a comment's text must not open or close a comment: " + about);
            }
        }
    }

    /** The whole page. */
    public static String page(Parts parts) {
        String page = replaceOnce(FRAME, "<!--caissa:about-->", "<!-- " + parts.about() + " -->");
        page = replaceOnce(page, "<!--caissa:title-->", parts.title());
        page = replaceOnce(page, "<!--caissa:kicker-->", parts.kicker());
        page = replaceOnce(page, "<!--caissa:heading-->", parts.heading());
        page = replaceOnce(page, "<!--caissa:header-->", parts.header());
        return replaceOnce(page, "<!--caissa:body-->", parts.body());
    }

    /** Text as HTML: the characters markup gives a meaning to, escaped. */
    public static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }

    /** The frame with the stylesheet in place, checked once. */
    private static String load() {
        String style = resource("report.css");
        // Inlined text ends its element at the first closing tag; ours must not contain one.
        requireAbsent(style, "</style", "report.css");
        return replaceOnce(resource("page.html"), "<!--caissa:style-->", "<style>\n" + style + "</style>");
    }

    static String replaceOnce(String text, String marker, String replacement) {
        int at = text.indexOf(marker);
        if (at < 0 || text.indexOf(marker, at + 1) >= 0) {
            throw new IllegalStateException("a page template must hold " + marker + " exactly once");
        }
        return text.substring(0, at) + replacement + text.substring(at + marker.length());
    }

    static void requireAbsent(String text, String tag, String name) {
        if (text.toLowerCase(Locale.ROOT).contains(tag)) {
            throw new IllegalStateException(name + " must not contain " + tag);
        }
    }

    static String resource(String name) {
        try (InputStream in = PageFrame.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
