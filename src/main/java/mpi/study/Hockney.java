package mpi.study;

import java.util.List;

/**
 * Hockney's point-to-point model, {@code t(m) = alpha + beta m}: a start-up latency alpha
 * (microseconds) and a time per byte beta (microseconds per byte, the inverse bandwidth).
 * R. W. Hockney, "The communication challenge for MPP: Intel Paragon and Meiko CS-2",
 * Parallel Computing 20(3), 1994. Fitted by least squares on relative errors (see
 * {@link LeastSquares}).
 *
 * @param alpha    the start-up latency, microseconds
 * @param beta     the time per byte, microseconds per byte
 * @param rSquared R squared of the fit on its points
 */
public record Hockney(double alpha, double beta, double rSquared) {

    /**
     * @param points point-to-point measurements, at least three, of at least two sizes
     * @return the fit
     */
    public static Hockney fit(List<Measurement> points) {
        double[][] x = new double[points.size()][];
        double[] t = new double[points.size()];
        for (int i = 0; i < t.length; i++) {
            Measurement p = points.get(i);
            x[i] = features(p.bytes());
            t[i] = p.latency();
        }
        double[] ab = LeastSquares.fit(x, t);
        double[] predicted = new double[t.length];
        for (int i = 0; i < t.length; i++) {
            predicted[i] = LeastSquares.dot(x[i], ab);
        }
        return new Hockney(ab[0], ab[1], LeastSquares.rSquared(t, predicted));
    }

    /** @return the model's time for m bytes, microseconds */
    public double time(long bytes) {
        return alpha + beta * bytes;
    }

    /** @return the bandwidth 1/beta in bytes per microsecond (MB/s) */
    public double bandwidth() {
        return 1 / beta;
    }

    static double[] features(long bytes) {
        return new double[] {1, bytes};
    }
}
