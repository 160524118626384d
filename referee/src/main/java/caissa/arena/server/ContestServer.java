package caissa.arena.server;

import caissa.arena.contest.Accounts;
import caissa.arena.contest.Competitions;
import caissa.arena.contest.Contest;
import caissa.arena.contest.ContestStoreException;
import caissa.arena.contest.JobRunner;
import caissa.arena.contest.Jobs;
import caissa.arena.records.Json;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.router.JavalinDefaultRoutingApi;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The contest's web server: a Javalin app on Jetty with one class of {@link Routes} per area,
 * the job runner that does the arena's work in child processes, and the error pages. Every
 * refusal is one line on a page (or {@code {"error": "..."}} on the API) with its status.
 */
public final class ContestServer implements AutoCloseable {

    private static final String REFUSED = "caissa.refused";

    private final Site site;
    private final Javalin app;

    /** What else stops with the server: the competitions' schedule and live pages. */
    private final Runnable onClose;

    private ContestServer(Site site, Javalin app, Runnable onClose) {
        this.site = site;
        this.app = app;
        this.onClose = onClose;
    }

    /**
     * Starts serving the contest at {@code host:port} (port 0: a free one) and starts its jobs.
     * The caller holds the data folder's lock.
     */
    public static ContestServer start(Contest contest, String host, int port, Clock clock) {
        Jobs jobs = new Jobs(contest.store(), clock);
        return start(contest, host, port, clock, jobs, new JobRunner(contest, jobs));
    }

    /** As {@link #start(Contest, String, int, Clock)}, with the job queue and the runner that takes its jobs. */
    public static ContestServer start(
            Contest contest, String host, int port, Clock clock, Jobs jobs, JobRunner runner) {
        Accounts accounts = new Accounts(contest.store(), clock);
        accounts.organiser();
        Site site = new Site(
                contest,
                accounts,
                jobs,
                runner,
                new Sessions(contest.store(), clock),
                new Pages(contest.definition().title()),
                clock);
        Competitions competitions = new Competitions(contest, clock);
        LiveCompetitions live = new LiveCompetitions();
        List<Routes> areas = List.of(
                new HomeRoutes(site),
                new AccountRoutes(site),
                new OrganiserRoutes(site),
                new SubmissionRoutes(site),
                new ApiRoutes(site),
                new CompetitionRoutes(site, competitions, live));
        Javalin app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            Uploads.configure(config, contest.definition());
            JavalinDefaultRoutingApi routes = config.routes;
            routes.before(ContestServer::headers);
            areas.forEach(area -> area.addTo(routes));
            routes.exception(Refusal.class, (e, ctx) -> refuse(site, ctx, e.status(), e.getMessage()));
            routes.exception(ContestStoreException.class, (e, ctx) -> {
                System.err.println("caissa serve: " + e.getMessage());
                refuse(site, ctx, 503, "the contest's database cannot be reached now; try again in a moment");
            });
            routes.exception(Exception.class, (e, ctx) -> {
                System.err.println("caissa serve: internal error on " + ctx.method() + " " + ctx.path() + ": " + e);
                refuse(
                        site,
                        ctx,
                        500,
                        "internal error (a bug in the arena); the organiser sees it in the server's output");
            });
            // Javalin's own 404 and 405 (no such route) become pages too; a refusal's page stays as it is.
            routes.error(404, ctx -> {
                if (ctx.attribute(REFUSED) == null) {
                    refuse(site, ctx, 404, "no such page: " + ctx.path());
                }
            });
            routes.error(405, ctx -> {
                if (ctx.attribute(REFUSED) == null) {
                    refuse(site, ctx, 405, "this page does not take " + ctx.method());
                }
            });
        });
        app.start(host, port);
        runner.start();
        CompetitionSchedule schedule = CompetitionSchedule.start(competitions, runner);
        return new ContestServer(site, app, () -> {
            schedule.close();
            live.close();
        });
    }

    /** Headers of every response: no framing by another site, no guessing of types, no leaking of links. */
    private static void headers(Context ctx) {
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("X-Frame-Options", "DENY");
        ctx.header("Referrer-Policy", "no-referrer");
        ctx.header("Cache-Control", "no-store");
    }

    /** A refusal as the visitor reads it: a page, or JSON on the API. */
    static void refuse(Site site, Context ctx, int status, String message) {
        ctx.attribute(REFUSED, true);
        ctx.status(status);
        if (ctx.path().startsWith("/api/")) {
            ctx.contentType("application/json").result(Json.writeCompact(Map.of("error", message)));
            return;
        }
        Optional<Visitor> visitor = site.sessions().visitor(ctx);
        boolean login = status == 401;
        ctx.html(site.pages()
                .page(
                        "error",
                        switch (status) {
                            case 401 -> "Log in first";
                            case 403 -> "Not allowed";
                            case 404 -> "Not found";
                            default -> "Refused";
                        },
                        Map.of(
                                "message",
                                message,
                                "back",
                                login ? "/login" : "/",
                                "backText",
                                login ? "Log in" : "Back to the contest"),
                        visitor));
    }

    public Site site() {
        return site;
    }

    public int port() {
        return app.port();
    }

    /** Stops serving and ends the running jobs' children (their jobs are queued again at the next start). */
    @Override
    public void close() {
        onClose.run();
        app.stop();
        site.runner().close();
    }
}
