package caissa.arena.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** One test (or more) for every rule of HEXCAISSA.md, section by section. */
class HexRulesTest {

    private static final Variant HEX = Variant.HEXCAISSA;
    private static final int[] FILE_LENGTHS = {5, 6, 7, 8, 9, 8, 7, 6, 5};

    /** A CFN board from "cell=letter" entries ('-' for a hole); every other cell an empty tile. */
    static String board(String... entries) {
        Map<String, Character> cells = new HashMap<>();
        for (String e : entries) {
            cells.put(e.substring(0, e.indexOf('=')), e.charAt(e.length() - 1));
        }
        StringBuilder sb = new StringBuilder();
        for (int f = 0; f < 9; f++) {
            for (int rank = 1; rank <= FILE_LENGTHS[f]; rank++) {
                sb.append(cells.getOrDefault("" + (char) ('a' + f) + rank, '.'));
            }
            sb.append(f < 8 ? "/" : "");
        }
        return sb.toString();
    }

    static Position position(String side, String... entries) {
        return HEX.fromCfn(board(entries) + " " + side + " - 0");
    }

    /** The cells a piece can reach by its movement, whatever the rest of the legality says. */
    static String reach(Position position, String from) {
        Square origin = HEX.parseSquare(from).orElseThrow();
        return HEX.squares().stream()
                .filter(to -> position.illegalReason(new Move(origin, to))
                        .map(r -> !r.contains("cannot reach")
                                && !r.contains("may only step")
                                && !r.contains("no white piece")
                                && !r.contains("no black piece"))
                        .orElse(true))
                .map(Square::toString)
                .collect(Collectors.toCollection(TreeSet::new))
                .toString();
    }

    static String sorted(String cells) {
        return new TreeSet<>(Arrays.asList(cells.split(" "))).toString();
    }

    static List<String> moves(Position position) {
        return position.legalMoves().stream().map(Move::toString).toList();
    }

    // 1. Board and pieces

    @Test
    void theBoardHas61CellsNamedFileByFileWithRanksCountedInsideEachFile() {
        List<String> names = HEX.squares().stream().map(Square::toString).toList();
        assertThat(names)
                .hasSize(61)
                .startsWith("a1", "a2", "a3", "a4", "a5", "b1")
                .endsWith("i4", "i5")
                .contains("e9", "e5", "d8", "f8")
                .doesNotContain("a6", "b7", "e10", "i6");
        for (int f = 0; f < 9; f++) {
            char file = (char) ('a' + f);
            assertThat(names.stream().filter(n -> n.charAt(0) == file)).hasSize(FILE_LENGTHS[f]);
        }
        assertThat(HEX.parseSquare("E5")).map(Square::toString).hasValue("e5");
        assertThat(HEX.parseSquare("a6")).isEmpty();
        assertThat(HEX.parseSquare("j1")).isEmpty();
    }

    @Test
    void theInitialPositionIsTheSpecificationsWithWhiteToMove() {
        Position initial = HEX.initial();
        assertThat(initial.toCfn())
                .isEqualTo("...../....../RQ...../..N...../..B...b../.....n../.....qr/....../..... w - 0");
        assertThat(initial.tileCount()).isEqualTo(61);
        assertThat(initial.sideToMove()).isEqualTo(Side.WHITE);
        assertThat(initial.variant()).isEqualTo(HEX);
        assertThat(initial.inCheck(Side.WHITE)).isFalse();
        assertThat(initial.inCheck(Side.BLACK)).isFalse();
        assertThat(initial.squareOf(Piece.WHITE_ROOK)).map(Square::toString).hasValue("c1");
        assertThat(initial.squareOf(Piece.BLACK_ROOK)).map(Square::toString).hasValue("g7");
        assertThat(initial.squareOf(Piece.BLACK_QUEEN)).map(Square::toString).hasValue("g6");
    }

