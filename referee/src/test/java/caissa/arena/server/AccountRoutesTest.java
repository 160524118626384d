package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.contest.Accounts;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The account routes over real HTTP: what a participant does, and every refusal they can meet. */
class AccountRoutesTest {

    @TempDir
    Path dir;

    private TestContest contest;

    @AfterEach
    void stop() {
        if (contest != null) {
            contest.close();
        }
    }

    private TestContest open() throws Exception {
        contest = TestContest.start(dir, "open");
        return contest;
    }

    private TestContest byInvitation() throws Exception {
        contest = TestContest.start(dir, "invite");
        return contest;
    }

    @Test
    void registeringLogsInWithASessionCookieNoScriptOrOtherSiteSends() throws Exception {
        Browser ada = open().browser();

        HttpResponse<String> registered =
                ada.submit("/register", "/register", Map.of("name", "ada", "password", "correct horse"));

        assertThat(registered.statusCode()).isEqualTo(303);
        assertThat(registered.headers().firstValue("Location")).contains("/me");
        List<String> setCookies = registered.headers().allValues("Set-Cookie");
        String session = setCookies.stream()
                .filter(c -> c.startsWith(Sessions.SESSION_COOKIE + "="))
                .findFirst()
                .orElseThrow();
        assertThat(session).containsIgnoringCase("HttpOnly").containsIgnoringCase("SameSite=Strict");
        HttpResponse<String> me = ada.get("/me");
        assertThat(me.statusCode()).isEqualTo(200);
        assertThat(me.body())
                .contains("ada")
                .contains(contest.accounts()
                        .submitToken(contest.contest
                                .store()
                                .participantByName("ada")
                                .orElseThrow()
                                .id())
                        .orElseThrow());
    }

    @Test
    void registrationIsRefusedForATakenNameAShortPasswordAndInAContestByInvitation() throws Exception {
        open().accounts().register("ada", "correct horse");
        Browser other = contest.browser();

        HttpResponse<String> taken =
                other.submit("/register", "/register", Map.of("name", "ADA", "password", "long enough"));
        HttpResponse<String> shortPassword =
                other.submit("/register", "/register", Map.of("name", "bob", "password", "short"));
        HttpResponse<String> organiserName =
                other.submit("/register", "/register", Map.of("name", "Organiser", "password", "long enough"));

        assertThat(taken.statusCode()).isEqualTo(409);
        assertThat(taken.body()).contains("the name &#39;ADA&#39; is taken");
        assertThat(shortPassword.statusCode()).isEqualTo(400);
        assertThat(shortPassword.body()).contains("a password has at least 8 characters");
        assertThat(organiserName.statusCode()).isEqualTo(409);
        contest.close();
        contest = null;

        TestContest invitationOnly = TestContest.start(dir.resolve("second"), "invite");
        try {
            Browser visitor = invitationOnly.browser();
            assertThat(visitor.get("/register").statusCode()).isEqualTo(404);
            HttpResponse<String> post = visitor.post("/register", Map.of("name", "eve", "password", "long enough"));
            assertThat(post.statusCode()).isEqualTo(404);
            assertThat(invitationOnly.contest.store().participantByName("eve")).isEmpty();
        } finally {
            invitationOnly.close();
        }
    }

    @Test
    void aWrongPasswordIsRefusedAndTheSixthFailedLoginWithinFifteenMinutesEvenWithTheRightOne() throws Exception {
        byInvitation().participant("ada", "correct horse");
        Browser guesser = contest.browser();

        for (int i = 1; i <= Accounts.MAX_FAILED_LOGINS; i++) {
            HttpResponse<String> wrong =
                    guesser.submit("/login", "/login", Map.of("name", "ada", "password", "guess " + i));
            assertThat(wrong.statusCode()).as("attempt " + i).isEqualTo(401);
            assertThat(wrong.body()).contains("wrong name or password");
            assertThat(wrong.headers().allValues("Set-Cookie"))
                    .noneMatch(c -> c.startsWith(Sessions.SESSION_COOKIE + "="));
        }
        HttpResponse<String> sixth =
                guesser.submit("/login", "/login", Map.of("name", "Ada", "password", "correct horse"));
        assertThat(sixth.statusCode()).isEqualTo(429);
        assertThat(sixth.body()).contains("too many failed logins");
        assertThat(guesser.get("/me").statusCode()).isEqualTo(401);

        contest.clock.advance(Accounts.FAILED_LOGIN_WINDOW.plusSeconds(1));
        HttpResponse<String> later =
                guesser.submit("/login", "/login", Map.of("name", "ada", "password", "correct horse"));
        assertThat(later.statusCode()).isEqualTo(303);
        assertThat(guesser.get("/me").statusCode()).isEqualTo(200);
    }

