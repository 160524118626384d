package caissa.arena.cli;

import caissa.arena.bot.BotHost;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameSetup;
import caissa.arena.game.Preflight;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs {@link Preflight} for every bot of a run, a few at a time, and refuses the run at the first bot that fails. */
final class PreflightCheck {

    private PreflightCheck() {
    }

    /**
     * @param game a game of the run: its variant, time control, first opening and isolation,
     *     which every bot is started under, as in its games
     * @param labels how a bot is named in the refusal, for example {@code "--engine"} by entrant name
     * @throws UsageException naming the first bot (in the given order) that cannot play
     */
    static void require(GameSetup game, List<Entrant> bots, Map<String, String> labels, int concurrency)
            throws InterruptedException {
        // The same command twice (a bot against a copy of itself) needs checking once.
        Map<List<String>, Entrant> distinct = new LinkedHashMap<>();
        bots.forEach(bot -> distinct.putIfAbsent(bot.command().argv(), bot));
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(concurrency, distinct.size())));
        try (BotHost host = BotHost.open()) {
            List<Future<Optional<String>>> answers = new ArrayList<>();
            for (Entrant bot : distinct.values()) {
                answers.add(pool.submit(() -> Preflight.problem(game, bot, host)));
            }
            int i = 0;
            for (Entrant bot : distinct.values()) {
                Optional<String> problem = answers.get(i++).get();
                if (problem.isPresent()) {
                    String label = labels.getOrDefault(bot.name(), "bot '" + bot.name() + "'");
                    throw new UsageException(label + " cannot play: it was started once before the games and "
                            + problem.get());
                }
            }
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("the check before the games failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
