package caissa.arena.stats;

/**
 * Solving and inverting small symmetric positive definite matrices, which is all the rating
 * fit needs: a Newton step and the inverse of the information matrix.
 */
final class Cholesky {

    /** The lower triangle L with L L^T = a. */
    private final double[][] lower;

    /**
     * @throws IllegalArgumentException if {@code a} is not positive definite
     */
    Cholesky(double[][] a) {
        int n = a.length;
        lower = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double sum = a[i][j];
                for (int k = 0; k < j; k++) {
                    sum -= lower[i][k] * lower[j][k];
                }
                if (i == j) {
                    if (!(sum > 0.0)) {
                        throw new IllegalArgumentException("matrix is not positive definite (pivot " + i + ")");
                    }
                    lower[i][i] = Math.sqrt(sum);
                } else {
                    lower[i][j] = sum / lower[j][j];
                }
            }
        }
    }

    /** x with a x = b. */
    double[] solve(double[] b) {
        int n = lower.length;
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double sum = b[i];
            for (int k = 0; k < i; k++) {
                sum -= lower[i][k] * y[k];
            }
            y[i] = sum / lower[i][i];
        }
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double sum = y[i];
            for (int k = i + 1; k < n; k++) {
                sum -= lower[k][i] * x[k];
            }
            x[i] = sum / lower[i][i];
        }
        return x;
    }

    /** The inverse of a, one column at a time. */
    double[][] inverse() {
        int n = lower.length;
        double[][] inverse = new double[n][n];
        for (int j = 0; j < n; j++) {
            double[] unit = new double[n];
            unit[j] = 1.0;
            double[] column = solve(unit);
            for (int i = 0; i < n; i++) {
                inverse[i][j] = column[i];
            }
        }
        return inverse;
    }
}
