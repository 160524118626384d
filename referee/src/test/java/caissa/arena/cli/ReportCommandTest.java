package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caissa report DIR}: its output, its warnings and its refusals. */
class ReportCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void writesTheReportAndPrintsItsPath(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("tournament.json"), "{\"schema\": \"caissa-arena/tournament/1\", \"games\": 0}");

        int code = run("report", dir.toString());

        assertThat(code).isZero();
        assertThat(out.toString()).isEqualTo(dir.resolve("report.html") + System.lineSeparator());
        assertThat(err.toString()).isEmpty();
        assertThat(Files.readString(dir.resolve("report.html"))).startsWith("<!DOCTYPE html>");
    }

    @Test
    void namesEachLogItLeftOutOnStandardErrorAndStillSucceeds(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("games"));
        Files.writeString(dir.resolve("games/0001.json"), "{\"schema\": ");

        int code = run("report", dir.toString());

        assertThat(code).isZero();
        assertThat(err.toString())
                .startsWith("caissa report: games/0001.json was left out: ")
                .hasLineCount(1);
        assertThat(dir.resolve("report.html")).exists();
    }

    @Test
    void aMissingFolderIsOneLineAndExitCodeTwo(@TempDir Path dir) {
        Path missing = dir.resolve("nowhere");

        int code = run("report", missing.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("caissa report: no such folder: " + missing + System.lineSeparator());
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aFolderThatIsNotATournamentOutputIsOneLineAndExitCodeTwo(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("readme.txt"), "not a tournament");

        int code = run("report", dir.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("caissa report: " + dir
                        + " is not a tournament output folder: it has neither tournament.json nor games/"
                        + System.lineSeparator());
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    @Test
    void withoutAFolderItAsksForOne() {
        int code = run("report");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("caissa report: Missing required parameter: 'DIR'");
    }
}
