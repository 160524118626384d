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
 * {@code main} in an archive, else its first source) and {@code {sources}} the sources, sorted,
 * as {@link Admission} expanded them for the admission's games.
 */
public final class SubmissionCommand {

    private SubmissionCommand() {}

    /** The command, or empty when the submission's language is no longer in the contest file. */
    public static Optional<List<String>> of(ContestDefinition contest, ContestLayout layout, Submission submission)
            throws IOException {
        Optional<ContestDefinition.Language> language = contest.language(submission.language());
        if (language.isEmpty()) {
            return Optional.empty();
        }
        // As the admission expanded it: the uploaded files, sorted, relative to the upload folder.
        Path upload = layout.upload(submission.id());
        List<String> files = new ArrayList<>();
        if (Files.isDirectory(upload)) {
            try (Stream<Path> walk = Files.walk(upload)) {
                walk.filter(Files::isRegularFile)
                        .map(f -> upload.relativize(f).toString())
                        .sorted()
                        .forEach(files::add);
            }
        }
        List<String> sources = files.stream()
                .filter(name -> language.get().extensions().stream()
                        .anyMatch(e -> name.toLowerCase(Locale.ROOT).endsWith("." + e)))
                .toList();
        String main = files.size() == 1
                ? files.get(0)
                : language.get().main().orElse(sources.isEmpty() ? submission.fileName() : sources.get(0));
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
