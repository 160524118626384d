package caissa.arena.tournament;

import caissa.arena.game.GameRecord;
import java.nio.file.Path;
import java.util.List;

/** Watches a tournament run (progress display, live report); called one event at a time. */
public interface TournamentObserver {

    TournamentObserver NONE = new TournamentObserver() {};

    /** The run starts with {@code done} of {@code total} games already finished (on resume). */
    default void started(int total, int done) {}

    /** Game number {@code game}, {@code white} against {@code black}, is about to start. */
    default void starting(int game, String white, String black) {}

    /** A game finished and its log was written to {@code log}; told just before {@link #finished}. */
    default void recorded(GameRecord record, Path log) {}

    /** A game finished and was recorded; {@code standings} are the standings after it. */
    default void finished(FinishedGame game, List<Standing> standings, int done, int total) {}

    /** Tells both observers, this one first. */
    default TournamentObserver andThen(TournamentObserver next) {
        TournamentObserver first = this;
        return new TournamentObserver() {
            @Override
            public void started(int total, int done) {
                first.started(total, done);
                next.started(total, done);
            }

            @Override
            public void starting(int game, String white, String black) {
                first.starting(game, white, black);
                next.starting(game, white, black);
            }

            @Override
            public void recorded(GameRecord record, Path log) {
                first.recorded(record, log);
                next.recorded(record, log);
            }

            @Override
            public void finished(FinishedGame game, List<Standing> standings, int done, int total) {
                first.finished(game, standings, done, total);
                next.finished(game, standings, done, total);
            }
        };
    }
}
