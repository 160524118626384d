package caissa.arena.contest;

import caissa.arena.records.FolderLock;
import java.nio.file.Path;

/**
 * The data folder of a contest (docs/contest-server.md, "The data folder"): everything the
 * server keeps is under it, so the folder is the export.
 */
public record ContestLayout(Path dir) {

    public ContestLayout {
        dir = dir.toAbsolutePath().normalize();
    }

    /** {@code ./<name>/}: the folder a contest's data goes to unless {@code --data} says otherwise. */
    public static Path defaultFolder(String contestName) {
        return Path.of(contestName);
    }

    /** Held by the running server (and by a command that writes while no server runs). */
    public Path lockFile() {
        return dir.resolve(FolderLock.FILE);
    }

    /** The contest file the server was started with, copied, so that the folder says what it ran. */
    public Path contestFile() {
        return dir.resolve("contest.json");
    }

    public Path database() {
        return dir.resolve("contest.db");
    }

    public Path submissions() {
        return dir.resolve("submissions");
    }

    public Path submission(long id) {
        return submissions().resolve(Long.toString(id));
    }

    /** What was uploaded: the one file, or the unpacked archive. */
    public Path upload(long submission) {
        return submission(submission).resolve("upload");
    }

    /** The build's folder, the sandbox's only writable place; the bot runs there. */
    public Path build(long submission) {
        return submission(submission).resolve("build");
    }

    /** The admission test's report (schema caissa-arena/validation/1). */
    public Path admission(long submission) {
        return submission(submission).resolve("admission.json");
    }

    /** The admission test's game logs. */
    public Path games(long submission) {
        return submission(submission).resolve("games");
    }

    /** A competition's tournament output folder, as {@code caissa tournament} writes it. */
    public Path competition(String name) {
        return dir.resolve("competitions").resolve(name);
    }

    /** What a job's child process printed: the first place to look when a job failed. */
    public Path jobLog(long job) {
        return dir.resolve("jobs").resolve(job + ".log");
    }
}
