package caissa.arena.rules;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The games the rules engine plays: square Caïssa (RULES.md) and HexCaïssa (HEXCAISSA.md). A
 * variant is its board (cells, their names, neighbours, rays, knight jumps), its start position
 * and its notation; the engine's code is the same for both.
 */
public enum Variant {
    CAISSA("caissa", "[a-g][1-7]-[a-g][1-7]", "b2-c4"),
    HEXCAISSA("hexcaissa", "[a-i][1-9]-[a-i][1-9]", "e4-f6");

    private final String id;
    private final String replyExample;
    /** The protocol's shape of a move reply, before asking whether its cells exist. */
    private final Pattern moveSyntax;

    Variant(String id, String moveSyntax, String replyExample) {
        this.id = id;
        this.replyExample = replyExample;
        this.moveSyntax = Pattern.compile(moveSyntax, Pattern.CASE_INSENSITIVE);
    }

    /** The name used in tournament files, on the command line, in logs and in {@code CAISSA_VARIANT}. */
    public String id() {
        return id;
    }

    /** The variant with the given id; empty for any other text. */
    public static Optional<Variant> fromId(String id) {
        for (Variant v : values()) {
            if (v.id.equals(id)) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    /** The ids of all variants, for error messages: {@code caissa, hexcaissa}. */
    public static String ids() {
        return Arrays.stream(values()).map(Variant::id).collect(Collectors.joining(", "));
    }

    Geometry geometry() {
        return Geometry.of(this);
    }

    /** The board's shape: cells, neighbours, rays and jumps as bitboards. */
    public BoardShape shape() {
        return geometry().shape;
    }

    /** The start position of this variant, White to move. */
    public Position initial() {
        return geometry().initial();
    }

    /** The start position in CFN. */
    public String initialCfn() {
        return geometry().initialCfn;
    }

    /**
     * Reads a position of this variant in CFN.
     *
     * @throws InvalidPositionException naming the field and the problem
     */
    public Position fromCfn(String cfn) {
        return Cfn.parse(geometry(), cfn);
    }

    /** The board's cells in index order. */
    public List<Square> squares() {
        return List.of(Square.cellsOf(this));
    }

    /** The number of cells on the board. */
    public int squareCount() {
        return Square.cellsOf(this).length;
    }

    /** The cell with the given index. */
    public Square square(int index) {
        return Square.cellsOf(this)[index];
    }

    /** The cell with the given name in either case, like {@code e5}; empty when there is none. */
    public Optional<Square> parseSquare(CharSequence text) {
        if (text.length() != 2) {
            return Optional.empty();
        }
        int file = Character.toLowerCase(text.charAt(0)) - 'a';
        int rank = text.charAt(1) - '1';
        return Optional.ofNullable(geometry().cellAt(file, rank));
    }

    /**
     * Parses a move the way the referee reads a bot's reply: surrounding white space is removed
     * and the rest must be two existing cells joined by {@code -}, in either case. Empty otherwise.
     */
    public Optional<Move> parseMove(String text) {
        String s = text.strip();
        if (s.length() != 5 || s.charAt(2) != '-') {
            return Optional.empty();
        }
        Optional<Square> from = parseSquare(s.subSequence(0, 2));
        Optional<Square> to = parseSquare(s.subSequence(3, 5));
        if (from.isEmpty() || to.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Move(from.get(), to.get()));
    }

    /**
     * Whether a reply has the shape of a move in this variant's protocol, whether or not its cells
     * exist: on the hex board {@code a6-a7} has the shape (and loses as an illegal move) while
     * {@code hello} does not (and loses as a protocol error).
     */
    public boolean hasMoveSyntax(String text) {
        return moveSyntax.matcher(text.strip()).matches();
    }

    /** A move of this variant to quote in messages, like {@code b2-c4}. */
    public String moveExample() {
        return replyExample;
    }

    /** Like {@link #parseMove(String)}, for input that must be a move (command-line arguments, tests). */
    public Move move(String text) {
        return parseMove(text)
                .orElseThrow(() -> new IllegalArgumentException("not a " + id + " move: '" + text + "' (expected two "
                        + geometry().cellWord + "s joined by '-', like " + geometry().moveExample + ")"));
    }

    @Override
    public String toString() {
        return id;
    }

    /** Lower-case id, tolerant of case, for command-line converters. */
    public static Optional<Variant> fromIdIgnoringCase(String text) {
        return fromId(text.toLowerCase(Locale.ROOT));
    }
}
