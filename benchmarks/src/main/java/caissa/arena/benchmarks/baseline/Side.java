package caissa.arena.benchmarks.baseline;

/** The two players. White moves first. */
public enum Side {
    WHITE('w', "white"),
    BLACK('b', "black");

    private final char cfn;
    private final String word;

    Side(char cfn, String word) {
        this.cfn = cfn;
        this.word = word;
    }

    public Side opponent() {
        return this == WHITE ? BLACK : WHITE;
    }

    /** The letter of the side-to-move field of CFN: {@code w} or {@code b}. */
    public char cfnLetter() {
        return cfn;
    }

    /** The lower-case word used in sentences and JSON: {@code white} or {@code black}. */
    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}