    @Test
    void aFormWithoutItsTokenOrWithAnotherVisitorsIsRefused() throws Exception {
        byInvitation().participant("ada", "correct horse");
        Browser visitor = contest.browser();
        String token = Browser.csrf(visitor.get("/login").body());

        HttpResponse<String> none = visitor.post("/login", Map.of("name", "ada", "password", "correct horse"));
        HttpResponse<String> wrong =
                visitor.post("/login", Map.of("name", "ada", "password", "correct horse", "csrf", token + "x"));
        Browser other = contest.browser();
        HttpResponse<String> borrowed =
                other.post("/login", Map.of("name", "ada", "password", "correct horse", "csrf", token));

        for (HttpResponse<String> refused : List.of(none, wrong, borrowed)) {
            assertThat(refused.statusCode()).isEqualTo(403);
            assertThat(refused.body()).contains("the form&#39;s token is missing or wrong");
        }
        assertThat(contest.contest
                        .store()
                        .loginFailures("ada", contest.clock.instant().minusSeconds(60)))
                .isZero();
        assertThat(visitor.post("/login", Map.of("name", "ada", "password", "correct horse", "csrf", token))
                        .statusCode())
                .isEqualTo(303);
    }

    @Test
    void aLoggedInFormNeedsTheSessionsOwnToken() throws Exception {
        Browser ada = byInvitation().participant("ada", "correct horse");
        String sessionToken = Browser.csrf(ada.get("/me").body());

        HttpResponse<String> withoutToken = ada.post("/logout", Map.of());
        HttpResponse<String> withFormCookieToken = ada.post(
                "/logout", Map.of("csrf", ada.cookie(Sessions.FORM_COOKIE).orElse("none")));

        assertThat(withoutToken.statusCode()).isEqualTo(403);
        assertThat(withFormCookieToken.statusCode()).isEqualTo(403);
        assertThat(ada.get("/me").statusCode()).isEqualTo(200);
        HttpResponse<String> logout = ada.post("/logout", Map.of("csrf", sessionToken));
        assertThat(logout.statusCode()).isEqualTo(303);
        assertThat(ada.get("/me").statusCode()).isEqualTo(401);
    }

