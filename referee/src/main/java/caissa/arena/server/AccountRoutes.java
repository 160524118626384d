package caissa.arena.server;

import caissa.arena.contest.Accounts;
import caissa.arena.contest.ContestDefinition;
import caissa.arena.contest.ContestStore;
import caissa.arena.contest.Participant;
import caissa.arena.contest.Submission;
import caissa.arena.sandbox.ResourceLimits;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.router.JavalinDefaultRoutingApi;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Accounts: registering (open contests), following an invitation, logging in and out, the
 * organiser's one-time link, and the participant's own page. A refused form comes back with its
 * one line and the status that says why.
 */
final class AccountRoutes implements Routes {

    private final Site site;

    AccountRoutes(Site site) {
        this.site = site;
    }

    @Override
    public void addTo(JavalinDefaultRoutingApi routes) {
        routes.get("/login", ctx -> loginPage(ctx, 200, Optional.empty(), ""));
        routes.post("/login", this::login);
        routes.post("/logout", this::logout);
        routes.get("/login/once/{token}", this::oneTimeLogin);
        routes.get("/register", ctx -> registerPage(ctx, 200, Optional.empty(), ""));
        routes.post("/register", this::register);
        routes.get("/invite/{code}", this::invitationPage);
        routes.post("/invite/{code}", this::acceptInvitation);
        routes.get("/me", this::me);
    }

    private void loginPage(Context ctx, int status, Optional<String> refusal, String name) {
        Map<String, Object> data = form(ctx, refusal);
        data.put("name", name);
        ctx.status(status).html(site.pages().page("login", "Log in", data, Optional.empty()));
    }

    private void login(Context ctx) {
        site.sessions().checkForm(ctx);
        String name = Optional.ofNullable(ctx.formParam("name")).orElse("");
        Accounts.Result result = site.accounts().login(name, ctx.formParam("password"));
        if (result instanceof Accounts.Granted granted) {
            site.sessions().login(ctx, granted.participant());
            ctx.redirect(home(granted.participant()), HttpStatus.SEE_OTHER);
        } else if (result instanceof Accounts.Refused refused) {
            loginPage(ctx, status(refused), Optional.of(refused.reason()), name);
        }
    }

    private void logout(Context ctx) {
        site.sessions().checkForm(ctx);
        site.sessions().logout(ctx);
        ctx.redirect("/", HttpStatus.SEE_OTHER);
    }

    private void oneTimeLogin(Context ctx) {
        Accounts.Result result = site.accounts().useOneTimeLogin(ctx.pathParam("token"));
        if (result instanceof Accounts.Granted granted) {
            site.sessions().login(ctx, granted.participant());
            ctx.redirect(home(granted.participant()), HttpStatus.SEE_OTHER);
        } else if (result instanceof Accounts.Refused refused) {
            throw new Refusal(status(refused), refused.reason());
        }
    }

    private void registerPage(Context ctx, int status, Optional<String> refusal, String name) {
        requireOpen();
        Map<String, Object> data = form(ctx, refusal);
        data.put("name", name);
        ctx.status(status).html(site.pages().page("register", "Register", data, Optional.empty()));
    }

    private void register(Context ctx) {
        requireOpen();
        site.sessions().checkForm(ctx);
        String name = Optional.ofNullable(ctx.formParam("name")).orElse("");
        Accounts.Result result = site.accounts().register(name, ctx.formParam("password"));
        if (result instanceof Accounts.Granted granted) {
            site.sessions().login(ctx, granted.participant());
            ctx.redirect("/me", HttpStatus.SEE_OTHER);
        } else if (result instanceof Accounts.Refused refused) {
            registerPage(ctx, status(refused), Optional.of(refused.reason()), name);
        }
    }

    private void requireOpen() {
        if (site.contest().definition().registration() != ContestDefinition.Registration.OPEN) {
            throw Refusal.notFound("registration: this contest is by invitation, and its page");
        }
    }

