package mpi.study;

import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * Least squares for the models here, all linear in their unknown parameters: {@code t = x . p}
 * for a row of features x per point. The fit minimises the squared <em>relative</em> error,
 * {@code sum ((t_i - x_i . p) / t_i)^2}: timing noise grows with the time, and the sizes span
 * six decades, so plain least squares would let the largest sizes alone decide alpha (their
 * noise alone exceeds it). Dividing each row by its t is that weighted fit done by Commons
 * Math's ordinary least squares, without an intercept (each model carries its own constant).
 */
final class LeastSquares {
    private LeastSquares() {
    }

    /**
     * @param x the features, one row per point, each as long as the parameters
     * @param t the measured times, positive
     * @return the parameters
     * @throws IllegalArgumentException when the points are fewer than the parameters or the
     *                                  features do not determine them (a singular design)
     */
    static double[] fit(double[][] x, double[] t) {
        int k = x[0].length;
        if (t.length <= k) {
            throw new IllegalArgumentException(
                    t.length + " points cannot fit " + k + " parameters (need more than " + k
                            + ")");
        }
        double[][] wx = new double[t.length][k];
        double[] wy = new double[t.length];
        for (int i = 0; i < t.length; i++) {
            for (int j = 0; j < k; j++) {
                wx[i][j] = x[i][j] / t[i];
            }
            wy[i] = 1.0;
        }
        OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
        ols.setNoIntercept(true);
        ols.newSampleData(wy, wx);
        try {
            return ols.estimateRegressionParameters();
        } catch (org.apache.commons.math3.linear.SingularMatrixException e) {
            throw new IllegalArgumentException("the points do not determine the "
                    + k + " parameters (singular design)", e);
        }
    }

    /** @return x . p */
    static double dot(double[] x, double[] p) {
        double s = 0;
        for (int j = 0; j < x.length; j++) {
            s += x[j] * p[j];
        }
        return s;
    }

    /**
     * R squared on the times themselves, {@code 1 - SS_res / SS_tot} with the total sum of
     * squares about the mean: the same definition for every model, so that the models'
     * figures compare (Commons Math's own figure for a fit without an intercept is taken
     * about zero, which would flatter them).
     *
     * @param t         the measured times
     * @param predicted the model's times for the same points
     */
    static double rSquared(double[] t, double[] predicted) {
        double mean = 0;
        for (double v : t) {
            mean += v;
        }
        mean /= t.length;
        double res = 0;
        double tot = 0;
        for (int i = 0; i < t.length; i++) {
            res += (t[i] - predicted[i]) * (t[i] - predicted[i]);
            tot += (t[i] - mean) * (t[i] - mean);
        }
        return tot == 0 ? Double.NaN : 1 - res / tot;
    }

    /** @return the sum of squared relative errors, the quantity {@link #fit} minimises */
    static double relativeSse(double[] t, double[] predicted) {
        double s = 0;
        for (int i = 0; i < t.length; i++) {
            double r = (predicted[i] - t[i]) / t[i];
            s += r * r;
        }
        return s;
    }

    /**
     * The root mean square relative error, {@code sqrt(mean(((predicted - t) / t)^2))}: the
     * held-out error of every model here (0.05 reads "5 % off, typically").
     */
    static double rmsRelativeError(double[] t, double[] predicted) {
        return Math.sqrt(relativeSse(t, predicted) / t.length);
    }
}
