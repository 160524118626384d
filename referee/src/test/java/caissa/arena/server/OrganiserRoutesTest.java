package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.contest.Submission;
import caissa.arena.contest.SubmissionState;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The organiser's page over real HTTP: inviting, every participant and submission, disabling. */
class OrganiserRoutesTest {

    @TempDir
    Path dir;

    private TestContest contest;

    @BeforeEach
    void start() throws Exception {
        contest = TestContest.start(dir, "invite");
    }

    @AfterEach
    void stop() {
        contest.close();
    }

    @Test
    void invitingFromThePageShowsEachLinkOnceAndTheLinkWorks() {
        Browser organiser = contest.organiser();

        HttpResponse<String> invited =
                organiser.submit("/organiser", "/organiser/invite", Map.of("names", "ada\n\n bob \n"));

        assertThat(invited.statusCode()).isEqualTo(200);
        Matcher links = Pattern.compile("<td>(ada|bob)</td><td><code>" + Pattern.quote(contest.url)
                        + "(invite/[A-Za-z0-9_-]+)</code></td><td><code>([A-Za-z0-9_-]{43})</code>")
                .matcher(invited.body());
        assertThat(links.find()).isTrue();
        String path = "/" + links.group(2);
        String token = links.group(3);
        assertThat(links.find()).isTrue();
        assertThat(organiser.get("/organiser").body()).doesNotContain(path);

        Browser ada = contest.browser();
        assertThat(ada.submit(path, path, Map.of("password", "correct horse")).statusCode())
                .isEqualTo(303);
        assertThat(contest.accounts().bySubmitToken(token)).isPresent();
    }

    @Test
    void invitingNobodyOrATakenNameIsRefusedOnThePage() {
        Browser organiser = contest.organiser();
        contest.accounts().invite("ada");

        HttpResponse<String> nobody = organiser.submit("/organiser", "/organiser/invite", Map.of("names", "  \n"));
        HttpResponse<String> taken = organiser.submit("/organiser", "/organiser/invite", Map.of("names", "Ada\ncarol"));

        assertThat(nobody.statusCode()).isEqualTo(400);
        assertThat(nobody.body()).contains("give at least one name to invite");
        assertThat(taken.statusCode()).isEqualTo(400);
        assertThat(taken.body())
                .contains("not invited: Ada: the name &#39;Ada&#39; is taken")
                .contains("<td>carol</td>");
        assertThat(organiser.post("/organiser/invite", Map.of("names", "dave")).statusCode())
                .isEqualTo(403);
        assertThat(contest.contest.store().participantByName("dave")).isEmpty();
    }

    @Test
    void thePageListsEveryParticipantAndSubmissionWithLinks() throws Exception {
        contest.participant("ada", "correct horse");
        long ada =
                contest.contest.store().participantByName("ada").orElseThrow().id();
        Submission submission = contest.contest
                .store()
                .addSubmission(
                        ada,
                        "<i>bot</i>.c",
                        "C",
                        12,
                        "0".repeat(64),
                        contest.clock.instant(),
                        s -> Files.createDirectories(contest.contest.layout().upload(s.id())));
        contest.contest
                .store()
                .setSubmissionState(
                        submission.id(),
                        SubmissionState.NOT_ADMITTED,
                        Optional.of("build: <b>error</b>"),
                        contest.clock.instant());

        String page = contest.organiser().get("/organiser").body();

        assertThat(page)
                .contains("<td>ada</td><td>participant</td><td>1</td>")
                .contains("<a href=\"/submissions/" + submission.id() + "\">" + submission.id() + "</a>")
                .contains("href=\"/submissions/" + submission.id() + "/source\"")
                .contains("action=\"/submissions/" + submission.id() + "/rerun\"")
                .contains("&lt;i&gt;bot&lt;/i&gt;.c")
                .contains("build: &lt;b&gt;error&lt;/b&gt;")
                .doesNotContain("<i>bot</i>")
                .doesNotContain("<b>error</b>");
    }

    @Test
    void theOrganiserCannotBeDisabledNorANobody() {
        Browser organiser = contest.organiser();
        long self = contest.accounts().organiser().id();

        assertThat(organiser
                        .submit("/organiser", "/organiser/participants/" + self + "/disable", Map.of())
                        .statusCode())
                .isEqualTo(400);
        assertThat(organiser
                        .submit("/organiser", "/organiser/participants/999/disable", Map.of())
                        .statusCode())
                .isEqualTo(404);
        assertThat(organiser
                        .submit("/organiser", "/organiser/participants/x/disable", Map.of())
                        .statusCode())
                .isEqualTo(404);
        assertThat(organiser.get("/organiser").statusCode()).isEqualTo(200);
    }
}
