package caissa.arena.report;

import caissa.arena.rules.Position;
import caissa.arena.rules.Square;
import caissa.arena.rules.Variant;
import java.util.Arrays;

/**
 * The board as text for a terminal: tiles {@code .}, pieces by their CFN letter. Caïssa's square
 * board leaves holes blank; the hex board (drawn like HEXCAISSA.md's diagrams, file a on the
 * left, each cell half a row above its neighbour to the lower right) marks them {@code -}, since
 * blank cells would lose the board's shape.
 */
public final class BoardText {

    private BoardText() {}

    public static String draw(Position position) {
        return position.variant() == Variant.HEXCAISSA ? drawHex(position) : drawSquare(position);
    }

    private static String drawSquare(Position position) {
        StringBuilder sb = new StringBuilder();
        sb.append("    +---------------+\n");
        for (int rank = 6; rank >= 0; rank--) {
            sb.append("  ").append(rank + 1).append(" |");
            for (int file = 0; file < 7; file++) {
                Square square = Square.at(file, rank);
                char c = position.pieceAt(square).map(p -> p.letter()).orElse(position.hasTile(square) ? '.' : ' ');
                sb.append(' ').append(c);
            }
            sb.append(" |\n");
        }
        sb.append("    +---------------+\n");
        sb.append("      a b c d e f g\n");
        return sb.toString();
    }

    /** Each cell on text line {@code 2r + q} (axial coordinates) from the top, column {@code 5 * file}. */
    private static String drawHex(Position position) {
        char[][] lines = new char[17][41];
        for (char[] line : lines) {
            Arrays.fill(line, ' ');
        }
        for (Square cell : position.variant().squares()) {
            int q = cell.file() - 4;
            int r = cell.rank() + 1 - 5 - Math.min(q, 0);
            char c = position.pieceAt(cell).map(p -> p.letter()).orElse(position.hasTile(cell) ? '.' : '-');
            lines[8 - (2 * r + q)][5 * cell.file()] = c;
        }
        StringBuilder sb = new StringBuilder();
        for (char[] line : lines) {
            sb.append("  ").append(new String(line).stripTrailing()).append('\n');
        }
        sb.append("  a    b    c    d    e    f    g    h    i\n");
        return sb.toString();
    }
}
