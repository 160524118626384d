package caissa.arena.tournament;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The games of a tournament in batches, each of which can only be scheduled once the batches
 * before it are finished: a round robin or gauntlet is one batch; a Swiss is one batch a round
 * and one for its final. Game and pair numbers run on across batches, and a batch's games depend
 * only on the definition and the results of the batches before it, so a resumed run, a re-run and
 * every shard of a cluster run schedule the same games. Which batches there are, and how they are
 * ranked, is the tournament's {@link Scheme}'s to say.
 */
public final class Plan {

    /**
     * One batch: its 1-based index, its stage ({@code round-robin}, {@code gauntlet}, {@code swiss}
     * or {@code final}), its Swiss round (0 outside a Swiss), its games, and the bot with the bye.
     */
    public record Batch(int index, StageName stage, int round, List<ScheduledGame> games, Optional<Integer> bye) {
        public Batch {
            games = List.copyOf(games);
        }

        public String describe() {
            return round > 0 ? stage + " round " + round : stage.word();
        }
    }

    private final TournamentDefinition definition;
    private final Scheme scheme;
    private final List<String> names;

    private Plan(TournamentDefinition definition) {
        this.definition = definition;
        this.scheme = definition.scheme();
        this.names = definition.bots().stream().map(BotEntry::name).toList();
    }

    public static Plan of(TournamentDefinition definition) {
        return new Plan(definition);
    }

    public TournamentDefinition definition() {
        return definition;
    }

    /** How the tournament is played and ranked. */
    Scheme scheme() {
        return scheme;
    }

    /** The bots' names, in the order of the tournament file (the indices of {@link ScheduledGame}). */
    List<String> names() {
        return names;
    }

    public int totalGames() {
        return Math.toIntExact(scheme.totalGames());
    }

    /** Games in one stage ({@link Batch#stage()}). */
    public int stageGames(StageName stage) {
        return scheme.stageGames(stage);
    }

    /** Batches in the whole tournament. */
    public int batchCount() {
        return scheme.batchCount();
    }

    /**
     * The batches that can be scheduled after the given finished games (by game number): every
     * batch up to and including the first one not complete. A finished game counts only when it
     * matches its scheduled game (number, White and Black).
     */
    public Progress progress(Map<Integer, FinishedGame> finished) {
        return scheme.progress(this, finished);
    }

    static boolean complete(Batch batch, Map<Integer, FinishedGame> finished, List<String> names) {
        return batch.games().stream().allMatch(g -> matches(g, finished.get(g.number()), names));
    }

    static boolean matches(ScheduledGame scheduled, FinishedGame game, List<String> names) {
        return game != null
                && game.white().equals(names.get(scheduled.white()))
                && game.black().equals(names.get(scheduled.black()));
    }

    /** What is known of a run after some finished games. */
    public record Progress(
            Plan plan,
            List<Batch> known,
            List<SwissPairing.PlayedRound> swissRounds,
            Map<Integer, FinishedGame> finished) {

        /** The first batch not complete, or empty when the tournament is over. */
        public Optional<Batch> current() {
            List<String> names = plan.names;
            return known.stream().filter(b -> !complete(b, finished, names)).findFirst();
        }

        /** Every game known so far, in number order. */
        public List<ScheduledGame> scheduled() {
            return known.stream().flatMap(b -> b.games().stream()).toList();
        }

        /** The batch a game number belongs to, if known. */
        public Optional<Batch> batchOf(int game) {
            return known.stream()
                    .filter(b -> b.games().stream().anyMatch(g -> g.number() == game))
                    .findFirst();
        }

        /** The games of the given finished map that belong to a stage, as scheduled. */
        List<FinishedGame> gamesOf(StageName stage) {
            List<String> names = plan.names;
            List<FinishedGame> games = new ArrayList<>();
            for (Batch b : known) {
                if (b.stage() == stage) {
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
