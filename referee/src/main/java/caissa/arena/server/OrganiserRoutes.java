package caissa.arena.server;

import caissa.arena.contest.Accounts;
import caissa.arena.contest.ContestStore;
import caissa.arena.contest.Participant;
import caissa.arena.contest.Submission;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.router.JavalinDefaultRoutingApi;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The organiser's pages: every participant and submission, invitations, disabling an account.
 * Each handler first requires the organiser's session, before it reads anything.
 */
final class OrganiserRoutes implements Routes {

    /** Names in one invitation form: a class's worth, not a list to flood the database with. */
    static final int MAX_INVITED_AT_ONCE = 200;

    private final Site site;

    OrganiserRoutes(Site site) {
        this.site = site;
    }

    @Override
    public void addTo(JavalinDefaultRoutingApi routes) {
        routes.get(
                "/organiser",
                ctx -> page(ctx, site.sessions().requireOrganiser(ctx), List.of(), Optional.empty(), 200));
        routes.post("/organiser/invite", this::invite);
        routes.post("/organiser/participants/{id}/disable", ctx -> setDisabled(ctx, true));
        routes.post("/organiser/participants/{id}/enable", ctx -> setDisabled(ctx, false));
    }

    private void invite(Context ctx) {
        Visitor organiser = site.sessions().requireOrganiser(ctx);
        site.sessions().checkForm(ctx);
        List<String> names = Optional.ofNullable(ctx.formParam("names"))
                .orElse("")
                .lines()
                .map(String::strip)
                .filter(n -> !n.isEmpty())
                .distinct()
                .toList();
        if (names.isEmpty()) {
            page(ctx, organiser, List.of(), Optional.of("give at least one name to invite"), 400);
            return;
        }
        if (names.size() > MAX_INVITED_AT_ONCE) {
            page(
                    ctx,
                    organiser,
                    List.of(),
                    Optional.of("at most " + MAX_INVITED_AT_ONCE + " names at once, got " + names.size()),
                    400);
            return;
        }
        String url = site.contest().store().setting(ContestStore.SERVER_URL).orElse("/");
        List<Map<String, Object>> invited = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (String name : names) {
            Accounts.Result result = site.accounts().invite(name);
            if (result instanceof Accounts.Invited i) {
                invited.add(Map.of(
                        "name", i.participant().name(), "link", url + "invite/" + i.code(), "token", i.submitToken()));
            } else if (result instanceof Accounts.Refused r) {
                refused.add(name + ": " + r.reason());
            }
        }
        page(
                ctx,
                organiser,
                invited,
                refused.isEmpty() ? Optional.empty() : Optional.of("not invited: " + String.join("; ", refused)),
                refused.isEmpty() ? 200 : 400);
    }

    private void setDisabled(Context ctx, boolean disabled) {
        site.sessions().requireOrganiser(ctx);
        site.sessions().checkForm(ctx);
        long id = id(ctx);
        Participant participant =
                site.contest().store().participant(id).orElseThrow(() -> Refusal.notFound("participant " + id));
        if (participant.isOrganiser()) {
            throw Refusal.badRequest("the organiser's account cannot be disabled");
        }
        site.contest().store().setDisabled(id, disabled);
        ctx.redirect("/organiser", HttpStatus.SEE_OTHER);
    }

    private void page(
            Context ctx, Visitor organiser, List<Map<String, Object>> invited, Optional<String> refusal, int status) {
        ContestStore store = site.contest().store();
        List<Participant> participants = store.participants();
        Map<Long, Participant> byId =
                participants.stream().collect(Collectors.toMap(Participant::id, Function.identity()));
        List<Submission> submissions = store.submissions();
        Map<Long, Long> counts =
                submissions.stream().collect(Collectors.groupingBy(Submission::participant, Collectors.counting()));
        Map<Long, Submission> submissionById =
                submissions.stream().collect(Collectors.toMap(Submission::id, Function.identity()));
        Map<String, Object> data = new HashMap<>();
        data.put("csrf", organiser.csrfToken());
        refusal.ifPresent(r -> data.put("refusal", r));
        data.put("hasInvited", !invited.isEmpty());
        data.put("invited", invited);
        data.put("invitationDays", Accounts.INVITATION_LIFETIME.toDays());
        data.put(
                "participants",
                participants.stream()
                        .map(p -> {
                            Map<String, Object> row = new HashMap<>();
                            row.put("id", p.id());
                            row.put("name", p.name());
                            row.put("role", p.role().word());
                            row.put("participant", !p.isOrganiser());
                            row.put("disabled", p.disabled());
                            row.put("submissions", counts.getOrDefault(p.id(), 0L));
                            p.activeSubmission().map(submissionById::get).ifPresent(s -> {
                                row.put("active", s.id());
                                row.put("activeNumber", s.number());
                            });
                            return row;
                        })
                        .toList());
        data.put("hasSubmissions", !submissions.isEmpty());
        data.put(
                "submissions",
                submissions.stream()
                        .map(s -> AccountRoutes.submissionRow(s, byId.get(s.participant())))
                        .toList());
        data.put("dataFolder", site.contest().layout().dir().getFileName().toString() + "/");
        ctx.status(status).html(site.pages().page("organiser", "Organiser", data, Optional.of(organiser)));
    }

    private static long id(Context ctx) {
        try {
            return Long.parseLong(ctx.pathParam("id"));
        } catch (NumberFormatException e) {
            throw Refusal.notFound("participant " + ctx.pathParam("id"));
        }
    }
}