    @Test
    void anInvitationSetsThePasswordOnceAndThenExpiresOrIsUsed() throws Exception {
        Accounts.Invited invited = (Accounts.Invited) byInvitation().accounts().invite("ada");
        Browser ada = contest.browser();

        HttpResponse<String> page = ada.get("/invite/" + invited.code());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Welcome, <strong>ada</strong>");
        HttpResponse<String> tooShort =
                ada.post("/invite/" + invited.code(), Map.of("password", "short", "csrf", Browser.csrf(page.body())));
        assertThat(tooShort.statusCode()).isEqualTo(400);
        HttpResponse<String> accepted = ada.submit(
                "/invite/" + invited.code(), "/invite/" + invited.code(), Map.of("password", "correct horse"));
        assertThat(accepted.statusCode()).isEqualTo(303);
        assertThat(ada.get("/me").statusCode()).isEqualTo(200);

        Browser again = contest.browser();
        HttpResponse<String> reusedPage = again.get("/invite/" + invited.code());
        assertThat(reusedPage.statusCode()).isEqualTo(410);
        assertThat(reusedPage.body()).contains("this invitation was used already");
        HttpResponse<String> reusedPost = again.post(
                "/invite/" + invited.code(),
                Map.of(
                        "password",
                        "taken over!",
                        "csrf",
                        Browser.csrf(again.get("/login").body())));
        assertThat(reusedPost.statusCode()).isEqualTo(410);
        assertThat(contest.accounts().login("ada", "taken over!")).isInstanceOf(Accounts.Refused.class);
        assertThat(contest.accounts().login("ada", "correct horse")).isInstanceOf(Accounts.Granted.class);

        Accounts.Invited late = (Accounts.Invited) contest.accounts().invite("bob");
        contest.clock.advance(Accounts.INVITATION_LIFETIME.plus(Duration.ofMinutes(1)));
        Browser bob = contest.browser();
        HttpResponse<String> expired = bob.get("/invite/" + late.code());
        assertThat(expired.statusCode()).isEqualTo(410);
        assertThat(expired.body()).contains("this invitation expired");
        HttpResponse<String> expiredPost = bob.post(
                "/invite/" + late.code(),
                Map.of(
                        "password",
                        "correct horse",
                        "csrf",
                        Browser.csrf(bob.get("/login").body())));
        assertThat(expiredPost.statusCode()).isEqualTo(410);
        assertThat(bob.get("/invite/not-a-code").statusCode()).isEqualTo(404);
    }

    @Test
    void theOrganisersOneTimeLinkLogsInOnce() throws Exception {
        String token = byInvitation().accounts().newOneTimeLogin();
        Browser organiser = contest.browser();

        HttpResponse<String> first = organiser.get("/login/once/" + token);
        assertThat(first.statusCode()).isEqualTo(303);
        assertThat(first.headers().firstValue("Location")).contains("/organiser");
        assertThat(organiser.get("/organiser").statusCode()).isEqualTo(200);

        Browser someoneElse = contest.browser();
        HttpResponse<String> second = someoneElse.get("/login/once/" + token);
        assertThat(second.statusCode()).isEqualTo(410);
        assertThat(someoneElse.get("/organiser").statusCode()).isEqualTo(401);
        assertThat(someoneElse.get("/login/once/made-up").statusCode()).isEqualTo(404);

        String stale = contest.accounts().newOneTimeLogin();
        contest.clock.advance(Accounts.ONE_TIME_LOGIN_LIFETIME.plusSeconds(1));
        assertThat(someoneElse.get("/login/once/" + stale).statusCode()).isEqualTo(410);
    }

    @Test
    void withoutASessionThePagesOfAnAccountAreRefusedAndAForgedCookieIsNone() throws Exception {
        Browser visitor = byInvitation().browser();

        HttpResponse<String> me = visitor.get("/me");
        assertThat(me.statusCode()).isEqualTo(401);
        assertThat(me.body()).contains("this page needs a login").contains("href=\"/login\"");
        visitor.setCookie(Sessions.SESSION_COOKIE, "forged");
        assertThat(visitor.get("/me").statusCode()).isEqualTo(401);
        assertThat(visitor.get("/organiser").statusCode()).isEqualTo(401);
    }

    @Test
    void aSessionEndsAtLogoutEvenForACopyOfItsCookie() throws Exception {
        Browser ada = byInvitation().participant("ada", "correct horse");
        String cookie = ada.cookie(Sessions.SESSION_COOKIE).orElseThrow();
        ada.post("/logout", Map.of("csrf", Browser.csrf(ada.get("/me").body())));

        Browser copy = contest.browser();
        copy.setCookie(Sessions.SESSION_COOKIE, cookie);
        assertThat(copy.get("/me").statusCode()).isEqualTo(401);
    }

    @Test
    void aSessionExpires() throws Exception {
        Browser ada = byInvitation().participant("ada", "correct horse");
        contest.clock.advance(Sessions.LIFETIME.plusSeconds(1));

        assertThat(ada.get("/me").statusCode()).isEqualTo(401);
    }

