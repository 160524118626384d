package caissa.arena.diagnostics;

import caissa.arena.game.GameRecord;
import caissa.arena.game.Termination;
import caissa.arena.rules.Side;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Irregular losses of a run counted by bot and cause, each with the first game as an example, and
 * the bots that keep failing the same way: a run of broken games should be said once, clearly,
 * not buried in a list. Fed one finished game at a time, from one thread.
 */
public final class IrregularLossTally {

    /** Losses in a row by one cause after which a bot is said to keep failing. */
    public static final int STREAK = 3;

    /**
     * One bot's losses by one cause.
     *
     * @param example the first such game, explained
     */
    @JsonPropertyOrder({"bot", "cause", "games", "example"})
    public record Entry(String bot, Termination cause, int games, Diagnosis example) {}

    /**
     * A bot that lost its last {@link #STREAK} games by the same cause; {@code example} is the latest.
     *
     * @param sameHintAs the bot whose line gave the same hint before, if any: a hint is given once
     *     a run, not once a bot (ten broken bots of a class print one stdout hint, not ten)
     */
    public record Streak(String bot, Termination cause, int games, Diagnosis example, String sameHintAs) {
        /** One line: who, how often, why in its words. */
        public String line() {
            String stderr = example.lastStderrLine();
            return bot + " keeps failing: its last " + games + " games were lost by " + cause.word() + ": "
                    + example.reason() + (stderr.isEmpty() ? "" : "; its stderr ends: " + stderr)
                    + (example.hint() == null
                            ? ""
                            : sameHintAs != null
                                    ? " (hint: as for " + sameHintAs + " above)"
                                    : " (hint: " + example.hint() + ")");
        }
    }

    private final Map<String, Map<Termination, Entry>> entries = new LinkedHashMap<>();
    private final Map<String, Termination> lastCause = new HashMap<>();
    private final Map<String, Integer> streak = new HashMap<>();
    private final Set<String> reported = new HashSet<>();
    /** Each hint a streak's line gave, with the bot it was given for first. */
    private final Map<String, String> hintsGiven = new HashMap<>();

    /** Counts the game; returns the bots that now keep failing and were not reported for that cause yet. */
    public List<Streak> add(GameRecord game, Path log) {
        List<Side> losers = Diagnosis.irregularLosers(game);
        List<Streak> news = new ArrayList<>();
        for (Side side : Side.values()) {
            String bot = game.player(side).name();
            if (!losers.contains(side)) {
                streak.remove(bot);
                lastCause.remove(bot);
                continue;
            }
            Diagnosis why = Diagnosis.of(game, side, log);
            entries.computeIfAbsent(bot, b -> new LinkedHashMap<>())
                    .merge(
                            game.termination(),
                            new Entry(bot, game.termination(), 1, why),
                            (old, one) -> new Entry(bot, old.cause(), old.games() + 1, old.example()));
            int length = game.termination() == lastCause.get(bot) ? streak.getOrDefault(bot, 0) + 1 : 1;
            lastCause.put(bot, game.termination());
            streak.put(bot, length);
            if (length >= STREAK && reported.add(bot + "\0" + game.termination().word())) {
                String first = why.hint() == null ? null : hintsGiven.putIfAbsent(why.hint(), bot);
                news.add(new Streak(bot, game.termination(), length, why, first));
            }
        }
        return news;
    }

    /** Every bot's irregular losses by cause, the bots in order of first loss, the causes most frequent first. */
    public List<Entry> entries() {
        return entries.values().stream()
                .flatMap(byCause -> byCause.values().stream()
                        .sorted(Comparator.comparingInt(Entry::games).reversed()))
                .toList();
    }

    /** Irregular losses of one bot, by cause. */
    public List<Entry> entries(String bot) {
        return entries().stream().filter(e -> e.bot().equals(bot)).toList();
    }

    public int total(String bot) {
        return entries(bot).stream().mapToInt(Entry::games).sum();
    }

    /** The summary for a terminal: a line per bot and cause with an example, then its stderr's last line. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        // A hint is long: given once, then named, when several bots make the same mistake.
        Map<String, String> hintedFor = new HashMap<>();
        for (Entry e : entries()) {
            lines.add("  " + e.bot() + ": " + e.games() + " " + e.cause().word()
                    + (e.example().game() == null
                            ? ""
                            : ", e.g. game " + e.example().game()) + ": "
                    + e.example().reason());
            String stderr = e.example().lastStderrLine();
            if (!stderr.isEmpty()) {
                lines.add("      its stderr ends: " + stderr);
            }
            if (e.example().hint() != null) {
                String first = hintedFor.putIfAbsent(e.example().hint(), e.bot());
                lines.add("      hint: " + (first == null ? e.example().hint() : "as for " + first + " above"));
            }
            if (e.example().log() != null) {
                lines.add("      game log: " + e.example().log());
            }
        }
        return lines;
    }
}
