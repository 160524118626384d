package caissa.arena.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/** One in-process run of the command line, with what it printed on each stream. */
record CommandRun(int exitCode, String out, String err) {

    static CommandRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CommandRun(exitCode, out.toString(), err.toString());
    }

    List<String> outLines() {
        return out.lines().toList();
    }

    List<String> errLines() {
        return err.lines().toList();
    }
}