    @Test
    void whiteHasExactlyTheWorkedExamples37MovesAndNoneGivesCheck() {
        Position initial = HEX.initial();
        assertThat(moves(initial))
                .containsExactly(
                        "c1-a1", "c1-b1", "c1-d1", "c1-d2", "c1-e1", "c1-e3", "c2-a1", "c2-a2", "c2-a4", "c2-b2",
                        "c2-b3", "c2-c4", "c2-c7", "c2-d1", "c2-e2", "c2-e6", "c2-f1", "d3-a1", "d3-a2", "d3-b4",
                        "d3-c5", "d3-e1", "d3-e6", "d3-f1", "d3-f5", "d3-g2", "d3-g3", "e3-b6", "e3-c5", "e3-d1",
                        "e3-d4", "e3-f1", "e3-f4", "e3-g2", "e3-g5", "e3-h6", "e3-i1");
        for (Move move : initial.legalMoves()) {
            assertThat(initial.play(move).inCheck()).as(move.toString()).isFalse();
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "c1-c2 | a piece cannot exchange with its own queen",
                "c2-c3 | it leaves the white queen in check",
                "c2-b1 | it leaves the white queen in check",
                "c2-c5 | it leaves the white queen in check",
                "c2-d4 | it leaves the white queen in check",
                "c2-c6 | it leaves the white queen in check",
                "c2-f7 | it leaves the queens seeing each other",
                "c2-d2 | it leaves the queens seeing each other",
            })
    void theWorkedExamplesIllegalMovesHaveTheirReasons(String move, String reason) {
        assertThat(HEX.initial().illegalReason(HEX.move(move))).hasValue(reason);
    }

    // 3. Rook, Bishop, Knight: the test vectors (queens out of the way on b1 and h6)

    @Test
    void theKnightHasGlinskisTwelveJumpsFromTheCentreAndFourFromACorner() {
        assertThat(reach(position("w", "e5=N", "b1=Q", "h6=q"), "e5"))
                .isEqualTo(sorted("b3 b4 c2 c6 d2 d7 f2 f7 g2 g6 h3 h4"));
        assertThat(reach(position("w", "a1=N", "b1=Q", "h6=q"), "a1")).isEqualTo(sorted("b4 c4 d2 d3"));
    }

    @Test
    void theRookMovesAlongSixOrthogonalLines() {
        assertThat(reach(position("w", "e5=R", "b1=Q", "h6=q"), "e5"))
                .isEqualTo(sorted("e6 e7 e8 e9 f5 g5 h5 i5 f4 g3 h2 i1 e4 e3 e2 e1 d4 c3 b2 a1 d5 c5 b5 a5"));
    }

    @Test
    void theBishopMovesAlongSixDiagonalLinesAndStaysOnItsColour() {
        String reach = reach(position("w", "e5=B", "b1=Q", "h6=q"), "e5");
        assertThat(reach).isEqualTo(sorted("f6 g7 g4 i3 f3 g1 d3 c1 c4 a3 d6 c7"));
        // (q - r) mod 3 of e5 = (0, 0) is 0; every target keeps it.
        for (String cell : reach.replaceAll("[\\[\\] ]", "").split(",")) {
            int[] c = HexReferenceRules.cell(cell);
            assertThat(Math.floorMod(c[0] - c[1], 3)).as(cell).isZero();
        }
    }

    @Test
    void theQueenNotInCheckMovesAlongAllTwelveLines() {
        String reach = reach(position("w", "e5=Q", "b1=q"), "e5");
        assertThat(reach.split(",")).hasSize(36);
        assertThat(reach)
                .isEqualTo(sorted("e6 e7 e8 e9 f5 g5 h5 i5 f4 g3 h2 i1 e4 e3 e2 e1 d4 c3 b2 a1 d5 c5 b5 a5"
                        + " f6 g7 g4 i3 f3 g1 d3 c1 c4 a3 d6 c7"));
    }

    @Test
    void sideCellsDoNotBlockADiagonalStepButAPieceOnTheLineDoes() {
        Position sides = position("w", "e5=B", "f5=n", "f4=R", "b1=Q", "h6=q");
        assertThat(reach(sides, "e5")).contains("g4", "i3");
        Position onLine = position("w", "e5=B", "g4=n", "b1=Q", "h6=q");
        assertThat(reach(onLine, "e5")).contains("g4").doesNotContain("i3");
    }

