package caissa.arena.tournament;

import static caissa.arena.tournament.StageName.FINAL;
import static caissa.arena.tournament.StageName.SWISS;

import caissa.arena.rules.Side;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code rounds} Swiss rounds of one meeting each ({@code gamesPerPair} games), a batch a round
 * paired from the results of the rounds before it, then optionally a final: a round robin of the
 * best bots of the Swiss. Standings: the Swiss stage (points with byes, then Buchholz), the final
 * (as a round robin), and the whole tournament: the finalists in the final's order, then the
 * others in the Swiss order, each row counting every stage's games.
 */
final class SwissScheme implements Scheme {

    private final TournamentDefinition definition;
    private final Format.Swiss format;

    SwissScheme(TournamentDefinition definition, Format.Swiss format) {
        this.definition = definition;
        this.format = format;
    }

    private long gamesPerRound() {
        return definition.bots().size() / 2 * (long) definition.gamesPerPair();
    }

    private long finalGames() {
        return format.finalStage()
                .map(f -> (long) f.top() * (f.top() - 1) / 2 * f.gamesPerPair())
                .orElse(0L);
    }

    @Override
    public long totalGames() {
        return format.rounds() * gamesPerRound() + finalGames();
    }

    @Override
    public int stageGames(StageName stage) {
        return Math.toIntExact(stage == SWISS ? format.rounds() * gamesPerRound() : finalGames());
    }

    @Override
    public int batchCount() {
        return format.rounds() + (format.finalStage().isPresent() ? 1 : 0);
    }

    @Override
    public Plan.Progress progress(Plan plan, Map<Integer, FinishedGame> finished) {
        List<String> names = plan.names();
        int bots = names.size();
        int perRound = Math.toIntExact(gamesPerRound());
        List<Plan.Batch> known = new ArrayList<>();
        List<SwissPairing.PlayedRound> swissRounds = new ArrayList<>();
        for (int round = 1; round <= format.rounds(); round++) {
            SwissPairing.Round pairing = SwissPairing.next(bots, definition.seed(), swissRounds);
            Plan.Batch batch = new Plan.Batch(
                    round,
                    SWISS,
                    round,
                    Schedule.games(
                            definition.variant(),
                            pairing.meetings(),
                            definition.gamesPerPair() / 2,
                            definition.openingPlies(),
                            definition.seed(),
                            (round - 1) * perRound + 1,
                            (round - 1) * perRound / 2 + 1),
                    pairing.bye());
            known.add(batch);
            swissRounds.add(new SwissPairing.PlayedRound(pairing, points(batch, finished, names)));
            if (!Plan.complete(batch, finished, names)) {
                return new Plan.Progress(plan, known, swissRounds, finished);
            }
        }
        if (format.finalStage().isPresent()) {
            Format.Final f = format.finalStage().get();
            Plan.Progress swissOnly = new Plan.Progress(plan, known, swissRounds, finished);
            List<Integer> top =
                    Standings.swiss(names, swissOnly.gamesOf(SWISS), SwissPairing.Scores.after(bots, swissRounds))
                            .stream()
                            .map(st -> names.indexOf(st.name()))
                            .toList()
                            .subList(0, f.top());
            int first = format.rounds() * perRound;
            known.add(new Plan.Batch(
                    format.rounds() + 1,
                    FINAL,
                    0,
                    Schedule.roundRobin(
                            definition.variant(),
                            top,
                            f.gamesPerPair(),
                            definition.openingPlies(),
                            definition.seed(),
                            first + 1,
                            first / 2 + 1),
                    Optional.empty()));
        }
        return new Plan.Progress(plan, known, swissRounds, finished);
    }

    /** Points each bot scored in the batch's finished games, plus the bye's. */
    private static int[] points(Plan.Batch batch, Map<Integer, FinishedGame> finished, List<String> names) {
        int[] points = new int[names.size()];
        for (ScheduledGame g : batch.games()) {
            FinishedGame game = finished.get(g.number());
            if (Plan.matches(g, game, names)) {
                points[g.white()] += game.result().points(Side.WHITE);
                points[g.black()] += game.result().points(Side.BLACK);
            }
        }
        batch.bye().ifPresent(b -> points[b] += SwissPairing.BYE_POINTS);
        return points;
    }

