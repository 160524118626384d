package caissa.arena.tournament;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How a tournament pairs its bots: the file's {@code format} and the fields that go with it. Each
 * format says what differs with it (its scheme, its book rounds, what leaving bots out does to it,
 * its fields in {@code tournament.json}), so that no other class asks which format it holds.
 */
public sealed interface Format {

    /** The word in the tournament file. */
    String word();

    /** How a tournament of this format with the given definition is played and ranked. */
    Scheme scheme(TournamentDefinition definition);

    /**
     * The round of game pair {@code pair} (0-based, across every stage) for a book: each round
     * plays one book line. The pairs of a round are those that meet at the same time.
     */
    long bookRound(long pair, int bots, int gamesPerPair);

    /**
     * This format for the {@code keptBots} bots left once the named ones are left out.
     *
     * @throws IllegalArgumentException when what is left cannot be played in this format, in words
     */
    default Format without(Set<String> left, int keptBots) {
        return this;
    }

    /** The gauntlet's engines in {@code tournament.json}; null for a format without them. */
    default List<String> recordedEngines() {
        return null;
    }

    /** The Swiss rounds in {@code tournament.json}; null for a format without them. */
    default Integer recordedRounds() {
        return null;
    }

    /** The Swiss final in {@code tournament.json}; empty for a format without one. */
    default Optional<Final> recordedFinal() {
        return Optional.empty();
    }

    /** The format a {@code tournament.json} records with its word and fields; records older than formats are round robins. */
    static Format recorded(String word, List<String> engines, Integer rounds, Optional<Final> finalStage) {
        return switch (word == null ? "round-robin" : word) {
            case "gauntlet" -> new Gauntlet(engines);
            case "swiss" -> new Swiss(rounds, finalStage);
            default -> ROUND_ROBIN;
        };
    }

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

        /** A round of a round robin has floor(n/2) pairings (Berger). */
        @Override
        public long bookRound(long pair, int bots, int gamesPerPair) {
            return pair / Math.max(1, bots / 2);
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

        /** A gauntlet's round is one meeting of each engine. */
        @Override
        public long bookRound(long pair, int bots, int gamesPerPair) {
            return pair / Math.max(1, engines.size());
        }

        @Override
        public Format without(Set<String> left, int keptBots) {
            List<String> kept = engines.stream().filter(e -> !left.contains(e)).toList();
            if (kept.isEmpty() || kept.size() == keptBots) {
                throw new IllegalArgumentException("leaving them out leaves a gauntlet with " + kept.size()
                        + " engines and " + (keptBots - kept.size()) + " other bots: it needs at least one of each");
            }
            return new Gauntlet(kept);
        }

        @Override
        public List<String> recordedEngines() {
            return engines;
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

        /**
         * A Swiss round plays its floor(n/2) pairings gamesPerPair/2 times over, one opening each
         * time; the final's rounds follow, as a round robin of its top bots.
         */
        @Override
        public long bookRound(long pair, int bots, int gamesPerPair) {
            int pairings = bots / 2;
            int repeats = gamesPerPair / 2;
            long swissPairs = (long) rounds * pairings * repeats;
            if (pair < swissPairs) {
                long round = pair / ((long) pairings * repeats);
                long repeat = pair % ((long) pairings * repeats) / pairings;
                return round * repeats + repeat;
            }
            int top = finalStage.map(Final::top).orElse(2);
            return (long) rounds * repeats + (pair - swissPairs) / Math.max(1, top / 2);
        }

        @Override
        public Format without(Set<String> left, int keptBots) {
            if (finalStage.isPresent() && finalStage.get().top() > keptBots) {
                throw new IllegalArgumentException(
                        "leaving them out leaves " + keptBots + " bots, fewer than the final's top "
                                + finalStage.get().top());
            }
            return this;
        }

        @Override
        public Integer recordedRounds() {
            return rounds;
        }

        @Override
        public Optional<Final> recordedFinal() {
            return finalStage;
        }
    }

    /** The final of a Swiss: the top {@code top} bots play a round robin of {@code gamesPerPair} games a pair. */
    record Final(int top, int gamesPerPair) {}

    Format ROUND_ROBIN = new RoundRobin();
}
