package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.match.MatchCheck;
import caissa.arena.records.FolderCheck;
import caissa.arena.records.Json;
import caissa.arena.records.Problems;
import caissa.arena.report.HtmlReport;
import caissa.arena.tournament.RunCheck;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Writes the HTML report of a tournament output folder, finished or still running. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        header = "Write the HTML report of a tournament folder.",
        description = "Write DIR/report.html: one self-contained page, readable offline, with the standings, the"
                + " crosstable, the irregular losses, the list of games and a board viewer for every game. Works on a"
                + " running tournament: logs not yet written are not shown, unreadable ones are named on the page and"
                + " on stderr. Every log is first replayed against its moves, its opening and its journal line (as"
                + " 'caissa verify' does): one that disagrees is refused, naming it, and no report is written."
                + " Prints the report's path. Exit codes: 0 written, 5 a log disagrees, 2 not a tournament or match"
                + " folder, 74 the report cannot be written.")
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "DIR",
            description = "A tournament output folder: tournament.json, standings.json, games/NNNN.json.")
    Path dir;

    @Override
    public Integer call() throws IOException {
        // A log that its moves or its run's records contradict is refused, not shown.
        // The standings shown are those the journal's games give, never standings.json as found.
        Optional<JsonNode> standings = Optional.empty();
        if (MatchCheck.isMatchFolder(dir)) {
            MatchCheck.check(dir, FolderCheck.Mode.LENIENT);
        } else {
            standings = RunCheck.checkAndDerive(dir, FolderCheck.Mode.LENIENT)
                    .standings()
                    .map(document -> Json.mapper().valueToTree(document));
        }
        HtmlReport.Written written;
        try {
            written = HtmlReport.write(dir, standings);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        } catch (IOException e) {
            // A disk or permission problem, not bad usage: exit code 74, naming the file.
            throw Problems.naming(dir.resolve("report.html"), e);
        }
        PrintWriter err = spec.commandLine().getErr();
        written.problems().forEach(problem -> err.println("caissa report: " + problem));
        err.flush();
        PrintWriter out = spec.commandLine().getOut();
        out.println(written.file());
        out.flush();
        return ExitCodes.OK;
    }
}
