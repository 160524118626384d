package caissa.arena.benchmarks.baseline;

/** The 2401 possible moves, made once, so that the engine never allocates a {@link Move}. */
final class Moves {

    private static final Move[] BY_CODE = new Move[64 * 64];

    static {
        for (Square from : Square.values()) {
            for (Square to : Square.values()) {
                BY_CODE[from.index() | to.index() << 6] = new Move(from, to);
            }
        }
    }

    private Moves() {}

    static Move ofCode(int code) {
        return BY_CODE[code];
    }
}
