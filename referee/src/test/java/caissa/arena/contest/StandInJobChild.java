package caissa.arena.contest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A job's child process for the runner's tests, started as the real one is
 * ({@code contest job --data DIR --job ID}, same Java, same class path). What it does is its
 * job's subject: {@value #SUCCEEDS} writes a line and ends well, {@value #FAILS} ends badly
 * saying why, {@value #WAITS} writes its PID and waits for its standard input to end.
 */
public final class StandInJobChild {

    static final long SUCCEEDS = 1;
    static final long FAILS = 2;
    static final long WAITS = 3;

    private StandInJobChild() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[3]);
        long id = Long.parseLong(args[5]);
        Contest contest = Contest.open(dir);
        Job job = contest.store().job(id).orElseThrow();
        Files.writeString(
                dir.resolve("ran.txt"),
                id + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        if (job.subject() == FAILS) {
            System.err.println("the disk is on fire");
            System.exit(1);
        }
        if (job.subject() == WAITS) {
            Files.writeString(
                    dir.resolve("pid-" + id),
                    Long.toString(ProcessHandle.current().pid()));
            while (System.in.read() >= 0) {
                // Until the runner's end closes.
            }
            System.exit(1);
        }
        System.exit(0);
    }
}
