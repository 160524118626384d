package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code caissa moves}: the legal moves and the outcome of a position. */
class MovesCommandTest {

    private static final String INITIAL = "......./...bqn./....r../......./..R..../.NQB.../....... w - 0";

    @Test
    void listsTheMovesOfTheInitialPosition() {
        CommandRun run = CommandRun.of("moves");

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).containsExactly(
                "position: " + INITIAL,
                "white to move",
                "26 legal moves: b2-a4 b2-c4 b2-d1 b2-d3 c2-a4 c2-b1 c2-c1 c2-d1 c2-d3 c2-g6 c3-a3 c3-b3 c3-c4 c3-c5"
                        + " c3-c6 c3-c7 c3-d3 c3-e3 c3-f3 c3-g3 d2-c1 d2-c3 d2-e1 d2-e3 d2-f4 d2-g5",
                "outcome: ongoing");
        assertThat(run.err()).isEmpty();
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

        assertThat(CommandRun.of("moves", "--position", stalemate).outLines())
                .contains("outcome: stalemate, a draw");
        assertThat(CommandRun.of("moves", "--position", atTheLimit).outLines())
                .contains("outcome: move limit reached, a draw");
    }

    @Test
    void aMalformedPositionIsAUsageErrorNamingTheProblem() {
        CommandRun run = CommandRun.of("moves", "--position",
                "......./...bqn./....r../......./..R...../.NQB.../....... w - 0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errLines()).containsExactly(
                "caissa moves: Invalid value for option '--position': invalid CFN: board: rank 3 has 8 squares (see 'caissa moves --help')");
    }
}
