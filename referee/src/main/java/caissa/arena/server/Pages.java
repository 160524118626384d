package caissa.arena.server;

import caissa.arena.report.PageFrame;
import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's pages: Mustache templates (in this package's resources, {@code NAME.mustache}),
 * HTML-escaped by default, so that a participant's name or text is shown as text wherever it
 * appears; drawn in the arena's one page frame ({@link PageFrame}) with the contest's title and
 * the visitor's menu ({@code layout.mustache}).
 */
public final class Pages {

    private final Mustache.Compiler compiler;
    private final Map<String, Template> templates = new ConcurrentHashMap<>();
    private final String contestTitle;

    public Pages(String contestTitle) {
        this.contestTitle = contestTitle;
        this.compiler =
                Mustache.compiler().escapeHTML(true).defaultValue("").withLoader(name -> reader(name + ".mustache"));
    }

    /**
     * A whole page: the template {@code name} with {@code data}, in the frame.
     *
     * @param title   the page's heading (text, escaped here)
     * @param visitor who is logged in, for the menu and the logout form's token
     */
    public String page(String name, String title, Map<String, ?> data, Optional<Visitor> visitor) {
        Map<String, Object> context = new HashMap<>(data);
        context.put("contestTitle", contestTitle);
        visitor.ifPresent(v -> {
            context.put("visitor", v.participant().name());
            context.put("organiser", v.participant().isOrganiser());
            context.put("csrf", v.csrfToken());
        });
        String body = render(name, context);
        String menu = render("layout", context);
        return PageFrame.page(new PageFrame.Parts(
                "Caïssa Arena contest server",
                PageFrame.escape(title + " · " + contestTitle),
                PageFrame.escape(contestTitle),
                PageFrame.escape(title),
                menu,
                "<main class=\"wrap\">\n" + body + "</main>\n"));
    }

    /** A time as people read it on a page: to the second, in UTC ("2026-11-28 06:55:13 UTC"). */
    public static String time(Instant instant) {
        return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
                .withZone(ZoneOffset.UTC)
                .format(instant);
    }

    /** One template alone, escaped as every page is. */
    public String render(String name, Map<String, ?> context) {
        return templates
                .computeIfAbsent(name, n -> compiler.compile(reader(n + ".mustache")))
                .execute(context);
    }

    private static Reader reader(String resource) {
        InputStream in = Pages.class.getResourceAsStream(resource);
        if (in == null) {
            throw new UncheckedIOException(new IOException("no template " + resource));
        }
        return new InputStreamReader(in, StandardCharsets.UTF_8);
    }
}
