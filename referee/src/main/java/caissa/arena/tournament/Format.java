package caissa.arena.tournament;

import java.util.List;
import java.util.Optional;

/** How a tournament pairs its bots: the file's {@code format} and the fields that go with it. */
public sealed interface Format {

    /** The word in the tournament file. */
    String word();

    /** How a tournament of this format with the given definition is played and ranked. */
    Scheme scheme(TournamentDefinition definition);

    /** Every bot meets every other, in Berger rounds. */
    record RoundRobin() implements Format {
        @Override
        public String word() {
            return "round-robin";
        }

        @Override
        public Scheme scheme(TournamentDefinition definition) {
            return new RoundRobinScheme(definition);
        }
    }

    /** The named engines (by bot name) meet every other bot; the others do not meet each other. */
    record Gauntlet(List<String> engines) implements Format {
        public Gauntlet {
            engines = List.copyOf(engines);
        }

        @Override
        public String word() {
            return "gauntlet";
        }

        @Override
        public Scheme scheme(TournamentDefinition definition) {
            return new GauntletScheme(definition, engines);
        }
    }

    /** {@code rounds} Swiss rounds of one meeting each, then optionally a round robin of the top bots. */
    record Swiss(int rounds, Optional<Final> finalStage) implements Format {
        @Override
        public String word() {
            return "swiss";
        }

        @Override
        public Scheme scheme(TournamentDefinition definition) {
            return new SwissScheme(definition, this);
        }
    }

    /** The final of a Swiss: the top {@code top} bots play a round robin of {@code gamesPerPair} games a pair. */
    record Final(int top, int gamesPerPair) {
    }

    Format ROUND_ROBIN = new RoundRobin();
}
