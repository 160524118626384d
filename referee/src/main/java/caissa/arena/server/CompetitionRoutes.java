package caissa.arena.server;

import caissa.arena.contest.CompetitionBot;
import caissa.arena.contest.CompetitionFeed;
import caissa.arena.contest.CompetitionProgress;
import caissa.arena.contest.CompetitionRun;
import caissa.arena.contest.CompetitionState;
import caissa.arena.contest.Competitions;
import caissa.arena.contest.ContestDefinition;
import caissa.arena.contest.ContestRanking;
import caissa.arena.contest.JournalTail;
import caissa.arena.contest.Participant;
import caissa.arena.contest.Submission;
import caissa.arena.game.GameRecord;
import caissa.arena.ratings.RatingsDocument;
import caissa.arena.records.GameLogs;
import caissa.arena.report.HtmlReport;
import caissa.arena.rules.Side;
import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.StandingsDocument;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.http.sse.SseHandler;
import io.javalin.router.JavalinDefaultRoutingApi;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The competitions on the site: their list, each one's page followed live (server-sent events),
 * their games' replays, the organiser's start, stop, resume and cancel, a participant's games in
 * every competition, and the contest's ranking.
 *
 * <p>Who sees what: the public sees finished competitions' standings and replays as the contest
 * file allows ({@code public}), never a standard error; a participant sees every competition, and
 * in a game the standard error of their own bot only; the organiser sees everything, the full
 * report included.
 */
final class CompetitionRoutes implements Routes {

    /** A bot's standard error shown to its author, at most this many characters a game. */
    static final int STDERR_LIMIT = 10_000;

    private final Site site;
    private final Competitions competitions;
    private final LiveCompetitions live;

    CompetitionRoutes(Site site, Competitions competitions, LiveCompetitions live) {
        this.site = site;
        this.competitions = competitions;
        this.live = live;
    }

    @Override
    public void addTo(JavalinDefaultRoutingApi routes) {
        // At the final's deadline submissions close: the active ones are frozen for the final.
        routes.before("/me/submissions", this::refuseAfterDeadline);
        routes.before("/api/submissions", this::refuseAfterDeadline);
        routes.before("/submissions/{id}/activate", this::refuseAfterDeadline);
        routes.get("/competitions", this::list);
        routes.get("/competitions/{name}", this::page);
        routes.get("/competitions/{name}/events", ctx -> {
            CompetitionRun run = visible(ctx, false);
            int seen = parseSeen(ctx.queryParam("seen"));
            new SseHandler(0, client -> {
                        try {
                            live.follow(run.name(), feeds(), client, seen);
                        } catch (IOException e) {
                            client.close();
                        }
                    })
                    .handle(ctx);
        });
        routes.get("/competitions/{name}/games/{n}", this::game);
        routes.get("/competitions/{name}/report", this::report);
        routes.post("/competitions/{name}/start", this::start);
        routes.post(
                "/competitions/{name}/stop",
                ctx -> organiserAction(ctx, name -> competitions.stop(name, site.runner()::stop)));
        routes.post("/competitions/{name}/resume", ctx -> organiserAction(ctx, competitions::resume));
        routes.post(
                "/competitions/{name}/cancel",
                ctx -> organiserAction(ctx, name -> competitions.cancel(name, site.runner()::stop)));
        routes.get("/me/games", this::myGames);
        routes.get("/ranking", this::ranking);
    }

    private void refuseAfterDeadline(Context ctx) {
        if (!ctx.method().name().equals("POST")) {
            return;
        }
        Optional<String> refusal = competitions.window().refusal(site.clock().instant());
        if (refusal.isPresent()) {
            throw Refusal.forbidden(refusal.get());
        }
    }

    private static int parseSeen(String text) {
        try {
            return text == null ? 0 : Math.max(0, Integer.parseInt(text));
        } catch (NumberFormatException e) {
            throw Refusal.badRequest("seen must be a number, got '" + text + "'");
        }
    }

    private Function<String, CompetitionFeed> feeds() {
        return name -> CompetitionFeed.of(site.contest().layout().competition(name));
    }

    private ContestDefinition.Publicity publicity() {
        return site.contest().definition().publicity();
    }

