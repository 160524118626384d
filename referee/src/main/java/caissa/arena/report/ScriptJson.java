package caissa.arena.report;

import caissa.arena.records.Json;

/**
 * JSON that can stand inside an HTML {@code <script type="application/json">} element.
 *
 * <p>The HTML parser ends a script element at the first {@code </script} whatever the quoting
 * of the content, and {@code <!--} switches it into a mode where a later {@code <script} nests;
 * a bot's name or stderr may contain either. Every {@code <} is therefore written as its
 * JSON escape (backslash, u003c), and {@code >} and {@code &} likewise so that no markup survives.
 * U+2028 and U+2029 are legal in JSON but were line terminators in JavaScript before ES2019, so
 * they are escaped too. All five can occur in JSON text only inside strings (the structure is
 * {@code {}[]:,"}, digits, letters and white space), where the six-character escape means the same
 * character, so a plain replacement keeps the JSON equal to what was serialized.
 */
public final class ScriptJson {

    private ScriptJson() {}

    /** The value as compact JSON, safe to put between {@code <script type="application/json">} and {@code </script>}. */
    public static String of(Object value) {
        return escape(Json.writeCompact(value));
    }

    /** Escapes JSON text for a script element; see the class comment for why this is enough. */
    static String escape(String json) {
        StringBuilder sb = new StringBuilder(json.length() + 64);
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            switch (c) {
                case '<' -> sb.append("\\u003c");
                case '>' -> sb.append("\\u003e");
                case '&' -> sb.append("\\u0026");
                case '\u2028' -> sb.append("\\u2028");
                case '\u2029' -> sb.append("\\u2029");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
