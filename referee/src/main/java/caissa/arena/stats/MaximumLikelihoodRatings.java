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
 * <p><b>Margins.</b> The covariance of the fitted ratings is the inverse of the information
 * matrix (the negative Hessian of the function above, prior included; for the logistic model
 * the observed and the expected information coincide). A player's error is 1.96 standard
 * deviations of its rating minus the field's mean. The model treats each game as a Bernoulli
 * trial, which overstates the variance of a game when draws are common, so these margins err
 * on the wide side.
 *
 * @param ratings one per player, in the order the players were given
 */
public record MaximumLikelihoodRatings(List<PlayerRating> ratings) {

    /** One virtual draw per player against the field's centre: see the class comment. */
    public static final double DEFAULT_PRIOR_DRAWS = 1.0;

    /** Elo to natural logistic units: P(D) = 1 / (1 + exp(-K D)). */
    private static final double K = Math.log(10.0) / 400.0;

    /** A Newton step below this many Elo for every player ends the fit. */
    private static final double CONVERGED_ELO = 1e-9;
    private static final int MAX_ITERATIONS = 500;

    public MaximumLikelihoodRatings {
        ratings = List.copyOf(ratings);
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
    public record PairTally(String first, String second, double games, double firstPoints) {
        public PairTally {
            if (first.equals(second) || !(games >= 0) || !(firstPoints >= 0 && firstPoints <= games)) {
                throw new IllegalArgumentException("not a tally of games: " + first + " vs " + second + ", " + firstPoints
                        + " of " + games);
            }
        }
    }

    private static MaximumLikelihoodRatings fitted(Field field, double priorDraws) {
        int n = field.size();
        if (n == 0) {
            return new MaximumLikelihoodRatings(List.of());
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
        double[] variances = centredVariances(field, ratings, priorDraws);
        List<PlayerRating> result = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            result.add(new PlayerRating(field.name(i), ratings[i] - mean,
                    StandardNormal.Z_95 * Math.sqrt(Math.max(0.0, variances[i]))));
        }
        return new MaximumLikelihoodRatings(result);
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
        int n = field.size();
        double[][] h = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double games = field.games(i, j);
                if (games > 0) {
                    double p = sigmoid(K * (r[i] - r[j]));
                    double w = K * K * games * p * (1.0 - p);
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

    /** Var(r_i - mean r) = c^T C c with c = e_i - (1/n) 1 and C the inverse information. */
    private static double[] centredVariances(Field field, double[] r, double priorDraws) {
        int n = field.size();
        double[][] c = new Cholesky(information(field, r, priorDraws)).inverse();
        double[] rowSums = new double[n];
        double total = 0.0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                rowSums[i] += c[i][j];
            }
            total += rowSums[i];
        }
        double[] variances = new double[n];
        for (int i = 0; i < n; i++) {
            variances[i] = c[i][i] - 2.0 * rowSums[i] / n + total / ((double) n * n);
        }
        return variances;
    }

    private static double sigmoid(double x) {
        return 1.0 / (1.0 + Math.exp(-x));
    }

    /** ln sigmoid(x) without overflow or loss of precision at either end. */
    private static double logSigmoid(double x) {
        return x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x));
    }

    /** The games reduced to what the model needs: games and points for each pair of players. */
    private record Field(List<String> names, double[][] games, double[][] points) {

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
            for (GameScore game : results) {
                int w = indexOf(index, game.white());
                int b = indexOf(index, game.black());
                games[w][b]++;
                games[b][w]++;
                points[w][b] += game.whiteScore();
                points[b][w] += 1.0 - game.whiteScore();
            }
            return new Field(List.copyOf(players), games, points);
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
                    throw new IllegalArgumentException("ratings diverge without a prior: '" + name(i) + "' played no games");
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
            return new IllegalArgumentException("ratings diverge without a prior: " + losers
                    + " never scored against " + winners);
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
