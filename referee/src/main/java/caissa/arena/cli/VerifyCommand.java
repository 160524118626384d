package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.match.MatchCheck;
import caissa.arena.records.FolderCheck;
import caissa.arena.tournament.RunCheck;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Checks the records of output folders against their moves, before they are published (see docs/organiser-guide.md, "Clusters"). */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        header = "Check that every game log of a tournament or match folder agrees with its moves.",
        description =
                "Replay every game log of each folder (a tournament's, a shard's, a merged folder, a match's) through"
                        + " the rules and check its start, final position, result and termination, and against the folder's"
                        + " records its opening (drawn from the seed), its players and its journal line. A regular ending"
                        + " (checkmate, stalemate, the move limit) must be what the moves end in; an irregular one (a time"
                        + " forfeit, a crash, ...) must name the bot that was to move, in a game the rules had not ended."
                        + " Stops at the first disagreement with one line naming the file and what disagrees; else prints one"
                        + " line a folder. Exit codes: 0 every log agrees, 5 a log or journal line disagrees (or a journaled"
                        + " game's log is missing), 2 a folder is not an output folder of the arena.")
final class VerifyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(
            arity = "1..*",
            paramLabel = "DIR",
            description = "Output folders of tournament, match or merge (their game logs are under games/).")
    List<Path> dirs;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                throw new UsageException(dir + (Files.exists(dir) ? " is not a folder" : ": no such folder"));
            }
            FolderCheck.Verified verified = MatchCheck.isMatchFolder(dir)
                    ? MatchCheck.check(dir, FolderCheck.Mode.STRICT)
                    : RunCheck.check(dir, FolderCheck.Mode.STRICT);
            out.printf(
                    "%s: %d game%s of %s agree with their moves%n",
                    dir, verified.games(), verified.games() == 1 ? "" : "s", verified.what());
        }
        out.flush();
        return ExitCodes.OK;
    }
}
