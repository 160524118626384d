package caissa.arena.records;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** Input/output failures as the short phrase a user understands: "No space left on device". */
public final class Problems {

    private Problems() {
    }

    /** What went wrong, without the file name (the caller names the file). */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException fs) {
            if (fs.getReason() != null && !fs.getReason().isBlank()) {
                return fs.getReason().strip();
            }
            if (e instanceof NoSuchFileException) {
                return "no such file or folder";
            }
            if (e instanceof AccessDeniedException) {
                return "permission denied";
            }
            if (e instanceof NotDirectoryException) {
                return "not a folder";
            }
            if (e instanceof FileAlreadyExistsException) {
                return "already exists";
            }
            if (e instanceof DirectoryNotEmptyException) {
                return "folder not empty";
            }
        }
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return message.lines().findFirst().orElse("").strip();
    }

    /** The exception again, as a {@link FileSystemException} that names the file. */
    public static FileSystemException naming(java.nio.file.Path file, IOException e) {
        if (e instanceof FileSystemException fs && fs.getFile() != null) {
            return fs;
        }
        FileSystemException named = new FileSystemException(file.toString(), null, describe(e));
        named.initCause(e);
        return named;
    }
}