    @Test
    void slidersPassOverHolesAndAPieceMovingOntoAHoleCarriesItsTile() {
        Position before = position("w", "e5=R", "e6=-", "e7=-", "b1=Q", "h6=q");
        assertThat(reach(before, "e5")).contains("e6", "e7", "e8", "e9");
        Position after = before.play(HEX.move("e5-e7"));
        assertThat(after.hasTile(HEX.parseSquare("e5").orElseThrow())).isFalse();
        assertThat(after.hasTile(HEX.parseSquare("e7").orElseThrow())).isTrue();
        assertThat(after.hasTile(HEX.parseSquare("e6").orElseThrow())).isFalse();
    }

    @Test
    void aRookBishopOrKnightExchangesWithAnyOtherPieceButNotItsOwnQueen() {
        Position p = position("w", "e5=N", "f7=n", "b1=Q", "h6=q", "d2=R");
        Position after = p.play(HEX.move("e5-f7"));
        assertThat(after.pieceAt(HEX.parseSquare("f7").orElseThrow())).hasValue(Piece.WHITE_KNIGHT);
        assertThat(after.pieceAt(HEX.parseSquare("e5").orElseThrow())).hasValue(Piece.BLACK_KNIGHT);
        assertThat(after.tileCount()).isEqualTo(61);
        // Ko: Black may not undo the exchange at once.
        assertThat(after.illegalReason(HEX.move("e5-f7")))
                .hasValue("the ko rule forbids repeating the origin and target of the opponent's last move");
        // An exchange with a piece of one's own colour.
        Position swapped = p.play(HEX.move("e5-d2"));
        assertThat(swapped.pieceAt(HEX.parseSquare("e5").orElseThrow())).hasValue(Piece.WHITE_ROOK);
        assertThat(swapped.pieceAt(HEX.parseSquare("d2").orElseThrow())).hasValue(Piece.WHITE_KNIGHT);
        // Never with the own queen.
        assertThat(position("w", "d3=N", "a1=Q", "h6=q").illegalReason(HEX.move("d3-a1")))
                .hasValue("a piece cannot exchange with its own queen");
    }

    // 2. The connection rule

    @Test
    void tilesOneDiagonalStepApartAreConnectedWhateverTheSideCellsHold() {
        // Only d2, e4, f5 and g6 hold tiles: one diagonal line, each tile one NNE step from the
        // next, with holes on every side cell (d3 and e3 for d2-e4, as in the specification).
        String[] entries = HEX.squares().stream()
                .map(c -> switch (c.toString()) {
                    case "d2" -> "d2=Q";
                    case "e4" -> "e4=R";
                    case "f5" -> "f5=q";
                    case "g6" -> "g6=.";
                    default -> c + "=-";
                })
                .toArray(String[]::new);
        Position p = HEX.fromCfn(board(entries) + " w - 0");
        assertThat(p.tileCount()).isEqualTo(4);
        // The rook carrying its tile to e3 leaves e3 joined to d2 only: two groups.
        assertThat(p.illegalReason(HEX.move("e4-e3"))).hasValue("it leaves the tiles disconnected");
        assertThat(HexReferenceRules.fromCfn(p.toCfn()).tilesConnected()).isTrue();
    }

    @Test
    void cfnWithTwoGroupsOfTilesIsRejected() {
        InvalidPositionException e = catchThrowableOfType(
                InvalidPositionException.class,
                () -> HEX.fromCfn(board(
                                "e1=-", "e2=-", "e3=-", "e4=-", "e5=-", "e6=-", "e7=-", "e8=-", "e9=-", "d1=-", "d2=-",
                                "d3=-", "d4=-", "d5=-", "d6=-", "d7=-", "d8=-", "f1=-", "f2=-", "f3=-", "f4=-", "f5=-",
                                "f6=-", "f7=-", "f8=-", "b1=Q", "h5=q")
                        + " w - 0"));
        assertThat(e.field()).isEqualTo("position");
        assertThat(e.problem()).isEqualTo("the tiles form 2 groups; they must be connected");
    }

    // 4. The Queen

