package caissa.arena.runner;

import caissa.arena.bot.BotHost;
import caissa.arena.diagnostics.Preflight;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameSetup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs {@link Preflight} for every bot of a run, a few at a time, and names every bot that
 * cannot play, each with its cause (and its fix where one is known), so that one run shows them all.
 */
public final class PreflightCheck {

    private PreflightCheck() {}

    /**
     * @param game a game of the run: its variant, time control, first opening and isolation,
     *     which every bot is started under, as in its games
     * @param labels how a bot is named in its line, for example {@code "--engine"} by entrant name
     * @return by bot name, in the given order, one line for each bot that cannot play
     */
    public static Map<String, String> problems(
            GameSetup game, List<Entrant> bots, Map<String, String> labels, int concurrency)
            throws InterruptedException {
        // The same command twice (a bot against a copy of itself) needs checking once.
        Map<List<String>, Entrant> distinct = new LinkedHashMap<>();
        bots.forEach(bot -> distinct.putIfAbsent(bot.command().argv(), bot));
        Map<String, String> problems = new LinkedHashMap<>();
        if (distinct.isEmpty()) {
            return problems;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(concurrency, distinct.size())));
        try (BotHost host = BotHost.open()) {
            List<Future<Optional<String>>> answers = new ArrayList<>();
            for (Entrant bot : distinct.values()) {
                answers.add(pool.submit(() -> Preflight.problem(game, bot, host)));
            }
            Map<List<String>, String> byCommand = new LinkedHashMap<>();
            int i = 0;
            for (Entrant bot : distinct.values()) {
                answers.get(i++)
                        .get()
                        .ifPresent(p -> byCommand.put(bot.command().argv(), p));
            }
            for (Entrant bot : bots) {
                String problem = byCommand.get(bot.command().argv());
                if (problem != null) {
                    String label = labels.getOrDefault(bot.name(), "bot '" + bot.name() + "'");
                    problems.put(
                            bot.name(), label + " cannot play: it was started once before the games and " + problem);
                }
            }
            return problems;
        } catch (ExecutionException e) {
            // The arena's own failure (a full /dev/shm: ArenaFilesException) stops the run as itself.
            if (e.getCause() instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            throw new IllegalStateException("the check before the games failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
