package caissa.arena.stats;

/**
 * Brownian motion from 0 with drift {@code mu} and variance {@code sigma2} per unit of time,
 * stopped when it first reaches {@code a < 0} or {@code b > 0}: the continuous model of an
 * SPRT's log-likelihood ratio, one unit of time a game pair, as fishtest's {@code brownian.py}
 * uses it to tell how long a test runs and what its stopped result says about the true Elo.
 *
 * <p>Everything here is in closed form. While it runs, the motion's density at x after t is, by
 * the method of images and Girsanov's theorem, a signed sum of normal densities: image centres
 * c = 2nL (sign +) and c = 2a + 2nL (sign −), L = b − a, each weighted by exp(theta c) and
 * shifted by mu t, theta = mu / sigma2. Where it ends comes from the probability of leaving
 * by a from a point x, which is a sum of exponentials in x, integrated against that density.
 * Sums and weights are taken in logarithms, so steep drifts neither overflow nor cancel.
 */
record Brownian(double a, double b, double mu, double sigma2) {

    Brownian {
        if (!(a < 0 && b > 0 && sigma2 > 0 && Double.isFinite(mu))) {
            throw new IllegalArgumentException(
                    "not a stopped Brownian motion: a=" + a + " b=" + b + " mu=" + mu + " sigma2=" + sigma2);
        }
    }

    private double width() {
        return b - a;
    }

    private double theta() {
        return mu / sigma2;
    }

    /** The probability that the motion ever ends at a rather than at b. */
    double endsAtA() {
        return leavesByA(0.0);
    }

    /**
     * From x in [a, b], the probability of reaching a before b:
     * (exp(-2 theta (x - a)) - exp(-2 theta L)) / (1 - exp(-2 theta L)), written so that no
     * exponent is positive.
     */
    double leavesByA(double x) {
        double theta = theta();
        double l = width();
        if (Math.abs(theta * l) < 1e-9) {
            return (b - x) / l;
        }
        if (theta > 0) {
            return (Math.exp(-2 * theta * (x - a)) - Math.exp(-2 * theta * l)) / -Math.expm1(-2 * theta * l);
        }
        return -Math.expm1(2 * theta * (b - x)) / -Math.expm1(2 * theta * l);
    }

    /** P(still running at t and below y), y in [a, b]; t > 0. */
    double runningBelow(double t, double y) {
        return imageSum(t, y, 1.0, 0.0);
    }

    /** P(still running at t). */
    double running(double t) {
        return runningBelow(t, b);
    }

    /** P(ended at a by time t). */
    double endedAtABy(double t) {
        // Ever at a, less the runs still going at t that will end at a later.
        return clamp(endsAtA() - stillToEndAtA(t));
    }

    /** P(ended at b by time t). */
    double endedAtBBy(double t) {
        return clamp(1.0 - endsAtA() - (running(t) - stillToEndAtA(t)));
    }

    /** E[leavesByA(X_t); still running at t]. */
    private double stillToEndAtA(double t) {
        double theta = theta();
        double l = width();
        double alive = running(t);
        if (Math.abs(theta * l) < 1e-9) {
            // (b - x) / L integrated against the density: b P - E[X; running].
            return (b * alive - imageMean(t)) / l;
        }
        if (theta > 0) {
            // exp(-2 theta (x - a)) turns each image's weight exp(theta c) into exp(-theta c + 2 theta a)
            // and its shift mu t into -mu t.
            double tilted = imageSum(t, b, -1.0, 2 * theta * a);
            return (tilted - Math.exp(-2 * theta * l) * alive) / -Math.expm1(-2 * theta * l);
        }
        // exp(2 theta (b - x)) likewise, with the factor exp(2 theta b).
        double tilted = imageSum(t, b, -1.0, 2 * theta * b);
        return (tilted - alive) / Math.expm1(2 * theta * l);
    }

    /**
     * Sum over images of sign * exp(direction * theta * c + logFactor) * P(a < N(c + direction mu t,
     * sigma2 t) < y). Direction 1 is the density itself; -1 the density times exp(-2 theta x).
     */
    private double imageSum(double t, double y, double direction, double logFactor) {
        if (y <= a) {
            return 0.0;
        }
        double v = sigma2 * t;
        double sd = Math.sqrt(v);
        double theta = theta();
        double l = width();
        int reach = (int) Math.ceil((Math.abs(mu) * t + 12 * sd + 2 * l) / (2 * l)) + 2;
        double sum = 0.0;
        for (int n = -reach; n <= reach; n++) {
            for (int image = 0; image < 2; image++) {
                double c = image == 0 ? 2 * n * l : 2 * a + 2 * n * l;
                double sign = image == 0 ? 1.0 : -1.0;
                double mean = c + direction * mu * t;
                double logMass = logNormalMass((a - mean) / sd, (y - mean) / sd);
                if (logMass == Double.NEGATIVE_INFINITY) {
                    continue;
                }
                sum += sign * Math.exp(direction * theta * c + logFactor + logMass);
            }
        }
        return Math.max(0.0, sum);
    }

    /** E[X_t; still running at t], for the driftless case. */
    private double imageMean(double t) {
        double v = sigma2 * t;
        double sd = Math.sqrt(v);
        double l = width();
        int reach = (int) Math.ceil((12 * sd + 2 * l) / (2 * l)) + 2;
        double sum = 0.0;
        for (int n = -reach; n <= reach; n++) {
            for (int image = 0; image < 2; image++) {
                double c = image == 0 ? 2 * n * l : 2 * a + 2 * n * l;
                double sign = image == 0 ? 1.0 : -1.0;
                double lo = (a - c) / sd;
                double hi = (b - c) / sd;
                double mass = StandardNormal.cdf(hi) - StandardNormal.cdf(lo);
                double partial = sd * (density(lo) - density(hi));
                sum += sign * (c * mass + partial);
            }
        }
        return sum;
    }

    private static double density(double z) {
        return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
    }

    /** ln(Phi(hi) - Phi(lo)) for lo < hi, accurate far out in either tail. */
    static double logNormalMass(double lo, double hi) {
        if (!(lo < hi)) {
            return Double.NEGATIVE_INFINITY;
        }
        if (lo >= 0) {
            return logUpperTail(lo) + log1mExp(logUpperTail(hi) - logUpperTail(lo));
        }
        if (hi <= 0) {
            return logUpperTail(-hi) + log1mExp(logUpperTail(-lo) - logUpperTail(-hi));
        }
        return Math.log1p(-(upperTail(hi) + upperTail(-lo)));
    }

    private static double upperTail(double z) {
        return 0.5 * StandardNormal.erfc(z / Math.sqrt(2.0));
    }

    /** ln P(Z > z) for z >= 0; the asymptotic series where erfc underflows. */
    private static double logUpperTail(double z) {
        if (z == Double.POSITIVE_INFINITY) {
            return Double.NEGATIVE_INFINITY;
        }
        if (z < 37) {
            return Math.log(upperTail(z));
        }
        double z2 = z * z;
        return -0.5 * z2 - Math.log(z * Math.sqrt(2 * Math.PI)) + Math.log1p(-1 / z2 + 3 / (z2 * z2));
    }

    /** ln(1 - exp(x)) for x <= 0. */
    private static double log1mExp(double x) {
        if (x == Double.NEGATIVE_INFINITY) {
            return 0.0;
        }
        return x > -0.693 ? Math.log(-Math.expm1(x)) : Math.log1p(-Math.exp(x));
    }

    private static double clamp(double p) {
        return Math.min(1.0, Math.max(0.0, p));
    }
}
