package caissa.arena.stats;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.StringJoiner;

/**
 * Elo ratings for a whole field, fitted to every game at once rather than to each player's
 * total score against an averaged opponent.
 *
 * <p>Model (Bradley–Terry on the logistic Elo scale, the simplest form of Bayeselo and Ordo):
 * a player rated D above its opponent scores {@code 1 / (1 + 10^(-D/400))} per game; a draw
 * counts as half a win and half a loss. Colour is ignored: in a round robin every pairing
 * plays both colours, which cancels a first-move advantage out of the differences. The ratings
 * maximize
 * <pre>
 *   sum over games of  s ln P(r_white - r_black) + (1 - s) ln(1 - P(r_white - r_black))
 *   + priorDraws * sum over players of  ln P(r_i) / 2 + ln(1 - P(r_i)) / 2
 * </pre>
 * found by Newton's method with step halving (the function is concave, so this converges from
 * zero), and are reported relative to the field's mean, which is 0.
 *
 * <p><b>The prior.</b> With pure maximum likelihood a player who won every game has no finite
 * rating, and neither do groups of players cut off from the rest (two halves that never met,
 * or that met with one half winning everything). By default each player is therefore credited
 * with one virtual draw against a virtual opponent at the field's centre (rating 0), as
 * Bayeselo does with its virtual draws. That keeps every rating finite, is worth one game
 * among the dozens a real field plays, and leaves a player with no games at 0 with a wide
 * margin instead of failing. The price is a slight pull towards the mean: two players at 75%
 * over 100 games come out 189.6 apart instead of 190.85. Groups that never met are related
 * only through the prior, and their wide margins show it. {@code priorDraws = 0} gives the
 * exact maximum-likelihood ratings and refuses fields where they do not exist.
 *
 * <p><b>Margins.</b> The covariance of the fitted ratings is the sandwich H⁻¹ J H⁻¹ (Huber;
 * White): H, the information matrix, is the negative Hessian of the function above, prior
 * included, which is what the fit's curvature says; J is the variance of its gradient, which
 * needs the variance of one game's score. The Bernoulli model puts that at p (1 - p), true only
 * without draws: a game of a pairing with a share d of draws has variance p (1 - p) - d / 4
 * (p the model's expected score, d the pairing's observed draws), as cutechess and fastchess
 * count draws for a match. So J is H with each pairing's p (1 - p) replaced by that, the virtual
 * draws of the prior left as they are, and without draws the sandwich is H⁻¹ exactly. A
 * player's error is 1.96 standard deviations of its rating minus the field's mean; the same
 * covariance gives the error of a difference and the likelihood of superiority. The interval is
 * parametric and deterministic: the same games give the same ends to every digit.
 *
 * @param ratings one per player, in the order the players were given
 */
public final class MaximumLikelihoodRatings {

    /** How the message of a field refused for want of a prior begins. */
    public static final String DIVERGING = "ratings diverge without a prior";

    /** One virtual draw per player against the field's centre: see the class comment. */
    public static final double DEFAULT_PRIOR_DRAWS = 1.0;

    /** Elo to natural logistic units: P(D) = 1 / (1 + exp(-K D)). */
    private static final double K = Math.log(10.0) / 400.0;

    /** A Newton step below this many Elo for every player ends the fit. */
    private static final double CONVERGED_ELO = 1e-9;

    private static final int MAX_ITERATIONS = 500;

    private final List<PlayerRating> ratings;
    /** Covariance of the ratings minus the field's mean, in Elo², in the players' order. */
    private final double[][] covariance;

    private MaximumLikelihoodRatings(List<PlayerRating> ratings, double[][] covariance) {
        this.ratings = List.copyOf(ratings);
        this.covariance = covariance;
    }

    /** One per player, in the order the players were given. */
    public List<PlayerRating> ratings() {
        return ratings;
    }

    /**
     * The standard deviation of the difference between two players' ratings (by their index in
     * the order given): sqrt(Var a + Var b - 2 Cov(a, b)).
     */
    public double differenceDeviation(int a, int b) {
        return Math.sqrt(Math.max(0.0, covariance[a][a] + covariance[b][b] - 2 * covariance[a][b]));
    }

    /**
     * The likelihood that player a is stronger than player b, by their index in the order given:
     * the normal probability that their difference is above 0.
     */
    public double los(int a, int b) {
        double sd = differenceDeviation(a, b);
        double gap = ratings.get(a).elo() - ratings.get(b).elo();
        if (sd == 0.0) {
            return gap > 0 ? 1.0 : gap < 0 ? 0.0 : 0.5;
        }
        return StandardNormal.cdf(gap / sd);
    }

