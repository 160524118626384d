package caissa.arena.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RULES.md section 8: a move is {@code [a-g][1-7]-[a-g][1-7]} in either case, after removing surrounding white space. */
class MoveParseTest {

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(
            strings = {
                "b2-c4",
                "B2-C4",
                "b2-C4",
                "B2-c4",
                " b2-c4",
                "b2-c4 ",
                "\tb2-c4\t",
                "b2-c4\r",
                "b2-c4\r\n",
                "\n b2-c4 \r\n"
            })
    void readsAMoveInEitherCaseWithSurroundingWhiteSpace(String text) {
        assertThat(Move.parse(text)).contains(Move.of(Square.B2, Square.C4));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(
            strings = {
                "",
                " ",
                "\r\n",
                "b2-c",
                "b2-c44",
                "b2c4",
                "b2--c4",
                "b2 c4",
                "b2_c4",
                "b2 - c4",
                "b2-\tc4",
                "h1-a1",
                "a1-h1",
                "a0-a1",
                "a1-a8",
                "a8-a1",
                "`1-a1",
                "a1-a9",
                "i9-a1",
                "21-a1",
                "b2-c4-d5",
                "b2-c4x",
                "start",
                "end"
            })
    void rejectsAnythingElse(String text) {
        assertThat(Move.parse(text)).isEmpty();
        assertThatThrownBy(() -> Move.of(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a move: '" + text + "'");
    }

    @Test
    void readsTheCornersOfTheBoard() {
        assertThat(Move.of("a1-g7")).isEqualTo(Move.of(Square.A1, Square.G7));
        assertThat(Move.of("G1-A7")).isEqualTo(Move.of(Square.G1, Square.A7));
    }

    @Test
    void aMoveFromASquareToItselfParsesButIsNeverLegal() {
        Move a1a1 = Move.of("a1-a1");
        Move c2c2 = Move.of("c2-c2");

        assertThat(a1a1.from()).isEqualTo(a1a1.to());
        assertThat(Position.initial().isLegal(a1a1)).isFalse();
        assertThat(Position.initial().illegalReason(a1a1)).contains("there is no white piece on a1");
        assertThat(Position.initial().isLegal(c2c2)).isFalse();
        assertThat(Position.initial().illegalReason(c2c2)).contains("the white queen on c2 cannot reach c2");
        assertThat(Position.initial().illegalReason(Move.of("b2-b2")))
                .contains("the white knight on b2 cannot reach b2");
        assertThat(Position.initial().illegalReason(Move.of("c3-c3"))).contains("the white rook on c3 cannot reach c3");
    }

    @Test
    void writesLowerCase() {
        assertThat(Move.of("B2-C4")).hasToString("b2-c4");
        assertThat(Square.G7).hasToString("g7");
    }

    @Test
    void sortsAsItsText() {
        List<Move> moves = new ArrayList<>();
        for (Square from : Square.values()) {
            for (Square to : Square.values()) {
                moves.add(Move.of(from, to));
            }
        }
        Collections.shuffle(moves, new Random(7));
        Collections.sort(moves);

        List<String> texts = moves.stream().map(Move::toString).toList();
        assertThat(texts).isSorted().hasSize(49 * 49).doesNotHaveDuplicates();
    }
}
