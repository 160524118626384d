package caissa.arena.contest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The command an admitted submission plays by: its language's {@code run} command, run in its
 * build folder, with {@code {main}} the main file (the one uploaded file, or the language's
 * {@code main} in an archive) and {@code {sources}} the sources, sorted, relative to the build
 * folder, as the admission's build expanded them.
 */
public final class SubmissionCommand {

    private SubmissionCommand() {
    }

    /** The command, or empty when the submission's language is no longer in the contest file. */
    public static Optional<List<String>> of(ContestDefinition contest, ContestLayout layout, Submission submission)
            throws IOException {
        Optional<ContestDefinition.Language> language = contest.language(submission.language());
        if (language.isEmpty()) {
            return Optional.empty();
        }
        Path build = layout.build(submission.id());
        List<String> sources = new ArrayList<>();
        if (Files.isDirectory(build)) {
            try (Stream<Path> files = Files.walk(build)) {
                files.filter(Files::isRegularFile).map(f -> build.relativize(f).toString())
                        .filter(name -> language.get().extensions().stream()
                                .anyMatch(e -> name.toLowerCase(Locale.ROOT).endsWith("." + e)))
                        .sorted().forEach(sources::add);
            }
        }
        String main = language.get().main().orElse(Path.of(submission.fileName()).getFileName().toString());
        List<String> argv = new ArrayList<>();
        for (String word : language.get().run()) {
            if (word.equals("{sources}")) {
                argv.addAll(sources);
            } else {
                argv.add(word.replace("{main}", main));
            }
        }
        return Optional.of(argv);
    }
}
