package caissa.arena.tournament;

import java.util.ArrayList;
import java.util.List;

/**
 * Berger tables: the rounds of a round robin by the circle method, so that every bot plays at
 * most once a round and all bots have played about the same number of games at any moment. With
 * an odd number of bots one sits out each round (a different one every round).
 */
public final class Berger {

    private Berger() {}

    /** A meeting in a round: {@code first} is White in the first game of the pair. */
    public record Pairing(int first, int second) {}

    /**
     * The rounds for bots {@code 0..bots-1}: {@code bots - 1} rounds for an even number,
     * {@code bots} for an odd one; every pair meets exactly once.
     */
    public static List<List<Pairing>> rounds(int bots) {
        if (bots < 2) {
            return List.of();
        }
        int n = bots % 2 == 0 ? bots : bots + 1; // an odd field gets a dummy: who meets it sits out
        int fixed = n - 1;
        List<List<Pairing>> rounds = new ArrayList<>();
        for (int r = 0; r < n - 1; r++) {
            List<Pairing> round = new ArrayList<>();
            // The fixed player alternates colours, the others by their side of the circle.
            add(round, r % 2 == 0 ? r : fixed, r % 2 == 0 ? fixed : r, bots);
            for (int i = 1; i < n / 2; i++) {
                int a = (r + i) % (n - 1);
                int b = (r - i + (n - 1)) % (n - 1);
                add(round, a, b, bots);
            }
            rounds.add(List.copyOf(round));
        }
        return List.copyOf(rounds);
    }

    private static void add(List<Pairing> round, int white, int black, int bots) {
        if (white < bots && black < bots) {
            round.add(new Pairing(white, black));
        }
    }
}
