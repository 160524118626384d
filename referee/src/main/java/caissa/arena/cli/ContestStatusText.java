package caissa.arena.cli;

import caissa.arena.contest.Contest;
import caissa.arena.contest.Participant;
import caissa.arena.contest.Submission;
import caissa.arena.diagnostics.TerminalText;
import java.io.PrintWriter;
import java.nio.file.Path;

/** {@code caissa contest status} as text (and, with --json, as its document). */
final class ContestStatusText {

    private ContestStatusText() {
    }

    static void print(Contest contest, Path json, PrintWriter out) {
        out.println("contest '" + TerminalText.escape(contest.definition().name()) + "': "
                + contest.store().participants().size() + " accounts");
        for (Participant p : contest.store().participants()) {
            out.println(TerminalText.escape(p.name()) + " (" + p.role().word() + (p.disabled() ? ", disabled" : "") + ")");
            for (Submission s : contest.store().submissionsOf(p.id())) {
                out.println("  #" + s.number() + " " + TerminalText.escape(s.fileName()) + " " + s.language() + " "
                        + s.state().word() + s.reason().map(r -> ": " + TerminalText.escape(r)).orElse(""));
            }
        }
        out.flush();
    }
}
