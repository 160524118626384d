package caissa.arena.tournament;

import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.records.GameFiles;
import caissa.arena.records.TournamentLayout;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeMap;

/**
 * The finished games of a run, by number, in number order, kept as six bytes a game in arrays
 * the size of the schedule, made once: a run holds them all to the end (its standings, a Swiss
 * pairing and a resume are worked out from them), and as objects in a tree they grew the run's
 * memory by about 150 bytes a game. A {@link FinishedGame} is made again when one is asked for.
 *
 * <p>A game that does not fit (a number outside the schedule, a bot not of the tournament, a log
 * that is not at its own file name) is kept as it is, beside the others; the runner never makes
 * one, but a merged folder given with {@code --from} may hold anything.
 */
final class FinishedGames extends AbstractMap<Integer, FinishedGame> {

    private static final Result[] RESULTS = Result.values();
    private static final Termination[] TERMINATIONS = Termination.values();

    private final List<String> bots;
    private final int total;
    /** The result's ordinal plus one; 0 where there is no game. */
    private final byte[] result;

    private final byte[] termination;
    private final short[] white;
    private final short[] black;
    private final TreeMap<Integer, FinishedGame> others = new TreeMap<>();
    private int size;

    /**
     * @param bots the tournament's bots, in the order of its file
     * @param total the games of the whole tournament: numbers 1 to {@code total} are kept compact
     */
    FinishedGames(List<String> bots, int total) {
        if (bots.size() > Short.MAX_VALUE) {
            throw new IllegalArgumentException("too many bots: " + bots.size());
        }
        this.bots = List.copyOf(bots);
        this.total = total;
        result = new byte[total + 1];
        termination = new byte[total + 1];
        white = new short[total + 1];
        black = new short[total + 1];
    }

    /** How many games are kept as objects, not compact (none for a run's own games). */
    int keptWhole() {
        return others.size();
    }

    @Override
    public FinishedGame put(Integer number, FinishedGame game) {
        if (number != game.game()) {
            throw new IllegalArgumentException("game " + game.game() + " put as number " + number);
        }
        FinishedGame previous = get(number);
        if (previous != null) {
            clear(number);
        }
        int w = bots.indexOf(game.white());
        int b = bots.indexOf(game.black());
        if (number >= 1
                && number <= total
                && w >= 0
                && b >= 0
                && game.result() != null
                && game.termination() != null
                && game.file().equals(fileOf(number))) {
            result[number] = (byte) (game.result().ordinal() + 1);
            termination[number] = (byte) game.termination().ordinal();
            white[number] = (short) w;
            black[number] = (short) b;
        } else {
            others.put(number, game);
        }
        size++;
        return previous;
    }

    @Override
    public FinishedGame get(Object key) {
        if (!(key instanceof Integer number)) {
            return null;
        }
        if (number >= 1 && number <= total && result[number] != 0) {
            return new FinishedGame(
                    number,
                    bots.get(white[number]),
                    bots.get(black[number]),
                    RESULTS[result[number] - 1],
                    TERMINATIONS[termination[number]],
                    fileOf(number));
        }
        return others.get(number);
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof Integer number
                && (number >= 1 && number <= total && result[number] != 0 || others.containsKey(number));
    }

    @Override
    public int size() {
        return size;
    }

    private void clear(int number) {
        if (number >= 1 && number <= total && result[number] != 0) {
            result[number] = 0;
        } else {
            others.remove(number);
        }
        size--;
    }

    private String fileOf(int number) {
        return TournamentLayout.GAMES_DIR + "/" + GameFiles.name(number, total);
    }

    /** In number order, as a {@link TreeMap}'s; read only. */
    @Override
    public Set<Map.Entry<Integer, FinishedGame>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public Iterator<Map.Entry<Integer, FinishedGame>> iterator() {
                return new Iterator<>() {
                    private final Iterator<Integer> rest = others.keySet().iterator();
                    private int compact = nextCompact(0);
                    private Integer other = rest.hasNext() ? rest.next() : null;

                    private int nextCompact(int after) {
                        int n = after + 1;
                        while (n <= total && result[n] == 0) {
                            n++;
                        }
                        return n;
                    }

                    @Override
                    public boolean hasNext() {
                        return compact <= total || other != null;
                    }

                    @Override
                    public Map.Entry<Integer, FinishedGame> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        int number;
                        if (other == null || compact <= total && compact < other) {
                            number = compact;
                            compact = nextCompact(compact);
                        } else {
                            number = other;
                            other = rest.hasNext() ? rest.next() : null;
                        }
                        return Map.entry(number, get(number));
                    }
                };
            }
        };
    }
}