    @Override
    public List<StandingsDocument.Stage> stages(Plan.Progress progress) {
        List<String> names = progress.plan().names();
        List<StandingsDocument.Stage> stages = new ArrayList<>();
        List<Plan.Batch> swiss =
                progress.known().stream().filter(b -> b.stage() == SWISS).toList();
        List<FinishedGame> swissGames = progress.gamesOf(SWISS);
        stages.add(stage(
                SWISS,
                swiss.size(),
                swissGames,
                swiss,
                Standings.swiss(names, swissGames, SwissPairing.Scores.after(names.size(), progress.swissRounds())),
                Standings.crosstable(names, swissGames)));
        List<Plan.Batch> fin =
                progress.known().stream().filter(b -> b.stage() == FINAL).toList();
        if (!fin.isEmpty()) {
            List<String> finalists = finalists(fin.get(0), names);
            List<FinishedGame> finalGames = progress.gamesOf(FINAL);
            stages.add(stage(
                    FINAL,
                    0,
                    finalGames,
                    fin,
                    Standings.compute(finalists, finalGames),
                    Standings.crosstable(finalists, finalGames)));
        }
        return List.copyOf(stages);
    }

    private StandingsDocument.Stage stage(
            StageName stage,
            int rounds,
            List<FinishedGame> games,
            List<Plan.Batch> batches,
            List<Standing> table,
            Map<String, Map<String, CrossEntry>> cross) {
        int total = stageGames(stage);
        return new StandingsDocument.Stage(
                stage,
                rounds,
                games.size(),
                total,
                games.size() == total,
                batches.stream().map(StandingsDocument.Batch::of).toList(),
                table,
                cross);
    }

    private static List<String> finalists(Plan.Batch batch, List<String> names) {
        List<String> players = new ArrayList<>();
        for (ScheduledGame g : batch.games()) {
            for (int b : new int[] {g.white(), g.black()}) {
                if (!players.contains(names.get(b))) {
                    players.add(names.get(b));
                }
            }
        }
        return players;
    }

    private static List<FinishedGame> everyGame(Plan.Progress progress) {
        List<FinishedGame> every = new ArrayList<>(progress.gamesOf(SWISS));
        every.addAll(progress.gamesOf(FINAL));
        return every;
    }

    @Override
    public List<Standing> overall(Plan.Progress progress, List<StandingsDocument.Stage> stages) {
        if (stages.size() == 1) {
            return stages.get(0).standings();
        }
        List<String> names = progress.plan().names();
        List<Standing> tallies = Standings.swiss(
                names, everyGame(progress), SwissPairing.Scores.after(names.size(), progress.swissRounds()));
        return overall(stages, tallies);
    }

    /**
     * Every bot in the order of the last stage first (the final's, for its finalists), then the
     * others in the order of the stage before (the Swiss's); each row tallies every stage's games.
     * Bots share a rank only where their stage ranks them together.
     */
    static List<Standing> overall(List<StandingsDocument.Stage> stages, List<Standing> tallies) {
        Map<String, Standing> byName = new LinkedHashMap<>();
        tallies.forEach(s -> byName.put(s.name(), s));
        List<Standing> ranked = new ArrayList<>();
        for (int i = stages.size() - 1; i >= 0; i--) {
            List<Standing> stage = stages.get(i).standings();
            Set<String> placedByLater =
                    new HashSet<>(ranked.stream().map(Standing::name).toList());
            int placed = ranked.size();
            for (Standing row : stage) {
                Standing all = byName.remove(row.name());
                if (all != null) {
                    // Its rank in the stage, less the bots above it there that a later stage placed already.
                    long aboveElsewhere = stage.stream()
                            .filter(s -> s.rank() < row.rank() && placedByLater.contains(s.name()))
                            .count();
                    ranked.add(new Standing(
                            placed + row.rank() - (int) aboveElsewhere,
                            all.name(),
                            all.points(),
                            all.games(),
                            all.wins(),
                            all.draws(),
                            all.losses(),
                            all.irregularLosses(),
                            all.irregularByCause(),
                            all.elo(),
                            all.eloError(),
                            all.headToHead(),
                            all.sonnebornBerger(),
                            all.byes(),
                            all.buchholz()));
                }
            }
        }
        return List.copyOf(ranked);
    }

    @Override
    public Map<String, Map<String, CrossEntry>> crosstable(
            Plan.Progress progress, List<StandingsDocument.Stage> stages) {
        return stages.size() == 1
                ? stages.get(0).crosstable()
                : Standings.crosstable(progress.plan().names(), everyGame(progress));
    }
}
