package caissa.arena.diagnostics;

/**
 * Makes text that a bot controls safe to print on the organiser's terminal: its replies, its
 * standard error, a compiler's messages about its source, and anything quoting them. Control
 * characters are shown escaped ({@code \x1b}, {@code \r}, {@code \u202e}), so that a bot cannot
 * move the cursor, rewrite a line into a fake {@code PASS}, change colours, set the window title,
 * or reverse the text's direction. Every command that prints such text goes through here.
 */
public final class TerminalText {

    private TerminalText() {}

    /** One line: every control character escaped, line feeds included. */
    public static String escape(String text) {
        return escape(text, false);
    }

    /** A block of lines (a stderr excerpt, compiler output): line feeds kept, every other control escaped. */
    public static String escapeLines(String text) {
        return escape(text, true);
    }

    private static String escape(String text, boolean keepLineFeeds) {
        if (text == null) {
            return null;
        }
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean safe = !isControl(c) || (keepLineFeeds && c == '\n');
            if (safe) {
                if (sb != null) {
                    sb.append(c);
                }
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> sb.append(c < 0x100 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
            }
        }
        return sb == null ? text : sb.toString();
    }

    /**
     * C0 and C1 controls and DEL (escape sequences, carriage return, backspace, bell, the 8-bit
     * CSI), and the Unicode format characters that reorder or hide text (bidirectional overrides
     * and isolates, zero-width characters, the byte order mark).
     */
    private static boolean isControl(char c) {
        return c < 0x20
                || (c >= 0x7f && c <= 0x9f)
                || Character.getType(c) == Character.FORMAT
                || c == '\u2028'
                || c == '\u2029';
    }
}
