package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.match.MatchMerge;
import caissa.arena.match.MatchReport;
import caissa.arena.match.MatchText;
import caissa.arena.records.MatchLayout;
import caissa.arena.records.TournamentLayout;
import caissa.arena.report.HtmlReport;
import caissa.arena.tournament.Merge;
import caissa.arena.tournament.ScheduledGame;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Puts the shards of a batch together (see docs/organiser-guide.md, "Clusters"). */
@Command(
        name = "merge",
        mixinStandardHelpOptions = true,
        header = "Merge the shards of a tournament batch into one output folder.",
        description = "Check that the shard folders come from the same tournament file and settings and together hold"
                + " every game of their batch exactly once, then write the merged folder (game logs, journal,"
                + " tournament.json, standings.json, report.html) as if one process had played them. DIR may already"
                + " hold the batches before (a Swiss, round by round); the next batch to run is printed."
                + " Shards of a fixed-length match (match --games N --shard) are judged as one match, into summary.json."
                + " Every log is first replayed against its moves, its opening and its journal line (as 'caissa verify'"
                + " does). Exit codes: 0 merged (for a match: H1 accepted), 1 a match's H0 accepted, 3 a match"
                + " inconclusive, 2 the shards do not fit, 5 a log disagrees with its moves or records (nothing"
                + " written in either case).")
final class MergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The merged folder.")
    Path out;

    @Parameters(arity = "1..*", paramLabel = "SHARD-DIR", description = "The shards' output folders.")
    List<Path> shards;

    @Override
    public Integer call() throws Exception {
        PrintWriter terminal = spec.commandLine().getOut();
        if (MatchMerge.isMatchShard(shards.get(0))) {
            MatchReport report = MatchMerge.merge(out, shards);
            terminal.printf(
                    "merged %d shards of the match %s vs %s: %d games into %s%n",
                    shards.size(), report.engine().name(), report.baseline().name(), report.games(), out);
            terminal.println();
            MatchText.printVerdict(terminal, report);
            terminal.println("summary: " + out.resolve(MatchLayout.SUMMARY_FILE));
            terminal.flush();
            return report.decision().exitCode();
        }
        Merge.Result result = Merge.merge(out, shards);
        terminal.printf(
                "merged %d shards of %s: %d games into %s%n",
                shards.size(), result.merged().describe(), result.games(), out);
        terminal.print(StandingsTable.format(result.standings()));
        if (result.next().isPresent()) {
            terminal.printf(
                    "next: %s, %d games; run its shards with --from %s%n",
                    result.next().get().describe(), result.next().get().games().size(), out);
            List<String> names = result.botNames();
            for (ScheduledGame g : result.next().get().games()) {
                terminal.printf("  game %d: %s vs %s%n", g.number(), names.get(g.white()), names.get(g.black()));
            }
            result.next().get().bye().ifPresent(b -> terminal.printf("  bye: %s%n", names.get(b)));
        } else {
            terminal.println("the tournament is complete");
        }
        terminal.println("standings: " + out.resolve(TournamentLayout.STANDINGS_FILE));
        terminal.println("report: " + HtmlReport.write(out).file());
        terminal.flush();
        return ExitCodes.OK;
    }
}
