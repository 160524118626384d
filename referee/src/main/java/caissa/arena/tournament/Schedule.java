package caissa.arena.tournament;

import caissa.arena.rules.Move;
import caissa.arena.rules.Variant;
import caissa.arena.runner.Openings;
import java.util.ArrayList;
import java.util.List;

/**
 * Games from meetings. Each meeting of two bots is played in game pairs: one opening, once with
 * each colour. Games and game pairs are numbered from given starts so that the stages of a
 * tournament (Swiss rounds, a final) continue one numbering; a game pair's opening depends only
 * on the seed and its number.
 */
public final class Schedule {

    private Schedule() {}

    /**
     * A round robin in Berger rounds: cycle by cycle (a cycle is one game pair of every pair of
     * bots), round by round, so every bot has played about the same number of games at any moment.
     */
    public static List<ScheduledGame> roundRobin(int bots, int gamesPerPair, int openingPlies, long seed) {
        return roundRobin(Variant.CAISSA, bots, gamesPerPair, openingPlies, seed);
    }

    /** A round robin of the given variant (its openings are that variant's). */
    public static List<ScheduledGame> roundRobin(
            Variant variant, int bots, int gamesPerPair, int openingPlies, long seed) {
        return roundRobin(variant, identity(bots), gamesPerPair, openingPlies, seed, 1, 1);
    }

    /** A round robin among the given bots (indices into the bot list), numbered from the given game and pair. */
    static List<ScheduledGame> roundRobin(
            Variant variant,
            List<Integer> players,
            int gamesPerPair,
            int openingPlies,
            long seed,
            int firstGame,
            int firstPair) {
        List<List<Berger.Pairing>> rounds = Berger.rounds(players.size());
        List<Berger.Pairing> meetings = new ArrayList<>();
        for (int cycle = 0; cycle < gamesPerPair / 2; cycle++) {
            for (List<Berger.Pairing> round : rounds) {
                for (Berger.Pairing p : round) {
                    // Alternate who starts with White from one cycle to the next.
                    Berger.Pairing mapped = new Berger.Pairing(players.get(p.first()), players.get(p.second()));
                    meetings.add(cycle % 2 == 0 ? mapped : new Berger.Pairing(mapped.second(), mapped.first()));
                }
            }
        }
        return games(variant, meetings, 1, openingPlies, seed, firstGame, firstPair);
    }

    /**
     * A gauntlet: every engine meets every other bot {@code gamesPerPair / 2} times (engines meet
     * each other too); the other bots do not meet each other. Ordered in rounds in which each bot
     * plays at most once when there are at least as many other bots as engines.
     */
    public static List<ScheduledGame> gauntlet(
            int bots, List<Integer> engines, int gamesPerPair, int openingPlies, long seed) {
        return gauntlet(Variant.CAISSA, bots, engines, gamesPerPair, openingPlies, seed);
    }

    /** A gauntlet of the given variant (its openings are that variant's). */
    public static List<ScheduledGame> gauntlet(
            Variant variant, int bots, List<Integer> engines, int gamesPerPair, int openingPlies, long seed) {
        List<Integer> field =
                identity(bots).stream().filter(b -> !engines.contains(b)).toList();
        List<Berger.Pairing> cycle = new ArrayList<>();
        for (int k = 0; k < field.size(); k++) {
            for (int e = 0; e < engines.size(); e++) {
                cycle.add(new Berger.Pairing(engines.get(e), field.get((e + k) % field.size())));
            }
        }
        for (List<Berger.Pairing> round : Berger.rounds(engines.size())) {
            for (Berger.Pairing p : round) {
                cycle.add(new Berger.Pairing(engines.get(p.first()), engines.get(p.second())));
            }
        }
        List<Berger.Pairing> meetings = new ArrayList<>();
        for (int c = 0; c < gamesPerPair / 2; c++) {
            for (Berger.Pairing p : cycle) {
                meetings.add(c % 2 == 0 ? p : new Berger.Pairing(p.second(), p.first()));
            }
        }
        return games(variant, meetings, 1, openingPlies, seed, 1, 1);
    }

    /** The games of the meetings, each played in {@code pairsPerMeeting} game pairs. */
    static List<ScheduledGame> games(
            Variant variant,
            List<Berger.Pairing> meetings,
            int pairsPerMeeting,
            int openingPlies,
            long seed,
            int firstGame,
            int firstPair) {
        List<ScheduledGame> games = new ArrayList<>();
        int pair = firstPair;
        for (int repeat = 0; repeat < pairsPerMeeting; repeat++) {
            for (Berger.Pairing m : meetings) {
                List<Move> opening = Openings.lazy(variant, seed, pair - 1, openingPlies);
                int white = repeat % 2 == 0 ? m.first() : m.second();
                int black = repeat % 2 == 0 ? m.second() : m.first();
                games.add(new ScheduledGame(firstGame + games.size(), pair, white, black, opening));
                games.add(new ScheduledGame(firstGame + games.size(), pair, black, white, opening));
                pair++;
            }
        }
        return List.copyOf(games);
    }

    private static List<Integer> identity(int n) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(i);
        }
        return list;
    }
}
