package caissa.bots;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import caissa.bots.TimeManager.ThinkingTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The alphabeta bot's speed benchmark: fixed-depth searches from fixed positions (each variant's
 * start and positions of seeded random games), printing nodes, time, nodes per second and a
 * signature of the moves and node counts. Equal signatures mean the search visited the same trees
 * and chose the same moves, so a change that keeps the signature kept the bot's play.
 *
 * <p>{@code java -cp sample-bots/target/caissa-sample-bots.jar caissa.bots.SearchBench [variant] [depth] [rounds]}
 */
public final class SearchBench {

    private SearchBench() {}

    public static void main(String[] args) {
        Variant variant = args.length > 0
                ? Variant.fromId(args[0])
                        .orElseThrow(() -> new IllegalArgumentException(
                                "unknown variant " + args[0] + "; expected " + Variant.ids()))
                : Variant.CAISSA;
        int depth = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        List<Position> positions = positions(variant);
        for (int round = 1; round <= rounds; round++) {
            long nodes = 0;
            long nanos = 0;
            long signature = 17;
            for (Position position : positions) {
                Search search = new Search(new TranspositionTable(AlphaBetaBot.TABLE_BYTES), 1);
                Search.Result result = search.run(position, depth, ThinkingTime.UNLIMITED);
                nodes += result.nodes();
                nanos += result.nanos();
                signature = signature * 31
                        + result.nodes() * 7
                        + result.move().toString().hashCode();
            }
            System.out.printf(
                    "round %d: %s depth %d, %d positions: %d nodes in %d ms, %d knps, signature %016x%n",
                    round,
                    variant,
                    depth,
                    positions.size(),
                    nodes,
                    nanos / 1_000_000,
                    nodes * 1_000_000 / Math.max(1, nanos),
                    signature);
        }
    }

    /** The start position and one position every 12 plies of three seeded random games. */
    static List<Position> positions(Variant variant) {
        List<Position> positions = new ArrayList<>();
        positions.add(variant.initial());
        for (long seed = 1; seed <= 3; seed++) {
            Random random = new Random(seed);
            Position p = variant.initial();
            while (!p.outcome().isOver() && p.plies() < 60) {
                List<Move> moves = p.legalMoves();
                p = p.play(moves.get(random.nextInt(moves.size())));
                if (p.plies() % 12 == 0 && !p.outcome().isOver()) {
                    positions.add(p);
                }
            }
        }
        return positions;
    }
}
