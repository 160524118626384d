package caissa.arena.program;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one command-line string into arguments with POSIX shell quoting rules (single quotes,
 * double quotes, backslash escapes), without running a shell: no variables, globs or pipes.
 * A bot path with spaces is written {@code "my bots/x"} or {@code my\ bots/x}.
 */
public final class CommandLineSplitter {

    private CommandLineSplitter() {}

    /**
     * @throws IllegalArgumentException for an unterminated quote, a trailing backslash or an
     *     empty command
     */
    public static List<String> split(String commandLine) {
        List<String> args = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inArgument = false;
        int i = 0;
        int n = commandLine.length();
        while (i < n) {
            char c = commandLine.charAt(i);
            if (c == '\'') {
                int end = commandLine.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unterminated single quote in command: " + commandLine);
                }
                current.append(commandLine, i + 1, end);
                inArgument = true;
                i = end + 1;
            } else if (c == '"') {
                i++;
                boolean closed = false;
                while (i < n) {
                    char d = commandLine.charAt(i);
                    if (d == '"') {
                        closed = true;
                        i++;
                        break;
                    }
                    // Inside double quotes a backslash escapes only these, as in sh.
                    if (d == '\\' && i + 1 < n && "\"\\$`".indexOf(commandLine.charAt(i + 1)) >= 0) {
                        current.append(commandLine.charAt(i + 1));
                        i += 2;
                    } else {
                        current.append(d);
                        i++;
                    }
                }
                if (!closed) {
                    throw new IllegalArgumentException("unterminated double quote in command: " + commandLine);
                }
                inArgument = true;
            } else if (c == '\\') {
                if (i + 1 >= n) {
                    throw new IllegalArgumentException("trailing backslash in command: " + commandLine);
                }
                current.append(commandLine.charAt(i + 1));
                inArgument = true;
                i += 2;
            } else if (Character.isWhitespace(c)) {
                if (inArgument) {
                    args.add(current.toString());
                    current.setLength(0);
                    inArgument = false;
                }
                i++;
            } else {
                current.append(c);
                inArgument = true;
                i++;
            }
        }
        if (inArgument) {
            args.add(current.toString());
        }
        if (args.isEmpty()) {
            throw new IllegalArgumentException("empty command");
        }
        return List.copyOf(args);
    }
}
