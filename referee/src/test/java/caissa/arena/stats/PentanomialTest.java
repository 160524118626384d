package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PentanomialTest {

    @Test
    void pairsAccumulateIntoTheirPointBuckets() {
        Pentanomial p = Pentanomial.EMPTY
                .plusPair(2, 2) // two wins: 4 points
                .plusPair(2, 0) // a win and a loss: 2
                .plusPair(1, 1) // two draws: 2
                .plusPair(0, 1) // a loss and a draw: 1
                .plusPair(3);
        assertThat(p.counts()).containsExactly(0, 1, 2, 1, 1);
        assertThat(p.pairs()).isEqualTo(5);
        assertThat(p.games()).isEqualTo(10);
        assertThat(p.points()).isEqualTo(4 + 2 + 2 + 1 + 3);
        assertThat(p.score()).isEqualTo(12 / 20.0);
    }

    @Test
    void isImmutable() {
        long[] counts = {1, 2, 3, 4, 5};
        Pentanomial p = Pentanomial.of(counts);
        counts[0] = 99;
        p.counts()[1] = 99;
        p.plusPair(0);
        assertThat(p).isEqualTo(Pentanomial.of(1, 2, 3, 4, 5));
        assertThat(p.hashCode()).isEqualTo(Pentanomial.of(1, 2, 3, 4, 5).hashCode());
        assertThat(p).hasToString("Pentanomial[1, 2, 3, 4, 5]");
    }

    @Test
    void addsAndMirrors() {
        Pentanomial a = Pentanomial.of(1, 2, 3, 4, 5);
        assertThat(a.plus(Pentanomial.of(1, 0, 0, 0, 1))).isEqualTo(Pentanomial.of(2, 2, 3, 4, 6));
        assertThat(a.mirrored()).isEqualTo(Pentanomial.of(5, 4, 3, 2, 1));
        assertThat(a.score() + a.mirrored().score()).isEqualTo(1.0);
    }

    @Test
    void rejectsWhatIsNotAPairResult() {
        assertThatThrownBy(() -> Pentanomial.of(1, 2, 3)).hasMessageContaining("5 counts");
        assertThatThrownBy(() -> Pentanomial.of(1, 2, -3, 4, 5)).hasMessageContaining("negative");
        assertThatThrownBy(() -> Pentanomial.EMPTY.plusPair(5)).hasMessageContaining("0..4");
        assertThatThrownBy(() -> Pentanomial.EMPTY.plusPair(3, 1))
                .hasMessageContaining("0 (loss), 1 (draw) or 2 (win)");
        assertThat(Pentanomial.EMPTY.score()).isNaN();
    }
}