    @Test
    void theQueenCapturesAndRemovesTheTileSheLeaves() {
        Position p = position("w", "e5=Q", "e8=n", "b1=q");
        Position after = p.play(HEX.move("e5-e8"));
        assertThat(after.squareOf(Piece.BLACK_KNIGHT)).isEmpty();
        assertThat(after.hasTile(HEX.parseSquare("e5").orElseThrow())).isFalse();
        assertThat(after.tileCount()).isEqualTo(60);
        assertThat(HEX.initial().play(HEX.move("c2-e6")).toCfn())
                .isEqualTo("...../....../R-...../..N...../..B..Qb../.....n../.....qr/....../..... b c2-e6 1");
    }

    @Test
    void theQueenNeverMovesOntoAHoleOrHerOwnPiece() {
        Position p = position("w", "e5=Q", "e7=-", "e6=N", "f6=-", "b1=q");
        assertThat(p.illegalReason(HEX.move("e5-f6"))).hasValue("a queen can only move onto a tile and f6 is a hole");
        assertThat(p.illegalReason(HEX.move("e5-e6"))).hasValue("a queen cannot move onto a piece of her own colour");
    }

    @Test
    void theQueenInCheckStepsToHerTwelveNeighboursOnlyAndStepsBackAlongTheLineStayInCheck() {
        // The black rook on e9 checks along file e.
        Position p = position("w", "e5=Q", "e9=r", "b3=q");
        assertThat(p.inCheck()).isTrue();
        List<String> neighbours = Arrays.stream(HexReferenceRules.ALL_DIRECTIONS)
                .map(d -> HexReferenceRules.name(d[0], d[1]))
                .toList();
        assertThat(moves(p))
                .isNotEmpty()
                .allMatch(m -> neighbours.contains(m.substring(3)))
                .containsExactlyElementsOf(
                        HexReferenceRules.fromCfn(p.toCfn()).legalMoves().keySet())
                .contains("e5-d6", "e5-f3", "e5-g4");
        assertThat(p.illegalReason(HEX.move("e5-e3")))
                .hasValue("the white queen is in check and may only step to a neighbouring cell");
        assertThat(p.illegalReason(HEX.move("e5-e4"))).hasValue("it leaves the white queen in check");
    }

    // 5. Mutual sight

    @Test
    void queensOnADiagonalSeeEachOtherOverSideCellsButNotOverAPieceOnTheLine() {
        InvalidPositionException e = catchThrowableOfType(
                InvalidPositionException.class, () -> position("w", "e5=Q", "g4=q", "f5=N", "f4=n"));
        assertThat(e.problem()).isEqualTo("the queens on e5 and g4 see each other");
        assertThat(catchThrowableOfType(InvalidPositionException.class, () -> position("w", "e5=Q", "i3=q", "g4=N")))
                .isNull();
        assertThat(catchThrowableOfType(InvalidPositionException.class, () -> position("w", "e5=Q", "i3=q", "g4=-")))
                .isNotNull();
    }

    @Test
    void aMoveThatOpensTheQueensSightIsIllegal() {
        Position p = position("w", "e5=Q", "i3=q", "g4=N", "a1=r");
        assertThat(p.illegalReason(HEX.move("g4-h6"))).hasValue("it leaves the queens seeing each other");
    }

    // 6. Check

    @Test
    void aDiagonalCheckIsNotBlockedBySideCellsAndIsBlockedOnlyOnTheLine() {
        // The black bishop on g4 checks the White queen on e5 over the side cells f5 and f4.
        assertThat(position("w", "e5=Q", "g4=b", "f5=R", "f4=N", "a2=q").inCheck())
                .isTrue();
        // From i3 the check runs over g4; a rook moved onto the side cell f5 does not block it,
        // a rook moved onto g4, the cell of the line, does.
        Position far = position("w", "e5=Q", "i3=b", "a2=q", "f4=R");
        assertThat(far.inCheck()).isTrue();
        assertThat(far.illegalReason(HEX.move("f4-f5"))).hasValue("it leaves the white queen in check");
        Position interposing = position("w", "e5=Q", "i3=b", "a2=q", "g5=R");
        assertThat(moves(interposing)).contains("g5-g4");
        assertThat(interposing.play(HEX.move("g5-g4")).inCheck(Side.WHITE)).isFalse();
    }