    /** Ratings with the default prior of one virtual draw per player. */
    public static MaximumLikelihoodRatings of(List<String> players, List<GameScore> games) {
        return of(players, games, DEFAULT_PRIOR_DRAWS);
    }

    /**
     * @param players     every player of the field, including any that played no game
     * @param games       the games, in any order
     * @param priorDraws  virtual draws per player against a rating-0 opponent; 0 for pure
     *                    maximum likelihood
     * @throws IllegalArgumentException for duplicate or unknown players, a negative prior, or,
     *                                  with no prior, a field whose ratings diverge
     */
    public static MaximumLikelihoodRatings of(List<String> players, List<GameScore> games, double priorDraws) {
        if (!(priorDraws >= 0.0 && priorDraws < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("prior draws must be a finite number >= 0, got " + priorDraws);
        }
        return fitted(Field.of(players, games), priorDraws);
    }

    /**
     * The same from games already counted by pairing: for each tally, the games two players
     * played and the first one's points in them (1 a win, 0.5 a draw). A rating list of many
     * runs counts its games as it reads them rather than keeping every one; counts need not be
     * whole (a bootstrap resample weighs them).
     */
    public static MaximumLikelihoodRatings ofTallies(List<String> players, List<PairTally> tallies, double priorDraws) {
        if (!(priorDraws >= 0.0 && priorDraws < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("prior draws must be a finite number >= 0, got " + priorDraws);
        }
        return fitted(Field.ofTallies(players, tallies), priorDraws);
    }

    /** Games between two players and the first one's points in them. */
    public record PairTally(String first, String second, double games, double firstPoints, double draws) {
        public PairTally {
            if (first.equals(second)
                    || !(games >= 0)
                    || !(firstPoints >= 0 && firstPoints <= games)
                    || !(draws >= 0
                            && draws <= games
                            && draws / 2 <= firstPoints
                            && draws / 2 <= games - firstPoints)) {
                throw new IllegalArgumentException("not a tally of games: " + first + " vs " + second + ", "
                        + firstPoints + " of " + games + " with " + draws + " draws");
            }
        }

        /** A tally whose draws are not known: counted as none, which errs towards wider margins. */
        public PairTally(String first, String second, double games, double firstPoints) {
            this(first, second, games, firstPoints, 0.0);
        }
    }

    private static MaximumLikelihoodRatings fitted(Field field, double priorDraws) {
        int n = field.size();
        if (n == 0) {
            return new MaximumLikelihoodRatings(List.of(), new double[0][0]);
        }
        if (priorDraws == 0.0) {
            field.requireFiniteMaximum();
        }
        double[] ratings = fit(field, priorDraws);
        double mean = 0.0;
        for (double r : ratings) {
            mean += r;
        }
        mean /= n;
        double[][] covariance = centredCovariance(field, ratings, priorDraws);
        List<PlayerRating> result = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            result.add(new PlayerRating(
                    field.name(i),
                    ratings[i] - mean,
                    StandardNormal.Z_95 * Math.sqrt(Math.max(0.0, covariance[i][i]))));
        }
        return new MaximumLikelihoodRatings(result, covariance);
    }

    /** The rating of the named player. */
    public PlayerRating rating(String player) {
        for (PlayerRating rating : ratings) {
            if (rating.player().equals(player)) {
                return rating;
            }
        }
        throw new NoSuchElementException("no rating for player '" + player + "'");
    }

    private static double[] fit(Field field, double priorDraws) {
        int n = field.size();
        double[] r = new double[n];
        double objective = objective(field, r, priorDraws);
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            double[] step = new Cholesky(information(field, r, priorDraws)).solve(gradient(field, r, priorDraws));
            double largest = 0.0;
            for (double s : step) {
                largest = Math.max(largest, Math.abs(s));
            }
            if (largest < CONVERGED_ELO) {
                break;
            }
            // Newton overshoots far from the optimum (the logistic flattens out): halve until
            // the objective does not get worse.
            double t = 1.0;
            double[] next = new double[n];
            double nextObjective;
            do {
                for (int i = 0; i < n; i++) {
                    next[i] = r[i] + t * step[i];
                }
                nextObjective = objective(field, next, priorDraws);
                t *= 0.5;
            } while (nextObjective < objective - 1e-12 * Math.abs(objective) && t > 1e-12);
            r = next;
            objective = nextObjective;
        }
        return r;
    }

