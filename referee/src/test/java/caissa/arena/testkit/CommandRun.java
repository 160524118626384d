package caissa.arena.testkit;

import caissa.arena.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * One in-process run of the arena's command line ({@link Main#run}), with its exit code and what it
 * printed on each stream. Every test that runs a command in process uses this one record, so that
 * what "a run" captures is decided once.
 */
public record CommandRun(int exitCode, String out, String err) {

    public static CommandRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CommandRun(exitCode, out.toString(), err.toString());
    }

    public static CommandRun of(List<String> args) {
        return of(args.toArray(String[]::new));
    }

    /** The command {@code first} followed by {@code rest}: {@code ofCommand("submit", args)}. */
    public static CommandRun ofCommand(String first, String... rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(rest));
        return of(all);
    }

    public List<String> outLines() {
        return out.lines().toList();
    }

    public List<String> errLines() {
        return err.lines().toList();
    }
}
