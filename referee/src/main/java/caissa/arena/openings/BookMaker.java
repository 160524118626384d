package caissa.arena.openings;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Makes a balanced book: draws random openings of a number of plies (candidate k from the seed
 * and k, as a run's random openings are drawn), judges each with a {@link BookSearch}, and keeps
 * those whose score lies within the band around 0 and whose position no kept line reached
 * before (a duplicate or a transposition). The same settings give the same book.
 *
 * @param band the largest |score| kept, in centipawns
 */
public record BookMaker(Variant variant, int plies, int count, int depth, int band, long seed) {

    /** Stop after this many candidates per wanted opening: a band nothing fits must not run for ever. */
    static final int MAX_DRAWS_PER_OPENING = 100;

    public BookMaker {
        if (plies < 1 || plies > 40) {
            throw new IllegalArgumentException("--plies must be 1 to 40, got " + plies);
        }
        if (count < 1 || count > 1_000_000) {
            throw new IllegalArgumentException("--count must be 1 to 1,000,000, got " + count);
        }
        if (band < 0) {
            throw new IllegalArgumentException("--band must be at least 0, got " + band);
        }
        if (depth < 0 || depth > 8) {
            throw new IllegalArgumentException("--depth must be 0 to 8, got " + depth);
        }
    }

    /** What was made: the kept lines, and how many candidates were drawn, out of band or repeated. */
    public record Book(List<List<Move>> lines, long drawn, long outOfBand, long repeated) {}

    /** Makes the book; {@code progress} hears of every candidate judged. */
    public Book make(Consumer<Book> progress) {
        BookSearch search = new BookSearch(depth);
        List<List<Move>> kept = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        long drawn = 0;
        long outOfBand = 0;
        long repeated = 0;
        long limit = (long) count * MAX_DRAWS_PER_OPENING;
        while (kept.size() < count && drawn < limit) {
            List<Move> line = RandomOpenings.draw(variant, seed, drawn, plies);
            drawn++;
            Position position = variant.initial();
            for (Move move : line) {
                position = position.play(move);
            }
            if (seen.contains(position.toCfn())) {
                repeated++;
            } else if (Math.abs(search.score(position)) > band) {
                outOfBand++;
            } else {
                seen.add(position.toCfn());
                kept.add(line);
            }
            progress.accept(new Book(kept, drawn, outOfBand, repeated));
        }
        return new Book(List.copyOf(kept), drawn, outOfBand, repeated);
    }

    /** The book file: a header of {@code #} comments saying how it was made, then one line an opening. */
    public String text(Book book) {
        StringBuilder out = new StringBuilder();
        out.append("# Opening book made by caissa book: ")
                .append(book.lines().size())
                .append(" openings.\n");
        out.append("# variant ")
                .append(variant.id())
                .append(", plies ")
                .append(plies)
                .append(", depth ")
                .append(depth)
                .append(", band ")
                .append(band)
                .append(", seed ")
                .append(seed)
                .append('\n');
        out.append("# Random openings judged by a ")
                .append(depth)
                .append("-ply alpha-beta search (material and mate);")
                .append(" kept when |score| <= ")
                .append(band)
                .append(" centipawns.\n");
        out.append("# drawn ")
                .append(book.drawn())
                .append(", kept ")
                .append(book.lines().size())
                .append(", outside the band ")
                .append(book.outOfBand())
                .append(", duplicates or transpositions ")
                .append(book.repeated())
                .append('\n');
        for (List<Move> line : book.lines()) {
            out.append(line.stream().map(Move::toString).collect(Collectors.joining(" ")))
                    .append('\n');
        }
        return out.toString();
    }
}
