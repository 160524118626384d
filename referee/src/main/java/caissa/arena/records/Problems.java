package caissa.arena.records;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/** Input/output failures as the short phrase a user understands: "No space left on device". */
public final class Problems {

    private Problems() {}

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
        return oneLine(message);
    }

    /** The most of a problem's text a message quotes: a line's worth, whatever the input held. */
    public static final int MAX_QUOTED = 200;

    /**
     * Why a record (a game log, the journal, standings, a summary) could not be read, in words of
     * the arena's own and the place in the file: never the record's content. Jackson's messages
     * quote what they could not parse ("Unrecognized token 'ghp_…'"), and a record may hold
     * anything a file can, a token among them; a report, a log or a terminal is no place for it.
     */
    public static String ofRecord(Exception e) {
        if (e instanceof JsonProcessingException json) {
            String what;
            if (e instanceof UnrecognizedPropertyException) {
                what = "a field that does not belong there";
            } else if (e instanceof ValueInstantiationException) {
                what = "a value that does not fit its field";
            } else if (e instanceof MismatchedInputException) {
                what = "a value of the wrong kind, or a field missing";
            } else if (e instanceof JsonMappingException) {
                what = "not a document of this kind";
            } else {
                what = "not valid JSON";
            }
            JsonLocation at = json.getLocation();
            return at == null || at.getLineNr() < 1
                    ? what
                    : what + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
        }
        return oneLine(e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName());
    }

    /** The first line of a text, cut at {@link #MAX_QUOTED} characters. */
    public static String oneLine(String text) {
        String line = text.lines().findFirst().orElse("").strip();
        return line.length() > MAX_QUOTED ? line.substring(0, MAX_QUOTED) + "…" : line;
    }

    /** The exception again, as a {@link FileSystemException} that names the file. */
    public static FileSystemException naming(Path file, IOException e) {
        if (e instanceof FileSystemException fs && fs.getFile() != null) {
            return fs;
        }
        FileSystemException named = new FileSystemException(file.toString(), null, describe(e));
        named.initCause(e);
        return named;
    }
}
