package caissa.arena.tournament;

import caissa.arena.rules.Side;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The games of a tournament in batches, each of which can only be scheduled once the batches
 * before it are finished: a round robin or gauntlet is one batch; a Swiss is one batch a round
 * and one for its final. Game and pair numbers run on across batches, and a batch's games depend
 * only on the definition and the results of the batches before it, so a resumed run, a re-run and
 * every shard of a cluster run schedule the same games.
 */
public final class Plan {

    /** The stage names used in batches, standings and shard records. */
    public static final String SWISS = "swiss";
    public static final String FINAL = "final";

    /**
     * One batch: its 1-based index, its stage ({@code round-robin}, {@code gauntlet}, {@code swiss}
     * or {@code final}), its Swiss round (0 outside a Swiss), its games, and the bot with the bye.
     */
    public record Batch(int index, String stage, int round, List<ScheduledGame> games, Optional<Integer> bye) {
        public Batch {
            games = List.copyOf(games);
        }

        public String describe() {
            return round > 0 ? stage + " round " + round : stage;
        }
    }

    private final TournamentDefinition definition;
    private final int bots;

    private Plan(TournamentDefinition definition) {
        this.definition = definition;
        this.bots = definition.bots().size();
    }

    public static Plan of(TournamentDefinition definition) {
        return new Plan(definition);
    }

    public TournamentDefinition definition() {
        return definition;
    }

    public int totalGames() {
        if (definition.format() instanceof Format.Gauntlet g) {
            int e = g.engines().size();
            return (e * (bots - e) + e * (e - 1) / 2) * definition.gamesPerPair();
        }
        if (definition.format() instanceof Format.Swiss s) {
            return s.rounds() * swissGamesPerRound()
                    + s.finalStage().map(f -> f.top() * (f.top() - 1) / 2 * f.gamesPerPair()).orElse(0);
        }
        return bots * (bots - 1) / 2 * definition.gamesPerPair();
    }

    /** Games in one stage ({@link Batch#stage()}). */
    public int stageGames(String stage) {
        if (definition.format() instanceof Format.Swiss s) {
            return stage.equals(SWISS) ? s.rounds() * swissGamesPerRound()
                    : s.finalStage().map(f -> f.top() * (f.top() - 1) / 2 * f.gamesPerPair()).orElse(0);
        }
        return totalGames();
    }

    /** Batches in the whole tournament. */
    public int batchCount() {
        return definition.format() instanceof Format.Swiss s ? s.rounds() + (s.finalStage().isPresent() ? 1 : 0) : 1;
    }

    private int swissGamesPerRound() {
        return bots / 2 * definition.gamesPerPair();
    }

