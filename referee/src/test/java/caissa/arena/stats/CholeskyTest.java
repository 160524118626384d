package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CholeskyTest {

    // [[4, 2], [2, 3]]: determinant 8, inverse [[3, -2], [-2, 4]] / 8; x = A^-1 (2, 1) = (0.5, 0).
    @Test
    void solvesAndInvertsByHand() {
        Cholesky cholesky = new Cholesky(new double[][] {{4, 2}, {2, 3}});
        assertThat(cholesky.solve(new double[] {2, 1})).containsExactly(new double[] {0.5, 0.0}, within(1e-15));
        double[][] inverse = cholesky.inverse();
        assertThat(inverse[0]).containsExactly(new double[] {3 / 8.0, -2 / 8.0}, within(1e-15));
        assertThat(inverse[1]).containsExactly(new double[] {-2 / 8.0, 4 / 8.0}, within(1e-15));
    }

    @Test
    void refusesWhatIsNotPositiveDefinite() {
        // A rating Laplacian without the mean term is singular: (1, 1) is in its kernel.
        assertThatThrownBy(() -> new Cholesky(new double[][] {{1, -1}, {-1, 1}}))
                .hasMessageContaining("not positive definite");
    }
}