    @Test
    void aParticipantSeesNoneOfTheOrganisersPages() throws Exception {
        Browser ada = byInvitation().participant("ada", "correct horse");
        contest.participant("bob", "correct horse");
        long bob =
                contest.contest.store().participantByName("bob").orElseThrow().id();
        String token = Browser.csrf(ada.get("/me").body());

        HttpResponse<String> page = ada.get("/organiser");
        HttpResponse<String> invite = ada.post("/organiser/invite", Map.of("names", "mallory", "csrf", token));
        HttpResponse<String> disable = ada.post("/organiser/participants/" + bob + "/disable", Map.of("csrf", token));

        for (HttpResponse<String> refused : List.of(page, invite, disable)) {
            assertThat(refused.statusCode()).isEqualTo(403);
            assertThat(refused.body()).contains("this page is the organiser&#39;s");
        }
        assertThat(contest.contest.store().participantByName("mallory")).isEmpty();
        assertThat(contest.contest.store().participant(bob).orElseThrow().disabled())
                .isFalse();
    }

    @Test
    void aDisabledParticipantIsLoggedOutAndCanNeitherLogInNorSubmit() throws Exception {
        Browser ada = byInvitation().participant("ada", "correct horse");
        long id = contest.contest.store().participantByName("ada").orElseThrow().id();
        String submitToken = contest.accounts().submitToken(id).orElseThrow();
        Browser organiser = contest.organiser();

        HttpResponse<String> disabled =
                organiser.submit("/organiser", "/organiser/participants/" + id + "/disable", Map.of());
        assertThat(disabled.statusCode()).isEqualTo(303);

        assertThat(ada.get("/me").statusCode()).isEqualTo(401);
        HttpResponse<String> login = ada.submit("/login", "/login", Map.of("name", "ada", "password", "correct horse"));
        assertThat(login.statusCode()).isEqualTo(403);
        assertThat(login.body()).contains("this account is disabled");
        assertThat(contest.accounts().bySubmitToken(submitToken)).isEmpty();

        organiser.submit("/organiser", "/organiser/participants/" + id + "/enable", Map.of());
        assertThat(ada.submit("/login", "/login", Map.of("name", "ada", "password", "correct horse"))
                        .statusCode())
                .isEqualTo(303);
        assertThat(contest.accounts().bySubmitToken(submitToken)).isPresent();
    }

    @Test
    void namesFromParticipantsAreShownAsText() throws Exception {
        String name = "<script>alert(1)</script>";
        Browser mallory = open().browser();
        HttpResponse<String> registered =
                mallory.submit("/register", "/register", Map.of("name", name, "password", "correct horse"));
        assertThat(registered.statusCode()).isEqualTo(303);

        String me = mallory.get("/me").body();
        String organiserPage = contest.organiser().get("/organiser").body();
        HttpResponse<String> taken =
                contest.browser().submit("/register", "/register", Map.of("name", name, "password", "correct horse"));

        for (String page : List.of(me, organiserPage, taken.body())) {
            assertThat(page).doesNotContain("<script>alert").contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        }
    }

    @Test
    void anUnknownPageIsAPageAndTheApiAnswersInJson() throws Exception {
        Browser visitor = byInvitation().browser();

        HttpResponse<String> page = visitor.get("/no/such/page");
        assertThat(page.statusCode()).isEqualTo(404);
        assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
        assertThat(page.body()).contains("no such page: /no/such/page");
        HttpResponse<String> api = visitor.get("/api/nothing");
        assertThat(api.statusCode()).isEqualTo(404);
        assertThat(api.body()).startsWith("{\"error\":");
    }

    @Test
    void theHomePageNamesTheContestAndItsLanguages() throws Exception {
        HttpResponse<String> home = byInvitation().browser().get("/");

        assertThat(home.statusCode()).isEqualTo(200);
        assertThat(home.body())
                .contains("Sample contest")
                .contains("<td>C</td>")
                .contains("<td>Python</td>")
                .contains("2027-01-10T12:00:00Z")
                .contains("by invitation");
        assertThat(home.headers().firstValue("X-Frame-Options")).contains("DENY");
    }
}
