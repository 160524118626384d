package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RULES.md section 7: CFN reads back what it writes, and text that is not a well-formed position is
 * rejected with the field and the problem named.
 */
class CfnTest {

    private static final String INITIAL_BOARD = "......./...bqn./....r../......./..R..../.NQB.../.......";

    static Stream<Arguments> malformed() {
        return Stream.of(
                // field count and board shape
                Arguments.of("", "position", "empty text; expected four fields: board, side to move, last move, plies"),
                Arguments.of(
                        "   ", "position", "empty text; expected four fields: board, side to move, last move, plies"),
                Arguments.of(
                        INITIAL_BOARD + " w -",
                        "position",
                        "expected 4 fields separated by single spaces (board, side to move, last move, plies), got 3"),
                Arguments.of(
                        INITIAL_BOARD + " w - 0 0",
                        "position",
                        "expected 4 fields separated by single spaces (board, side to move, last move, plies), got 5"),
                Arguments.of(
                        INITIAL_BOARD + " w  - 0",
                        "position",
                        "expected 4 fields separated by single spaces (board, side to move, last move, plies), got 5"),
                Arguments.of(
                        "......./...bqn./....r../......./..R..../.NQB... w - 0",
                        "board",
                        "expected 7 ranks separated by '/', got 6"),
                Arguments.of(INITIAL_BOARD + "/....... w - 0", "board", "expected 7 ranks separated by '/', got 8"),
                Arguments.of(
                        "......./...bqn./....r../......./..R...../.NQB.../....... w - 0",
                        "board",
                        "rank 3 has 8 squares"),
                Arguments.of(
                        "....../...bqn./....r../......./..R..../.NQB.../....... w - 0",
                        "board",
                        "rank 7 has 6 squares"),
                Arguments.of("......./...bqn./....r../......./..R..../.NQB.../ w - 0", "board", "rank 1 has 0 squares"),
                Arguments.of(
                        "......./...bqn./....r../....K../..R..../.NQB.../....... w - 0",
                        "board",
                        "unknown character 'K' on e4 (expected . - Q R B N q r b n)"),
                Arguments.of(
                        "......./...bqn./....r../......./..R..../.NQB.../......7 w - 0",
                        "board",
                        "unknown character '7' on g1 (expected . - Q R B N q r b n)"),
                // pieces
                Arguments.of(
                        "Q....../...bqn./....r../......./..R..../.NQB.../....... w - 0",
                        "board",
                        "two white queens (on a7 and c2)"),
                Arguments.of(
                        "n....../...bqn./....r../......./..R..../.NQB.../....... w - 0",
                        "board",
                        "two black knights (on a7 and f6)"),
                Arguments.of(
                        "......./...bqn./....r../......./..R..../.NQBR../....... w - 0",
                        "board",
                        "two white rooks (on c3 and e2)"),
                Arguments.of(
                        "......./...b.n./....r../......./..R..../.NQB.../....... w - 0", "board", "no black queen"),
                Arguments.of(
                        "......./...bqn./....r../......./..R..../.N.B.../....... w - 0", "board", "no white queen"),
                // side to move, last move, plies
                Arguments.of(INITIAL_BOARD + " x - 0", "side to move", "expected 'w' or 'b', got 'x'"),
                Arguments.of(INITIAL_BOARD + " W - 0", "side to move", "expected 'w' or 'b', got 'W'"),
                Arguments.of(INITIAL_BOARD + " white - 0", "side to move", "expected 'w' or 'b', got 'white'"),
                Arguments.of(
                        INITIAL_BOARD + " w b2c4 0", "last move", "expected '-' or a move like 'c1-c2', got 'b2c4'"),
                Arguments.of(
                        INITIAL_BOARD + " w b2-c8 0", "last move", "expected '-' or a move like 'c1-c2', got 'b2-c8'"),
                Arguments.of(
                        INITIAL_BOARD + " w h2-c4 0", "last move", "expected '-' or a move like 'c1-c2', got 'h2-c4'"),
                Arguments.of(
                        INITIAL_BOARD + " w b2-c4x 0",
                        "last move",
                        "expected '-' or a move like 'c1-c2', got 'b2-c4x'"),
                Arguments.of(INITIAL_BOARD + " w -- 0", "last move", "expected '-' or a move like 'c1-c2', got '--'"),
                Arguments.of(INITIAL_BOARD + " w - -1", "plies", "expected a whole number from 0 to 999999, got '-1'"),
                Arguments.of(INITIAL_BOARD + " w - x", "plies", "expected a whole number from 0 to 999999, got 'x'"),
                Arguments.of(
                        INITIAL_BOARD + " w - 1000000",
                        "plies",
                        "expected a whole number from 0 to 999999, got '1000000'"),
                Arguments.of(INITIAL_BOARD + " w - +1", "plies", "expected a whole number from 0 to 999999, got '+1'"),
                // the position as a whole
                Arguments.of(
                        "......./...bqn./....r../-------/..R..../.NQB.../....... w - 0",
                        "position",
                        "the tiles form 2 groups; they must be connected"),
                Arguments.of(
                        ".-....-/-------/...bqn./....r../..R..../.NQB.../....... w - 0",
                        "position",
                        "the tiles form 3 groups; they must be connected"),
                Arguments.of(
                        board("q......", ".......", "-......", "-......", ".......", ".......", "Q......") + " w - 0",
                        "position",
                        "the queens on a1 and a7 see each other"),
                Arguments.of(
                        board("q......", ".......", ".......", "r......", ".......", ".......", "Q......") + " b - 0",
                        "position",
                        "the side not to move (white) is in check"),
                Arguments.of(
                        board("Q......", ".......", ".......", "R......", ".......", ".......", "q......") + " w - 0",
                        "position",
                        "the side not to move (black) is in check"));
    }

    @ParameterizedTest(name = "{1}: {2}")
    @MethodSource("malformed")
    void rejectsMalformedTextNamingTheFieldAndTheProblem(String cfn, String field, String problem) {
        InvalidPositionException e = catchThrowableOfType(InvalidPositionException.class, () -> Position.fromCfn(cfn));

        assertThat(e).as(cfn).isNotNull();
        assertThat(e.field()).isEqualTo(field);
        assertThat(e.problem()).isEqualTo(problem);
        assertThat(e).hasMessage("invalid CFN: " + field + ": " + problem);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                INITIAL_BOARD + " w - 0",
                INITIAL_BOARD + " b - 0",
                "......./...bqnQ/....r../......./..R..../.N-B.../....... b c2-g6 1",
                "......./......q/......./..N..../......./.n...../Q...... b b2-c4 1",
                "r....../......q/......./......./......./.-...../Q-..... w b7-a7 200",
                "---...q/---..../---..../---..../...----/Q..----/..R---- w - 999999",
                "......./..-..../....n../.B-..../--Q-.-./..R..Nb/-...-rq w g7-a1 17",
            })
    void readsBackWhatItWrites(String cfn) {
        Position position = Position.fromCfn(cfn);

        assertThat(position.toCfn()).isEqualTo(cfn);
        assertThat(Position.fromCfn(position.toCfn())).isEqualTo(position);
        assertThat(position).hasToString(cfn);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0", "7", "199", "200", "999999"})
    void keepsThePlies(String plies) {
        assertThat(Position.fromCfn(INITIAL_BOARD + " w - " + plies).plies()).isEqualTo(Integer.parseInt(plies));
    }
}
