package caissa.arena.rules;

import java.util.SortedMap;

/**
 * A second implementation of a variant's rules, written from its specification alone and using
 * nothing of the engine, that the engine is compared with: {@link ReferenceRules} for Caïssa,
 * {@link HexReferenceRules} for HexCaïssa. Squares and moves are text, as in CFN.
 */
interface Reference {

    /** The reference's reading of a well-formed CFN of the variant. */
    static Reference fromCfn(Variant variant, String cfn) {
        return switch (variant) {
            case CAISSA -> ReferenceRules.fromCfn(cfn);
            case HEXCAISSA -> HexReferenceRules.fromCfn(cfn);
        };
    }

    /** The variant's starting position. */
    static Reference initial(Variant variant) {
        return switch (variant) {
            case CAISSA -> ReferenceRules.fromCfn(ReferenceRules.INITIAL_CFN);
            case HEXCAISSA -> HexReferenceRules.fromCfn(HexReferenceRules.INITIAL_CFN);
        };
    }

    String toCfn();

    /** The CFN character on a square, such as {@code c3}. */
    char at(String square);

    /** Every legal move, as text, with the position it leads to. */
    SortedMap<String, ? extends Reference> legalMoves();

    /** Whether the ko rule forbids a move the pieces would allow. */
    boolean koForbidsAMove();

    Reference play(String move);

    /** "ongoing", "checkmate, white wins", "checkmate, black wins", "stalemate" or "move limit". */
    String outcome();

    long perft(int depth);

    boolean inCheck(boolean white);

    boolean queensSeeEachOther();

    boolean tilesConnected();
}
