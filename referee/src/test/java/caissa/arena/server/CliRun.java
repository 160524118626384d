package caissa.arena.server;

import caissa.arena.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the command line, with what it printed on each stream. */
record CliRun(int exit, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(exit, out.toString(), err.toString());
    }
}
