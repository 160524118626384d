package caissa.arena.records;

import java.nio.file.Path;
import java.time.LocalDateTime;

/**
 * The folder of a validation ({@code caissa validate}): the game logs alone, named by
 * {@link GameFiles#name}, in the folder given or in {@code reports/validate/<time>-<bot>/}.
 */
public final class ValidateLayout {

    private ValidateLayout() {}

    /** {@code reports/validate/<time>-<bot>/}. */
    public static Path defaultFolder(LocalDateTime time, String bot) {
        return ReportsDirectory.root()
                .resolve("validate")
                .resolve(ReportsDirectory.stamp(time) + "-" + ReportsDirectory.safe(bot));
    }

    /** The log of game {@code number} of {@code total}. */
    public static Path gameFile(Path folder, int number, int total) {
        return folder.resolve(GameFiles.name(number, total));
    }
}
