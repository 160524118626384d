package caissa.arena.diagnostics;

/**
 * Makes text a bot controls (its stderr, its replies) safe to print on a terminal or in a log:
 * control characters and escape sequences are shown as {@code \xNN} instead of being obeyed.
 *
 * <p>The one place the arena's own diagnostics escape bot text; when the sandbox's escaping
 * helper (issue 9) lands, this delegates to it.
 */
public final class BotText {

    private BotText() {
    }

    /** The text with every control character (tabs excepted) written as an escape. */
    public static String forTerminal(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (c == '\t') {
                sb.append(' ');
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0x2028 || c == 0x2029
                    || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) {
                sb.append(c < 0x100 ? String.format("\\x%02x", c) : String.format("\\u%04x", c));
            } else {
                sb.appendCodePoint(c);
            }
        });
        return sb.toString();
    }
}
