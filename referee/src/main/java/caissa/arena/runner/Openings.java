package caissa.arena.runner;

import caissa.arena.openings.RandomOpenings;
import caissa.arena.rules.Move;
import caissa.arena.rules.Variant;
import java.util.AbstractList;
import java.util.List;

/**
 * Random openings: a number of uniformly random legal plies from the initial position, drawn
 * from a seed, so that deterministic bots do not replay one game over and over. An opening
 * never ends the game (a drawn line that does is drawn again).
 */
public final class Openings {

    private Openings() {}

    /** The Caïssa opening for game pair {@code index} (0-based) of a run with this seed. */
    public static List<Move> opening(long seed, int index, int plies) {
        return opening(Variant.CAISSA, seed, index, plies);
    }

    /** The opening of a variant for game pair {@code index} (0-based) of a run with this seed. */
    public static List<Move> opening(Variant variant, long seed, int index, int plies) {
        return RandomOpenings.draw(variant, seed, index, plies);
    }

    /**
     * The same opening, drawn when a game first needs it rather than when the schedule is made:
     * drawing 50,000 openings of 40 plies takes half a minute, and a tournament must start at once.
     */
    public static List<Move> lazy(Variant variant, long seed, int index, int plies) {
        return plies == 0 ? List.of() : new Lazy(variant, seed, index, plies);
    }

    private static final class Lazy extends AbstractList<Move> {
        private final Variant variant;
        private final long seed;
        private final int index;
        private final int plies;
        private volatile List<Move> moves;

        Lazy(Variant variant, long seed, int index, int plies) {
            this.variant = variant;
            this.seed = seed;
            this.index = index;
            this.plies = plies;
        }

        private List<Move> moves() {
            List<Move> drawn = moves;
            if (drawn == null) {
                drawn = opening(variant, seed, index, plies);
                moves = drawn;
            }
            return drawn;
        }

        @Override
        public Move get(int i) {
            return moves().get(i);
        }

        @Override
        public int size() {
            return plies;
        }
    }
}
