package caissa.arena.server;

import caissa.arena.contest.ContestDefinition;
import caissa.arena.sandbox.ResourceLimits;
import io.javalin.http.Context;
import io.javalin.router.JavalinDefaultRoutingApi;
import java.util.HashMap;
import java.util.Map;

/** The contest's public page: its title, languages, deadline. */
final class HomeRoutes implements Routes {

    private final Site site;

    HomeRoutes(Site site) {
        this.site = site;
    }

    @Override
    public void addTo(JavalinDefaultRoutingApi routes) {
        routes.get("/", this::home);
    }

    private void home(Context ctx) {
        ContestDefinition contest = site.contest().definition();
        Map<String, Object> data = new HashMap<>();
        data.put("title", contest.title());
        data.put("variant", contest.variant().id());
        data.put(
                "registration",
                contest.registration() == ContestDefinition.Registration.OPEN
                        ? "open (anyone may register)"
                        : "by invitation from the organiser");
        data.put("openRegistration", contest.registration() == ContestDefinition.Registration.OPEN);
        contest.deadline().ifPresent(d -> data.put("deadline", d.toString()));
        data.put(
                "languages",
                contest.languages().stream()
                        .map(l -> Map.of(
                                "name",
                                l.name(),
                                "extensions",
                                String.join(
                                        ", ",
                                        l.extensions().stream()
                                                .map(e -> "." + e)
                                                .toList()),
                                "build",
                                String.join(" ", l.build())))
                        .toList());
        data.put("maxUpload", ResourceLimits.bytes(contest.maxUploadBytes()));
        data.put("maxFiles", contest.maxFiles());
        ctx.html(
                site.pages().page("home", contest.title(), data, site.sessions().visitor(ctx)));
    }
}