    private static double objective(Field field, double[] r, double priorDraws) {
        double sum = 0.0;
        int n = field.size();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double games = field.games(i, j);
                if (games > 0) {
                    double d = K * (r[i] - r[j]);
                    double pointsI = field.points(i, j);
                    sum += pointsI * logSigmoid(d) + (games - pointsI) * logSigmoid(-d);
                }
            }
            sum += priorDraws * 0.5 * (logSigmoid(K * r[i]) + logSigmoid(-K * r[i]));
        }
        return sum;
    }

    /** The derivative of the objective by each rating (in Elo). */
    private static double[] gradient(Field field, double[] r, double priorDraws) {
        int n = field.size();
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double games = field.games(i, j);
                if (games > 0) {
                    // Points over expectation: positive pulls i up and j down by the same amount.
                    double surplus = field.points(i, j) - games * sigmoid(K * (r[i] - r[j]));
                    g[i] += K * surplus;
                    g[j] -= K * surplus;
                }
            }
            g[i] += priorDraws * K * (0.5 - sigmoid(K * r[i]));
        }
        return g;
    }

    /**
     * The information matrix, minus the Hessian of the objective. Without a prior it is
     * singular along (1, ..., 1), since adding a constant to every rating changes nothing; the
     * term scale * J / n (J all ones) fills in that direction only. It leaves Newton steps and
     * variances of differences and of ratings minus the mean unchanged, because those are
     * orthogonal to (1, ..., 1).
     */
    private static double[][] information(Field field, double[] r, double priorDraws) {
        return information(field, r, priorDraws, false);
    }

    /**
     * With {@code drawAware}, J of the sandwich instead: each pairing's p (1 - p) per game less a
     * quarter of its share of draws (never below 0).
     */
    private static double[][] information(Field field, double[] r, double priorDraws, boolean drawAware) {
        int n = field.size();
        double[][] h = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double games = field.games(i, j);
                if (games > 0) {
                    double p = sigmoid(K * (r[i] - r[j]));
                    double perGame = p * (1.0 - p);
                    if (drawAware) {
                        perGame = Math.max(0.0, perGame - field.draws(i, j) / games / 4.0);
                    }
                    double w = K * K * games * perGame;
                    h[i][i] += w;
                    h[j][j] += w;
                    h[i][j] -= w;
                    h[j][i] -= w;
                }
            }
            double p = sigmoid(K * r[i]);
            h[i][i] += priorDraws * K * K * p * (1.0 - p);
        }
        if (priorDraws == 0.0) {
            double scale = 0.0;
            for (int i = 0; i < n; i++) {
                scale += h[i][i];
            }
            scale = scale > 0.0 ? scale / n : 1.0;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    h[i][j] += scale / n;
                }
            }
        }
        return h;
    }

    /**
     * Cov(r_i - mean r, r_j - mean r) = P S P with S = H⁻¹ J H⁻¹ the sandwich and P = I - J/n
     * the centring (J all ones). Without a prior H carries a term along (1, ..., 1) that only
     * fixes the level; the centring removes it.
     */
    private static double[][] centredCovariance(Field field, double[] r, double priorDraws) {
        int n = field.size();
        double[][] inverse = new Cholesky(information(field, r, priorDraws)).inverse();
        double[][] meat = information(field, r, priorDraws, true);
        // Without a prior both H and J carry the level term c (1, ..., 1)(1, ..., 1)^T, which is
        // an eigenvector of H: the sandwich gains a multiple of the all-ones matrix only, and the
        // centring removes it.
        double[][] sandwich = multiply(multiply(inverse, meat), inverse);
        double[] rowMeans = new double[n];
        double total = 0.0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                rowMeans[i] += sandwich[i][j] / n;
            }
            total += rowMeans[i] / n;
        }
        double[][] centred = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                centred[i][j] = sandwich[i][j] - rowMeans[i] - rowMeans[j] + total;
            }
        }
        return centred;
    }

    private static double[][] multiply(double[][] a, double[][] b) {
        int n = a.length;
        double[][] c = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                double aik = a[i][k];
                if (aik == 0.0) {
                    continue;
                }
                for (int j = 0; j < n; j++) {
                    c[i][j] += aik * b[k][j];
                }
            }
        }
        return c;
    }

    private static double sigmoid(double x) {
        return 1.0 / (1.0 + Math.exp(-x));
    }

    /** ln sigmoid(x) without overflow or loss of precision at either end. */
    private static double logSigmoid(double x) {
        return x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x));
    }

    /** The games reduced to what the model needs: games and points for each pair of players. */
    private record Field(List<String> names, double[][] games, double[][] points, double[][] draws) {

        static Field of(List<String> players, List<GameScore> results) {
            Map<String, Integer> index = new HashMap<>();
            for (String player : players) {
                if (index.putIfAbsent(player, index.size()) != null) {
                    throw new IllegalArgumentException("player '" + player + "' is listed twice");
                }
            }
            int n = players.size();
            double[][] games = new double[n][n];
            double[][] points = new double[n][n];
            double[][] draws = new double[n][n];
            for (GameScore game : results) {
                int w = indexOf(index, game.white());
                int b = indexOf(index, game.black());
                games[w][b]++;
                games[b][w]++;
                points[w][b] += game.whiteScore();
                points[b][w] += 1.0 - game.whiteScore();
                if (game.whiteScore() == 0.5) {
                    draws[w][b]++;
                    draws[b][w]++;
                }
            }
            return new Field(List.copyOf(players), games, points, draws);
        }

        static Field ofTallies(List<String> players, List<PairTally> tallies) {
            Field field = of(players, List.of());
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < players.size(); i++) {
                index.put(players.get(i), i);
            }
            for (PairTally tally : tallies) {
                int a = indexOf(index, tally.first());
                int b = indexOf(index, tally.second());
                field.games[a][b] += tally.games();
                field.games[b][a] += tally.games();
                field.points[a][b] += tally.firstPoints();
                field.points[b][a] += tally.games() - tally.firstPoints();
                field.draws[a][b] += tally.draws();
                field.draws[b][a] += tally.draws();
            }
            return field;
        }

        private static int indexOf(Map<String, Integer> index, String player) {
            Integer i = index.get(player);
            if (i == null) {
                throw new IllegalArgumentException("game of '" + player + "', who is not among the players");
            }
            return i;
        }

        int size() {
            return names.size();
        }

        String name(int i) {
            return names.get(i);
        }

        double games(int i, int j) {
            return games[i][j];
        }

        /** Drawn games between i and j. */
        double draws(int i, int j) {
            return draws[i][j];
        }

        /** Points of i in its games against j. */
        double points(int i, int j) {
            return points[i][j];
        }

        /**
         * Pure maximum likelihood has a finite answer exactly when every player can be reached
         * from every other along "scored at least half a point against" (Zermelo 1929; Ford
         * 1957). Otherwise some group never scored against the rest, and the gap between them
         * grows without bound.
         */
        void requireFiniteMaximum() {
            int n = size();
            for (int i = 0; i < n; i++) {
                double played = 0.0;
                for (int j = 0; j < n; j++) {
                    played += games[i][j];
                }
                if (played == 0.0 && n > 1) {
                    throw new IllegalArgumentException(DIVERGING + ": '" + name(i) + "' played no games");
                }
            }
            boolean[] reached = reach(false);
            if (!all(reached)) {
                throw diverging(reached, true);
            }
            boolean[] reaching = reach(true);
            if (!all(reaching)) {
                throw diverging(reaching, false);
            }
        }

        /** Players reachable from player 0 along "scored against" (or its reverse). */
        private boolean[] reach(boolean reverse) {
            int n = size();
            boolean[] seen = new boolean[n];
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            seen[0] = true;
            queue.add(0);
            while (!queue.isEmpty()) {
                int i = queue.poll();
                for (int j = 0; j < n; j++) {
                    double scored = reverse ? points[j][i] : points[i][j];
                    if (!seen[j] && scored > 0.0) {
                        seen[j] = true;
                        queue.add(j);
                    }
                }
            }
            return seen;
        }

        /**
         * From 0 forward: the reached never scored against the rest. Backward: the rest never
         * scored against those that reach 0.
         */
        private IllegalArgumentException diverging(boolean[] set, boolean setIsScoreless) {
            StringJoiner inside = new StringJoiner(", ");
            StringJoiner outside = new StringJoiner(", ");
            for (int i = 0; i < size(); i++) {
                (set[i] ? inside : outside).add(name(i));
            }
            String losers = setIsScoreless ? inside.toString() : outside.toString();
            String winners = setIsScoreless ? outside.toString() : inside.toString();
            return new IllegalArgumentException(DIVERGING + ": " + losers + " never scored against " + winners);
        }

        private static boolean all(boolean[] flags) {
            for (boolean flag : flags) {
                if (!flag) {
                    return false;
                }
            }
            return true;
        }
    }
}
