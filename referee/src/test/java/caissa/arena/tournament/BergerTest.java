package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BergerTest {

    @ParameterizedTest(name = "{0} bots")
    @ValueSource(ints = {2, 3, 4, 5, 6, 7, 8, 11, 12, 20})
    void everyPairMeetsOnceAndNoBotTwiceInARound(int bots) {
        List<List<Berger.Pairing>> rounds = Berger.rounds(bots);

        assertThat(rounds).hasSize(bots % 2 == 0 ? bots - 1 : bots);
        Set<String> met = new HashSet<>();
        Set<Integer> satOut = new HashSet<>();
        for (List<Berger.Pairing> round : rounds) {
            Set<Integer> playing = new HashSet<>();
            for (Berger.Pairing p : round) {
                assertThat(playing.add(p.first())).isTrue();
                assertThat(playing.add(p.second())).isTrue();
                assertThat(met.add(Math.min(p.first(), p.second()) + "-" + Math.max(p.first(), p.second())))
                        .isTrue();
            }
            assertThat(playing).hasSize(bots - bots % 2);
            for (int b = 0; b < bots; b++) {
                if (!playing.contains(b)) {
                    assertThat(satOut.add(b)).as("bot %d sits out twice", b).isTrue();
                }
            }
        }
        assertThat(met).hasSize(bots * (bots - 1) / 2);
    }

    @ParameterizedTest(name = "{0} bots")
    @ValueSource(ints = {4, 6, 8, 12})
    void firstMovesAreSpreadEvenly(int bots) {
        int[] first = new int[bots];
        Berger.rounds(bots).forEach(round -> round.forEach(p -> first[p.first()]++));
        for (int b = 0; b < bots; b++) {
            assertThat(first[b]).as("bot %d", b).isBetween(bots / 2 - 1, bots / 2);
        }
    }
}
