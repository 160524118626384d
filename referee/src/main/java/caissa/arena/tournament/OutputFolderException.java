package caissa.arena.tournament;

/** An output folder that cannot take this run: already used without --resume, or not resumable. */
public final class OutputFolderException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public OutputFolderException(String message) {
        super(message);
    }
}
