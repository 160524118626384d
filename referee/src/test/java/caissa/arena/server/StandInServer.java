package caissa.arena.server;

import caissa.arena.contest.Contest;
import caissa.arena.contest.ContestDefinition;
import caissa.arena.contest.ContestFile;
import caissa.arena.contest.ContestLayout;
import caissa.arena.contest.ContestStore;
import caissa.arena.contest.Jobs;
import caissa.arena.contest.StandInRunners;
import caissa.arena.records.FolderLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * {@code caissa serve} as a test's process, but with the stand-in job child: a server to kill
 * while a job of known length runs. Arguments: the contest file and the data folder.
 */
public final class StandInServer {

    private StandInServer() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        ContestLayout layout = new ContestLayout(Path.of(args[1]));
        Files.createDirectories(layout.dir());
        FolderLock lock = FolderLock.tryAcquire(layout.dir()).orElseThrow();
        ContestDefinition definition = ContestFile.read(file);
        ContestFile.writeCopy(file, definition, layout.contestFile());
        Contest contest = new Contest(definition, layout, ContestStore.open(layout));
        Jobs jobs = new Jobs(contest.store(), Clock.systemUTC());
        ContestServer server = ContestServer.start(
                contest, "127.0.0.1", 0, Clock.systemUTC(), jobs, StandInRunners.runner(contest, jobs));
        System.out.println("serving at http://127.0.0.1:" + server.port() + "/");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
        lock.close();
    }
}