    /**
     * The run, if the visitor may see it: the public a finished one when the contest shows
     * standings (and replays, for a game); anyone logged in any.
     */
    private CompetitionRun visible(Context ctx, boolean replay) {
        CompetitionRun run = competitions
                .store()
                .byName(ctx.pathParam("name"))
                .orElseThrow(() -> Refusal.notFound("no competition " + ctx.pathParam("name")));
        if (site.sessions().visitor(ctx).isEmpty()) {
            boolean shown = run.state() == CompetitionState.DONE
                    && publicity().standings()
                    && (!replay || publicity().replays());
            if (!shown) {
                throw new Refusal(401, "this competition is shown to participants only: log in first");
            }
        }
        return run;
    }

    private void list(Context ctx) {
        Optional<Visitor> visitor = site.sessions().visitor(ctx);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (CompetitionRun run : competitions.store().all()) {
            if (visitor.isEmpty()
                    && !(run.state() == CompetitionState.DONE && publicity().standings())) {
                continue;
            }
            rows.add(runRow(run));
        }
        Map<String, Object> data = new HashMap<>();
        data.put("runs", rows);
        data.put("none", rows.isEmpty());
        boolean organiser = visitor.map(v -> v.participant().isOrganiser()).orElse(false);
        data.put("isOrganiser", organiser);
        if (organiser) {
            data.put(
                    "entries",
                    site.contest().definition().competitions().stream()
                            .map(c -> Map.of(
                                    "name",
                                    c.name(),
                                    "kind",
                                    c.kind().word(),
                                    "when",
                                    c.kind() == ContestDefinition.CompetitionKind.FINAL
                                            ? "at its deadline, "
                                                    + c.deadline()
                                                            .map(Object::toString)
                                                            .orElse("")
                                            : c.every()
                                                    .map(e -> "every "
                                                            + e.toString()
                                                                    .substring(2)
                                                                    .toLowerCase(Locale.ROOT))
                                                    .orElse("when started")))
                            .toList());
            data.put("csrf", visitor.get().csrfToken());
        }
        competitions.window().closes().ifPresent(d -> data.put("deadline", d.toString()));
        ctx.html(site.pages().page("competitions", "Competitions", data, visitor));
    }

    private static Map<String, Object> runRow(CompetitionRun run) {
        Map<String, Object> row = new HashMap<>();
        row.put("name", run.name());
        row.put("kind", run.kind().word());
        row.put("state", run.state().word());
        row.put(
                "progress",
                run.gamesTotal().map(t -> run.gamesPlayed() + " of " + t).orElse(""));
        row.put("created", Pages.time(run.created()));
        run.reason().ifPresent(r -> row.put("reason", r));
        return row;
    }

    private void page(Context ctx) throws IOException {
        CompetitionRun run = visible(ctx, false);
        Optional<Visitor> visitor = site.sessions().visitor(ctx);
        LiveCompetitions.Snapshot snapshot = live.snapshot(run.name(), feeds());
        Map<String, Object> data = new HashMap<>(runRow(run));
        data.put("live", !run.state().ended());
        data.put("seen", snapshot.games().size());
        snapshot.standings().ifPresent(s -> {
            data.put(
                    "standings",
                    s.standings().stream().map(LiveCompetitions::row).toList());
            data.put("played", s.gamesPlayed());
            data.put("total", s.gamesTotal());
        });
        List<Map<String, Object>> games = new ArrayList<>();
        for (int i = snapshot.games().size() - 1; i >= 0; i--) {
            games.add(LiveCompetitions.game(snapshot.games().get(i)));
        }
        data.put("games", games);
        data.put("bots", bots(run));
        boolean organiser = visitor.map(v -> v.participant().isOrganiser()).orElse(false);
        data.put("isOrganiser", organiser);
        if (organiser) {
            data.put("csrf", visitor.get().csrfToken());
            data.put("canStop", run.state() == CompetitionState.QUEUED || run.state() == CompetitionState.RUNNING);
            data.put("canResume", run.state() == CompetitionState.STOPPED);
            data.put("canCancel", !run.state().ended());
            data.put(
                    "hasReport",
                    Files.exists(site.contest().layout().competition(run.name()).resolve(HtmlReport.FILE_NAME)));
        }
        ctx.html(site.pages().page("competition", "Competition " + run.name(), data, visitor));
    }