    private void invitationPage(Context ctx) {
        String code = ctx.pathParam("code");
        Accounts.Result result = site.accounts().invitation(code);
        if (result instanceof Accounts.Refused refused) {
            throw new Refusal(status(refused), refused.reason());
        }
        invitationForm(ctx, 200, ((Accounts.Granted) result).participant(), code, Optional.empty());
    }

    private void invitationForm(
            Context ctx, int status, Participant participant, String code, Optional<String> refusal) {
        Map<String, Object> data = form(ctx, refusal);
        data.put("name", participant.name());
        data.put("code", code);
        ctx.status(status).html(site.pages().page("invite", "Your invitation", data, Optional.empty()));
    }

    private void acceptInvitation(Context ctx) {
        site.sessions().checkForm(ctx);
        String code = ctx.pathParam("code");
        Accounts.Result result = site.accounts().acceptInvitation(code, ctx.formParam("password"));
        if (result instanceof Accounts.Granted granted) {
            site.sessions().login(ctx, granted.participant());
            ctx.redirect("/me", HttpStatus.SEE_OTHER);
        } else if (result instanceof Accounts.Refused refused) {
            if (refused.cause() != Accounts.Cause.INVALID) {
                throw new Refusal(status(refused), refused.reason());
            }
            Accounts.Result invitation = site.accounts().invitation(code);
            invitationForm(
                    ctx, 400, ((Accounts.Granted) invitation).participant(), code, Optional.of(refused.reason()));
        }
    }

    /** The participant's own page: their token, the upload form, their submissions. */
    private void me(Context ctx) {
        Visitor visitor = site.sessions().requireVisitor(ctx);
        Participant participant = visitor.participant();
        ContestDefinition contest = site.contest().definition();
        Map<String, Object> data = new HashMap<>();
        data.put("token", site.accounts().submitToken(participant.id()).orElse(""));
        data.put(
                "serverUrl",
                site.contest().store().setting(ContestStore.SERVER_URL).orElse("URL"));
        contest.deadline().ifPresent(d -> data.put("deadline", d.toString()));
        data.put("maxUpload", ResourceLimits.bytes(contest.maxUploadBytes()));
        data.put(
                "languages",
                contest.languages().stream().map(l -> Map.of("name", l.name())).toList());
        List<Submission> submissions = site.contest().store().submissionsOf(participant.id());
        data.put("hasSubmissions", !submissions.isEmpty());
        data.put(
                "submissions",
                submissions.stream().map(s -> submissionRow(s, participant)).toList());
        ctx.html(site.pages().page("me", participant.name(), data, Optional.of(visitor)));
    }

    /** A submission as a row of a table (the participant's page, the organiser's). */
    static Map<String, Object> submissionRow(Submission s, Participant owner) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", s.id());
        row.put("number", s.number());
        row.put("participant", owner.name());
        row.put("fileName", s.fileName());
        row.put("language", s.language());
        row.put("state", s.state().word());
        row.put("reason", s.reason().orElse(""));
        row.put("created", Pages.time(s.created()));
        row.put("active", owner.activeSubmission().filter(a -> a == s.id()).isPresent());
        return row;
    }

    private Map<String, Object> form(Context ctx, Optional<String> refusal) {
        Map<String, Object> data = new HashMap<>();
        data.put("formToken", site.sessions().formToken(ctx));
        refusal.ifPresent(r -> data.put("refusal", r));
        data.put("minPassword", Accounts.MIN_PASSWORD_LENGTH);
        data.put("openRegistration", site.contest().definition().registration() == ContestDefinition.Registration.OPEN);
        return data;
    }

    private static String home(Participant participant) {
        return participant.isOrganiser() ? "/organiser" : "/me";
    }

    /** The status that says why: 400 bad input, 401 wrong password, 403 disabled, 409 taken, 410 gone, 429 too many. */
    static int status(Accounts.Refused refused) {
        return switch (refused.cause()) {
            case INVALID -> 400;
            case WRONG_PASSWORD -> 401;
            case DISABLED -> 403;
            case TAKEN -> 409;
            case UNKNOWN -> 404;
            case EXPIRED, USED -> 410;
            case TOO_MANY_FAILURES -> 429;
        };
    }
}
