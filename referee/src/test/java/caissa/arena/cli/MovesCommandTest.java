package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.testkit.CommandRun;
import org.junit.jupiter.api.Test;

/** {@code caissa moves}: the legal moves and the outcome of a position. */
class MovesCommandTest {

    private static final String INITIAL = "......./...bqn./....r../......./..R..../.NQB.../....... w - 0";

    @Test
    void listsTheMovesOfTheInitialPosition() {
        CommandRun run = CommandRun.of("moves");

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines())
                .containsExactly(
                        "position: " + INITIAL,
                        "white to move",
                        "26 legal moves: b2-a4 b2-c4 b2-d1 b2-d3 c2-a4 c2-b1 c2-c1 c2-d1 c2-d3 c2-g6 c3-a3 c3-b3 c3-c4 c3-c5"
                                + " c3-c6 c3-c7 c3-d3 c3-e3 c3-f3 c3-g3 d2-c1 d2-c3 d2-e1 d2-e3 d2-f4 d2-g5",
                        "outcome: ongoing");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void listsTheHexCaissaStartsThirtySevenMoves() {
        CommandRun run = CommandRun.of("moves", "--variant", "hexcaissa");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.outLines())
                .containsExactly(
                        "position: ...../....../RQ...../..N...../..B...b../.....n../.....qr/....../..... w - 0",
                        "white to move",
                        "37 legal moves: c1-a1 c1-b1 c1-d1 c1-d2 c1-e1 c1-e3 c2-a1 c2-a2 c2-a4 c2-b2 c2-b3 c2-c4 c2-c7 c2-d1"
                                + " c2-e2 c2-e6 c2-f1 d3-a1 d3-a2 d3-b4 d3-c5 d3-e1 d3-e6 d3-f1 d3-f5 d3-g2 d3-g3 e3-b6 e3-c5"
                                + " e3-d1 e3-d4 e3-f1 e3-f4 e3-g2 e3-g5 e3-h6 e3-i1",
                        "outcome: ongoing");
    }

    @Test
    void saysWhenTheSideToMoveIsCheckmated() {
        String mated = "r....../......q/......./......./......./.-...../Q-..... w b7-a7 58";

        CommandRun run = CommandRun.of("moves", "--position", mated);

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).hasSize(4);
        assertThat(run.outLines().get(0)).isEqualTo("position: " + mated);
        assertThat(run.outLines().get(1)).isEqualTo("white to move, in check");
        assertThat(run.outLines().get(2)).isEqualTo("0 legal moves");
        assertThat(run.outLines().get(3)).isEqualTo("outcome: checkmate, black wins");
    }

    @Test
    void saysStalemateAndTheMoveLimit() {
        String stalemate = "...-.../...-..q/...-.../...Q.../...-.../...-.../...-... w - 40";
        String atTheLimit = INITIAL.replace(" 0", " 200");

        assertThat(CommandRun.of("moves", "--position", stalemate).outLines()).contains("outcome: stalemate, a draw");
        assertThat(CommandRun.of("moves", "--position", atTheLimit).outLines())
                .contains("outcome: move limit reached, a draw");
    }

    @Test
    void aMalformedPositionIsAUsageErrorNamingTheProblem() {
        CommandRun run =
                CommandRun.of("moves", "--position", "......./...bqn./....r../......./..R...../.NQB.../....... w - 0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errLines())
                .containsExactly(
                        "caissa moves: Invalid value for option '--position': invalid CFN: board: rank 3 has 8 squares (see 'caissa moves --help')");
    }
}