    /** Who played: each bot, and for a participant's the submission that played (the final's results name them). */
    private List<Map<String, Object>> bots(CompetitionRun run) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (CompetitionBot bot : competitions.store().bots(run.id())) {
            Map<String, Object> row = new HashMap<>();
            row.put("bot", bot.bot());
            Optional<Submission> submission =
                    bot.submission().flatMap(s -> site.contest().store().submission(s));
            row.put(
                    "submission",
                    submission
                            .map(s -> "submission " + s.number() + " (" + s.fileName() + ", " + s.language()
                                    + ", sha256 "
                                    + s.sha256()
                                            .substring(
                                                    0, Math.min(12, s.sha256().length())) + ")")
                            .orElse("house bot"));
            rows.add(row);
        }
        return rows;
    }

    private void game(Context ctx) throws IOException {
        CompetitionRun run = visible(ctx, true);
        int number;
        try {
            number = Integer.parseInt(ctx.pathParam("n"));
        } catch (NumberFormatException e) {
            throw Refusal.notFound("no game " + ctx.pathParam("n"));
        }
        Path dir = site.contest().layout().competition(run.name());
        FinishedGame game = new JournalTail(dir)
                .next().stream()
                        .filter(g -> g.game() == number)
                        .findFirst()
                        .orElseThrow(() -> Refusal.notFound("no game " + number + " finished in " + run.name()));
        GameRecord record = GameLogs.read(dir.resolve(game.file()));
        Optional<Visitor> visitor = site.sessions().visitor(ctx);
        // Standard error: the organiser sees both; a participant only their own bot's; the public none.
        List<String> own = new ArrayList<>();
        boolean organiser = visitor.map(v -> v.participant().isOrganiser()).orElse(false);
        for (CompetitionBot bot : competitions.store().bots(run.id())) {
            if (organiser
                    || (visitor.isPresent()
                            && bot.participant()
                                    .equals(Optional.of(
                                            visitor.get().participant().id())))) {
                own.add(bot.bot());
            }
        }
        Map<String, Object> data = new HashMap<>();
        data.put("competition", run.name());
        data.put("game", number);
        data.put("white", record.white().name());
        data.put("black", record.black().name());
        data.put("result", record.result().text());
        data.put("termination", record.termination().word());
        data.put("reason", record.reason() == null ? "" : record.reason());
        data.put("moves", GameReplay.moves(record));
        data.put("board", GameReplay.finalBoard(record));
        List<Map<String, Object>> stderr = new ArrayList<>();
        for (GameRecord.PlayerRecord player : List.of(record.white(), record.black())) {
            if (own.contains(player.name())) {
                stderr.add(Map.of("bot", player.name(), "text", GameReplay.stderr(player.stderr(), STDERR_LIMIT)));
            }
        }
        data.put("stderr", stderr);
        ctx.html(site.pages().page("competition-game", run.name() + " game " + number, data, visitor));
    }

    /** The tournament's own report, with every replay and both bots' standard error: the organiser's. */
    private void report(Context ctx) throws IOException {
        site.sessions().requireOrganiser(ctx);
        CompetitionRun run = visible(ctx, false);
        Path report = site.contest().layout().competition(run.name()).resolve(HtmlReport.FILE_NAME);
        if (!Files.exists(report)) {
            throw Refusal.notFound("competition " + run.name() + " has no report yet");
        }
        ctx.html(Files.readString(report));
    }

    private void start(Context ctx) {
        Visitor visitor = site.sessions().requireOrganiser(ctx);
        site.sessions().checkForm(ctx);
        Competitions.Outcome outcome = competitions.start(Optional.of(ctx.pathParam("name")));
        if (outcome instanceof Competitions.Refused refused) {
            throw Refusal.badRequest(refused.reason());
        }
        site.runner().wake();
        ctx.redirect("/competitions/" + ((Competitions.Done) outcome).run().name(), HttpStatus.SEE_OTHER);
        assert visitor != null;
    }

    private void organiserAction(Context ctx, Function<String, Competitions.Outcome> action) {
        site.sessions().requireOrganiser(ctx);
        site.sessions().checkForm(ctx);
        Competitions.Outcome outcome = action.apply(ctx.pathParam("name"));
        if (outcome instanceof Competitions.Refused refused) {
            throw Refusal.badRequest(refused.reason());
        }
        site.runner().wake();
        ctx.redirect("/competitions/" + ctx.pathParam("name"), HttpStatus.SEE_OTHER);
    }

    /** A participant's games in every competition they played in: result, termination, and a link to their stderr. */
    private void myGames(Context ctx) throws IOException {
        Visitor visitor = site.sessions().requireVisitor(ctx);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (var played : competitions.store().playedBy(visitor.participant().id())) {
            Path dir = site.contest().layout().competition(played.run().name());
            Optional<Submission> submission = site.contest().store().submission(played.submission());
            for (FinishedGame game : new JournalTail(dir).next()) {
                boolean white = game.white().equals(played.bot());
                if (!white && !game.black().equals(played.bot())) {
                    continue;
                }
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("competition", played.run().name());
                row.put("game", game.game());
                row.put("colour", white ? "white" : "black");
                row.put("opponent", white ? game.black() : game.white());
                row.put("result", game.result().text());
                row.put("outcome", outcome(game, white));
                row.put("termination", game.termination().word());
                row.put(
                        "submission",
                        submission.map(s -> "submission " + s.number()).orElse(""));
                rows.add(row);
            }
        }
        Map<String, Object> data = new HashMap<>();
        data.put("games", rows);
        data.put("none", rows.isEmpty());
        ctx.html(site.pages().page("my-games", "My games", data, Optional.of(visitor)));
    }

    private static String outcome(FinishedGame game, boolean white) {
        int points = game.result().points(white ? Side.WHITE : Side.BLACK);
        return points == 2 ? "won" : points == 1 ? "drawn" : "lost";
    }

    /** The contest's ranking: the latest finished competition's standings, and ratings over the test competitions. */
    private void ranking(Context ctx) throws IOException {
        Optional<Visitor> visitor = site.sessions().visitor(ctx);
        if (visitor.isEmpty() && !publicity().standings()) {
            throw new Refusal(401, "the ranking is shown to participants only: log in first");
        }
        Map<String, Object> data = new HashMap<>();
        Optional<CompetitionRun> latest = competitions.store().all().stream()
                .filter(r -> r.state() == CompetitionState.DONE)
                .findFirst();
        if (latest.isPresent()) {
            data.put("latest", latest.get().name());
            Optional<StandingsDocument> standings = CompetitionProgress.standings(
                    site.contest().layout().competition(latest.get().name()));
            standings.ifPresent(s -> data.put(
                    "standings",
                    s.standings().stream().map(LiveCompetitions::row).toList()));
        }
        Optional<RatingsDocument> ratings =
                ContestRanking.ratings(site.contest().layout());
        ratings.ifPresent(r -> data.put(
                "ratings", r.bots().stream().map(CompetitionRoutes::ratingRow).toList()));
        ratings.ifPresent(r -> data.put("ratedGames", r.games()));
        data.put("nothing", latest.isEmpty());
        List<Participant> without = site.contest().store().participants().stream()
                .filter(p -> !p.isOrganiser()
                        && !p.disabled()
                        && p.activeSubmission().isEmpty())
                .toList();
        data.put("withoutSubmission", without.stream().map(Participant::name).toList());
        data.put("hasWithout", !without.isEmpty());
        ctx.html(site.pages().page("ranking", "Ranking", data, visitor));
    }

    /**
     * A bot's line of the ranking's ratings, as {@code caissa ratings} prints it: a rating and its
     * interval, a one-sided bound for a perfect or zero score, or "–" for a bot that never started.
     */
    private static Map<String, Object> ratingRow(RatingsDocument.Bot b) {
        String rank = b.rank() == null ? "–" : String.valueOf(b.rank());
        String elo;
        String interval;
        if (b.rank() == null) {
            elo = "–";
            interval = "";
        } else if ("lower".equals(b.bound())) {
            elo = "–";
            interval = String.format(Locale.ROOT, "above %+.1f (97.5%%)", b.low());
        } else if ("upper".equals(b.bound())) {
            elo = "–";
            interval = String.format(Locale.ROOT, "below %+.1f (97.5%%)", b.high());
        } else {
            elo = String.format(Locale.ROOT, "%+.1f", b.elo());
            interval = String.format(Locale.ROOT, "[%+.1f, %+.1f]", b.low(), b.high());
        }
        return Map.of("rank", rank, "name", b.name(), "elo", elo, "interval", interval, "games", b.games());
    }
}
