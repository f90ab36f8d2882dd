package mpi.study;

import java.util.List;

/**
 * A cost model with its parameters and how well it does: R squared on the points it was
 * fitted to, and the root mean square relative error on held-out points,
 * {@code sqrt(mean(((predicted - measured) / measured)^2))} (0.05: typically 5 % off).
 *
 * @param model         the model
 * @param source        where the parameters came from
 * @param parameters    the parameters, in the order of {@link CostModel#parameterNames()}
 * @param rSquared      R squared on the fitted points (about their mean; see
 *                      {@link LeastSquares#rSquared})
 * @param heldOutError  the RMS relative error on the held-out points, NaN when none
 * @param fitted        how many points the fit saw
 * @param heldOut       how many points were held out
 */
public record ModelFit(CostModel model, Source source, double[] parameters, double rSquared,
        double heldOutError, int fitted, int heldOut) {

    /** Where the parameters came from. */
    public enum Source {
        /** Least squares on the collective's own points. */
        FITTED,
        /** Alpha and beta of a point-to-point fit, no collective point used. */
        POINT_TO_POINT
    }

    /**
     * Fits the model to the points the hold-out leaves, then measures it on the others.
     *
     * @param model   the model
     * @param all     the collective's measurements, one algorithm's
     * @param holdOut the points not to fit
     * @return the fit
     */
    public static ModelFit fit(CostModel model, List<Measurement> all, HoldOut holdOut) {
        HoldOut.Split split = holdOut.split(all);
        List<Measurement> points = split.fit();
        double[][] x = new double[points.size()][];
        double[] t = new double[points.size()];
        for (int i = 0; i < t.length; i++) {
            x[i] = model.features(points.get(i).processes(), points.get(i).bytes());
            t[i] = points.get(i).latency();
        }
        double[] p = LeastSquares.fit(x, t);
        return score(model, Source.FITTED, p, split);
    }

    /**
     * Evaluates an alpha-beta model with the point-to-point fit's alpha and beta: nothing is
     * fitted, so R squared is over the same points a direct fit would see, for comparison.
     */
    public static ModelFit fromPointToPoint(CostModel model, Hockney p2p, List<Measurement> all,
            HoldOut holdOut) {
        return score(model, Source.POINT_TO_POINT, model.fromPointToPoint(p2p),
                holdOut.split(all));
    }

    /** @return the model's time at (P, m) with these parameters, microseconds */
    public double time(int processes, long bytes) {
        return model.time(parameters, processes, bytes);
    }

    /** @return the parameter of that name */
    public double parameter(String name) {
        int i = model.parameterNames().indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException(model.name() + " has no parameter " + name);
        }
        return parameters[i];
    }

    private static ModelFit score(CostModel model, Source source, double[] p,
            HoldOut.Split split) {
        double r2 = LeastSquares.rSquared(latencies(split.fit()), predict(model, p, split.fit()));
        double held = split.held().isEmpty() ? Double.NaN
                : LeastSquares.rmsRelativeError(latencies(split.held()),
                        predict(model, p, split.held()));
        return new ModelFit(model, source, p.clone(), r2, held, split.fit().size(),
                split.held().size());
    }

    private static double[] latencies(List<Measurement> points) {
        return points.stream().mapToDouble(Measurement::latency).toArray();
    }

    private static double[] predict(CostModel model, double[] p, List<Measurement> points) {
        return points.stream().mapToDouble(m -> model.time(p, m.processes(), m.bytes()))
                .toArray();
    }
}