    /**
     * The batches that can be scheduled after the given finished games (by game number): every
     * batch up to and including the first one not complete. A finished game counts only when it
     * matches its scheduled game (number, White and Black).
     */
    public Progress progress(Map<Integer, FinishedGame> finished) {
        List<String> names = definition.bots().stream().map(BotEntry::name).toList();
        List<Batch> known = new ArrayList<>();
        List<SwissPairing.PlayedRound> swissRounds = new ArrayList<>();
        if (definition.format() instanceof Format.RoundRobin) {
            known.add(new Batch(1, "round-robin", 0, Schedule.roundRobin(definition.variant(), bots,
                    definition.gamesPerPair(), definition.openingPlies(), definition.seed()), Optional.empty()));
        } else if (definition.format() instanceof Format.Gauntlet g) {
            known.add(new Batch(1, "gauntlet", 0, Schedule.gauntlet(definition.variant(), bots,
                    g.engines().stream().map(names::indexOf).toList(), definition.gamesPerPair(),
                    definition.openingPlies(), definition.seed()), Optional.empty()));
        } else if (definition.format() instanceof Format.Swiss s) {
                int perRound = swissGamesPerRound();
                for (int round = 1; round <= s.rounds(); round++) {
                    SwissPairing.Round pairing = SwissPairing.next(bots, definition.seed(), swissRounds);
                    Batch batch = new Batch(round, SWISS, round, Schedule.games(definition.variant(), pairing.meetings(),
                            definition.gamesPerPair() / 2, definition.openingPlies(), definition.seed(),
                            (round - 1) * perRound + 1, (round - 1) * perRound / 2 + 1), pairing.bye());
                    known.add(batch);
                    swissRounds.add(new SwissPairing.PlayedRound(pairing, points(batch, finished, names)));
                    if (!complete(batch, finished, names)) {
                        return new Progress(this, known, swissRounds, finished);
                    }
                }
                if (s.finalStage().isPresent()) {
                    Format.Final f = s.finalStage().get();
                    Progress swissOnly = new Progress(this, known, swissRounds, finished);
                    List<Integer> top = Standings.swiss(names, swissOnly.gamesOf(SWISS),
                            SwissPairing.Scores.after(bots, swissRounds)).stream()
                            .map(st -> names.indexOf(st.name())).toList().subList(0, f.top());
                    int first = s.rounds() * perRound;
                    known.add(new Batch(s.rounds() + 1, FINAL, 0, Schedule.roundRobin(definition.variant(), top, f.gamesPerPair(),
                            definition.openingPlies(), definition.seed(), first + 1, first / 2 + 1), Optional.empty()));
                }
        }
        return new Progress(this, known, swissRounds, finished);
    }

    static boolean complete(Batch batch, Map<Integer, FinishedGame> finished, List<String> names) {
        return batch.games().stream().allMatch(g -> matches(g, finished.get(g.number()), names));
    }

    static boolean matches(ScheduledGame scheduled, FinishedGame game, List<String> names) {
        return game != null && game.white().equals(names.get(scheduled.white()))
                && game.black().equals(names.get(scheduled.black()));
    }

    /** Points each bot scored in the batch's finished games, plus the bye's. */
    private int[] points(Batch batch, Map<Integer, FinishedGame> finished, List<String> names) {
        int[] points = new int[bots];
        for (ScheduledGame g : batch.games()) {
            FinishedGame game = finished.get(g.number());
            if (matches(g, game, names)) {
                points[g.white()] += game.result().points(Side.WHITE);
                points[g.black()] += game.result().points(Side.BLACK);
            }
        }
        batch.bye().ifPresent(b -> points[b] += SwissPairing.BYE_POINTS);
        return points;
    }

    /** What is known of a run after some finished games. */
    public record Progress(Plan plan, List<Batch> known, List<SwissPairing.PlayedRound> swissRounds,
            Map<Integer, FinishedGame> finished) {

        /** The first batch not complete, or empty when the tournament is over. */
        public Optional<Batch> current() {
            List<String> names = plan.definition.bots().stream().map(BotEntry::name).toList();
            return known.stream().filter(b -> !complete(b, finished, names)).findFirst();
        }

        /** Every game known so far, in number order. */
        public List<ScheduledGame> scheduled() {
            return known.stream().flatMap(b -> b.games().stream()).toList();
        }

        /** The batch a game number belongs to, if known. */
        public Optional<Batch> batchOf(int game) {
            return known.stream().filter(b -> b.games().stream().anyMatch(g -> g.number() == game)).findFirst();
        }

        /** The games of the given finished map that belong to a stage, as scheduled. */
        List<FinishedGame> gamesOf(String stage) {
            List<String> names = plan.definition.bots().stream().map(BotEntry::name).toList();
            List<FinishedGame> games = new ArrayList<>();
            for (Batch b : known) {
                if (b.stage().equals(stage)) {
                    for (ScheduledGame g : b.games()) {
                        FinishedGame game = finished.get(g.number());
                        if (matches(g, game, names)) {
                            games.add(game);
                        }
                    }
                }
            }
            return games;
        }
    }
}
