package caissa.arena.contest;

import caissa.arena.command.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A contest being served: its definition (the copy in the data folder), its folder and its
 * database. The server and a job's child process each hold one.
 */
public record Contest(ContestDefinition definition, ContestLayout layout, ContestStore store) {

    /**
     * The contest of a data folder that a server has started in, whether a server runs now or
     * not: the commands on a data folder ({@code caissa contest ...}) and a job's child open it so.
     *
     * @throws UsageException when the folder is not a contest's data folder
     */
    public static Contest open(Path dir) {
        ContestLayout layout = new ContestLayout(dir);
        if (!Files.isRegularFile(layout.contestFile()) || !Files.isRegularFile(layout.database())) {
            throw new UsageException(dir + " is not a contest's data folder (no contest.json and contest.db in it);"
                    + " start the server on it first: caissa serve CONTEST.json --data " + dir);
        }
        return new Contest(ContestFile.read(layout.contestFile()), layout, ContestStore.open(layout));
    }
}
