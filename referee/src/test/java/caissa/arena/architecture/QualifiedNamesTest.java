package caissa.arena.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A type is named by its simple name and imported once at the top of its file, not spelled out
 * with its package in the code (issue 40 found 129 such names in the main code and 197 in the
 * tests). The formatter keeps the layout; this keeps the names. A qualified name stays only where
 * two types of one simple name meet in a file, and then the file imports neither of them under
 * that name: {@link #clashes}.
 */
class QualifiedNamesTest {

    /** A package path of lower-case words, then a type's name: {@code java.util.List}, {@code caissa.arena.bot.Ending}. */
    private static final Pattern QUALIFIED =
            Pattern.compile("(?<![\\w.\"@])((?:java|javax|jdk|com|org|caissa)(?:\\.[a-z][a-z0-9_]*)+)\\.([A-Z]\\w*)");

    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void typesAreImportedNotSpelledOutInTheCode() throws IOException {
        List<String> found = new ArrayList<>();
        for (String module : List.of("referee", "sample-bots", "benchmarks")) {
            Path sources = ROOT.resolve(module).resolve("src");
            if (!Files.isDirectory(sources)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(sources)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java"))
                        .sorted()
                        .toList()) {
                    found.addAll(qualifiedNames(file));
                }
            }
        }
        assertThat(found).as("inline qualified names: import the type instead").isEmpty();
    }

    @Test
    void theCheckFindsANameInCodeButNotInImportsCommentsOrStrings() {
        List<String> lines = List.of(
                "package caissa.arena.game;",
                "import java.util.List;",
                "// a java.util.Map in a comment",
                "/** {@link java.util.Set} in a doc comment",
                " * and java.util.Deque on its second line */",
                "String s = \"java.util.Optional in a string\";",
                "String t = \"\"\"",
                "    java.util.Queue in a text block",
                "    \"\"\";",
                "java.util.Map<String, String> m = new java.util.HashMap<>();");
        assertThat(qualifiedNames(Path.of("Example.java"), lines))
                .containsExactly("Example.java:10: java.util.Map", "Example.java:10: java.util.HashMap");
    }

    private static List<String> qualifiedNames(Path file) throws IOException {
        return qualifiedNames(ROOT.relativize(file.toAbsolutePath()), Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /**
     * The qualified names in the code of these lines, as "file:line: name": package and import
     * lines, comments and string literals are left out, and so are the names of {@link #clashes}.
     */
    static List<String> qualifiedNames(Path file, List<String> lines) {
        List<String> found = new ArrayList<>();
        boolean inComment = false;
        boolean inTextBlock = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            StringBuilder code = new StringBuilder();
            int at = 0;
            while (at < line.length()) {
                if (inTextBlock) {
                    int end = line.indexOf("\"\"\"", at);
                    if (end < 0) {
                        at = line.length();
                    } else {
                        inTextBlock = false;
                        at = end + 3;
                    }
                } else if (inComment) {
                    int end = line.indexOf("*/", at);
                    if (end < 0) {
                        at = line.length();
                    } else {
                        inComment = false;
                        at = end + 2;
                    }
                } else if (line.startsWith("\"\"\"", at)) {
                    inTextBlock = true;
                    at += 3;
                } else if (line.startsWith("/*", at)) {
                    inComment = true;
                    at += 2;
                } else if (line.startsWith("//", at)) {
                    at = line.length();
                } else if (line.charAt(at) == '"') {
                    at = endOfString(line, at);
                    code.append("\"\"");
                } else if (line.charAt(at) == '\'') {
                    int end = line.indexOf('\'', at + (line.startsWith("'\\", at) ? 3 : 2));
                    at = end < 0 ? line.length() : end + 1;
                } else {
                    code.append(line.charAt(at));
                    at++;
                }
            }
            String text = code.toString().strip();
            if (text.startsWith("package ") || text.startsWith("import ")) {
                continue;
            }
            Matcher matcher = QUALIFIED.matcher(text);
            while (matcher.find()) {
                String name = matcher.group(1) + "." + matcher.group(2);
                if (!clashes(name)) {
                    found.add(file + ":" + (i + 1) + ": " + name);
                }
            }
        }
        return found;
    }

    private static int endOfString(String line, int quote) {
        for (int at = quote + 1; at < line.length(); at++) {
            if (line.charAt(at) == '\\') {
                at++;
            } else if (line.charAt(at) == '"') {
                return at + 1;
            }
        }
        return line.length();
    }

    /**
     * Names that meet a type of the same simple name in the files that use them (JUnit's and
     * AssertJ's {@code Assertions}, for example): one of the two must be spelled out.
     */
    private static boolean clashes(String name) {
        return CLASHES.contains(name);
    }

    private static final List<String> CLASHES = List.of();
}
