package caissa.arena.program;

/** A tiny program for the JVM-option tests: prints its one line and exits. */
public final class Echo {

    private Echo() {}

    public static void main(String[] args) {
        System.out.println("b2-c4");
    }
}
