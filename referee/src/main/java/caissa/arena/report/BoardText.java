package caissa.arena.report;

import caissa.arena.rules.Position;
import caissa.arena.rules.Square;

/** The board as text for a terminal: tiles {@code .}, holes blank, pieces by their CFN letter. */
public final class BoardText {

    private BoardText() {
    }

    public static String draw(Position position) {
        StringBuilder sb = new StringBuilder();
        sb.append("    +---------------+\n");
        for (int rank = 6; rank >= 0; rank--) {
            sb.append("  ").append(rank + 1).append(" |");
            for (int file = 0; file < 7; file++) {
                Square square = Square.at(file, rank);
                char c = position.pieceAt(square).map(p -> p.letter())
                        .orElse(position.hasTile(square) ? '.' : ' ');
                sb.append(' ').append(c);
            }
            sb.append(" |\n");
        }
        sb.append("    +---------------+\n");
        sb.append("      a b c d e f g\n");
        return sb.toString();
    }
}