    @Test
    void theMoveLimitEndsTheGameButNotTheMoveList() {
        Position limit = HEX.fromCfn(HEX.initialCfn().replace(" 0", " 200"));
        assertThat(limit.outcome()).isEqualTo(Outcome.MOVE_LIMIT);
        assertThat(limit.legalMoveCount()).isEqualTo(37);
        assertThat(limit.perft(2)).isEqualTo(1273);
    }

    // 7. Position notation

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "...../....../RQ...../..N...../..B...b../.....n../.....qr/....../.... w - 0 | board | file i has 4 cells, expected 5",
                "...../....../RQ...../..N...../..B...b../.....n../.....qr/...... w - 0 | board | expected 9 files separated by '/', got 8",
                "....../....../RQ...../..N...../..B...b../.....n../.....qr/....../..... w - 0 | board | file a has 6 cells, expected 5",
                "...../....../RQ...../..N...../..B...b../.....n../.....qr/....../..... w a6-a7 0 | last move | expected '-' or a move between cells of the board, like 'c2-e6', got 'a6-a7'",
                "...../....../RQ...../..N...../..B...b../.....n../.....qr/....../..... x - 0 | side to move | expected 'w' or 'b', got 'x'",
                "...../....../RQ...../..N...../..B...b../.....n../.....qr/....../..... w - z | plies | expected a whole number from 0 to 999999, got 'z'",
                "...../....../RQ...../..N...../..B...b../.....n../.....qr/....../..K.. w - 0 | board | unknown character 'K' on i3 (expected . - Q R B N q r b n)",
                "...../....../RQ...../..N...../..B...b../.....n../.....qr/....../....R w - 0 | board | two white rooks (on c1 and i5)",
                "...../....../R-...../..N...../..B...b../.....n../.....qr/....../..... w - 0 | board | no white queen",
            })
    void malformedCfnIsRejectedNamingTheFieldAndTheProblem(String cfn, String field, String problem) {
        InvalidPositionException e = catchThrowableOfType(InvalidPositionException.class, () -> HEX.fromCfn(cfn));
        assertThat(e).as(cfn).isNotNull();
        assertThat(e.field()).isEqualTo(field);
        assertThat(e.problem()).isEqualTo(problem);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "...../....../RQ...../..N...../..B...b../.....n../.....qr/....../..... w - 0",
                "...../....../R-...../..N...../..B..Qb../.....n../.....qr/....../..... b c2-e6 1",
                "....b/.B..../.-...../Q..N..../R.r....../......../..n..q./....../..... b g3-d4 11",
            })
    void cfnReadsBackWhatItWrites(String cfn) {
        Position p = HEX.fromCfn(cfn);
        assertThat(p.toCfn()).isEqualTo(cfn);
        assertThat(HEX.fromCfn(p.toCfn())).isEqualTo(p);
    }

    @Test
    void theTwoVariantsDoNotReadEachOthersCfn() {
        assertThat(catchThrowableOfType(InvalidPositionException.class, () -> Position.fromCfn(HEX.initialCfn()))
                        .field())
                .isEqualTo("board");
        assertThat(catchThrowableOfType(InvalidPositionException.class, () -> HEX.fromCfn(Position.INITIAL_CFN))
                        .problem())
                .isEqualTo("expected 9 files separated by '/', got 7");
    }

    // 8. The protocol

    @Test
    void aReplyHasTheShapeOfAMoveOrNotAndMayNameACellThatDoesNotExist() {
        assertThat(HEX.parseMove(" E4-f6 \n")).map(Move::toString).hasValue("e4-f6");
        assertThat(HEX.parseMove("i5-e9")).map(Move::toString).hasValue("i5-e9");
        assertThat(HEX.parseMove("a6-a7")).isEmpty();
        assertThat(HEX.hasMoveSyntax("a6-a7"))
                .as("shape of a move, cells that do not exist")
                .isTrue();
        assertThat(HEX.hasMoveSyntax("hello")).isFalse();
        assertThat(HEX.hasMoveSyntax("e4f6")).isFalse();
        assertThat(HEX.hasMoveSyntax("j1-a1")).isFalse();
        assertThat(Variant.CAISSA.hasMoveSyntax("h1-a1")).isFalse();
        assertThat(Variant.fromId("hexcaissa")).hasValue(HEX);
        assertThat(Variant.fromId("chess")).isEmpty();
    }
}
