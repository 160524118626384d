package caissa.arena.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Paths as a published page shows them: a report is mailed, archived and put on a class's web
 * page, so it must not carry the organiser's folders (home folders, user names, checkouts). A
 * path under the tournament file's folder is shown relative to it ({@code books/caissa.txt}),
 * any other by its file name; the records on disk keep the absolute paths that resume and verify
 * need, only the page is rewritten.
 *
 * <p>The tournament file's folder is not in {@code tournament.json} as such: it is the folder
 * the file it names ({@code file}, as given on the command line) lies in, found among the folders
 * the record holds resolved (a bot's default working folder is that folder).
 *
 * @param base the tournament file's folder, when the record tells it
 */
public record PublishedPaths(Optional<Path> base) {

    /** Nothing known of the tournament's folder: every absolute path is shown by its file name. */
    public static final PublishedPaths NAMES_ONLY = new PublishedPaths(Optional.empty());

    /**
     * An absolute path inside free text (a reason, a bot's stderr): a slash not preceded by a
     * word character (so {@code 1/2-1/2} is no path), then at least two names.
     */
    private static final Pattern ABSOLUTE =
            Pattern.compile("(?<![\\w.~/-])(/[^\\s\"'`:;,()<>\\[\\]{}|*?/]+(?:/[^\\s\"'`:;,()<>\\[\\]{}|*?/]*)+)");

    /**
     * Folders that say nothing of the organiser: the system's own, and those a sandboxed bot sees
     * inside its sandbox. A path under them is shown as it is.
     */
    private static final Set<String> SYSTEM_ROOTS = Set.of(
            "usr", "lib", "lib32", "lib64", "bin", "sbin", "etc", "proc", "dev", "sys", "scratch", "nix", "System",
            "Library");

    /** The paths of the tournament record {@code tournament.json}. */
    public static PublishedPaths of(Optional<JsonNode> tournament) {
        if (tournament.isEmpty()) {
            return NAMES_ONLY;
        }
        String file = tournament.get().path("file").asText("");
        if (file.isEmpty()) {
            return NAMES_ONLY;
        }
        Path named = Path.of(file).normalize();
        if (named.isAbsolute()) {
            return new PublishedPaths(Optional.ofNullable(named.getParent()));
        }
        // Relative to the folder the run started in: the folder is one the record holds resolved
        // (a bot's working folder, by default the tournament file's) that ends with the file's own folder.
        Path folder = named.getParent();
        Map<Path, Integer> seen = new HashMap<>();
        for (JsonNode bot : tournament.get().path("definition").path("bots")) {
            String dir = bot.path("workingDir").asText("");
            if (!dir.isEmpty() && Path.of(dir).isAbsolute()) {
                seen.merge(Path.of(dir).normalize(), 1, Integer::sum);
            }
        }
        return seen.entrySet().stream()
                .filter(e -> folder == null || e.getKey().endsWith(folder))
                .max(Map.Entry.comparingByValue())
                .map(e -> new PublishedPaths(Optional.of(e.getKey())))
                .orElse(NAMES_ONLY);
    }

    /** One path: relative to the base when under it, else its file name; a relative path as it is. */
    public String path(String path) {
        Path p;
        try {
            p = Path.of(path).normalize();
        } catch (RuntimeException e) {
            return path;
        }
        if (!p.isAbsolute() || isSystem(p)) {
            return path;
        }
        if (base.isPresent() && p.startsWith(base.get())) {
            Path relative = base.get().relativize(p);
            return relative.toString().isEmpty() ? "." : relative.toString();
        }
        Path name = p.getFileName();
        return name == null ? path : name.toString();
    }

    /** Free text with each absolute path in it shown as {@link #path} shows it. */
    public String text(String text) {
        if (text == null || text.indexOf('/') < 0) {
            return text;
        }
        Matcher m = ABSOLUTE.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(path(m.group(1))));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * The tournament record as the page embeds it: every text with its paths as {@link #text}
     * shows them, the bots' environment without its values (they may be tokens), and the book
     * without its lines, which are the run's to replay and would be most of the page.
     */
    public JsonNode tournament(JsonNode record) {
        JsonNode copy = texts(record.deepCopy());
        JsonNode definition = copy.path("definition");
        for (JsonNode bot : definition.path("bots")) {
            if (bot.path("env") instanceof ObjectNode env) {
                env.properties().forEach(e -> e.setValue(TextNode.valueOf("…")));
            }
        }
        if (definition.path("openings") instanceof ObjectNode openings
                && openings.path("lines").isArray()) {
            openings.put("lines", openings.path("lines").size());
        }
        return copy;
    }

    /** Any document (standings, a match's summary) with every text as {@link #text} shows it. */
    public JsonNode document(JsonNode node) {
        return texts(node.deepCopy());
    }

    /** Each line as {@link #text} shows it. */
    public List<String> texts(List<String> lines) {
        List<String> out = new ArrayList<>(lines.size());
        for (String line : lines) {
            out.add(text(line));
        }
        return out;
    }

    private JsonNode texts(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                e.setValue(texts(e.getValue()));
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, texts(array.get(i)));
            }
        } else if (node.isTextual()) {
            return TextNode.valueOf(text(node.asText()));
        }
        return node;
    }

    private static boolean isSystem(Path p) {
        return p.getNameCount() > 0 && SYSTEM_ROOTS.contains(p.getName(0).toString());
    }
}
