package mpi.study;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * The cost models of a sweep's algorithms: for each algorithm its own model
 * ({@link AlgorithmModels}) fitted directly by least squares, the same model with alpha and
 * beta of a point-to-point fit (when there is one), and the baseline {@code a + b P + c m}
 * fitted directly; each scored by R squared on the points fitted and by its error on the
 * held-out points ({@link #holdOut}), the same points for every model.
 *
 * @param collective the collective, blocking form
 * @param holdOut    the points no fit saw
 * @param rows       a row per algorithm and model, by algorithm name, then model, p2p, baseline
 * @param fits       each algorithm's directly fitted model, the curve its figure draws
 * @param points     the measurements, by algorithm
 */
public record ModelStudy(String collective, HoldOut holdOut, List<Row> rows,
        Map<String, ModelFit> fits, Map<String, List<Measurement>> points) {

    /** Copies the collections. */
    public ModelStudy {
        rows = List.copyOf(rows);
        fits = Map.copyOf(fits);
        points = Map.copyOf(points);
    }

    /** Where a row's parameters came from. */
    public enum Source {
        /** The algorithm's model, least squares on its own points. */
        FITTED,
        /** The algorithm's model with the point-to-point fit's alpha and beta. */
        P2P,
        /** The baseline a + b P + c m, least squares on the algorithm's points. */
        BASELINE;

        /** @return the name in the table, lower case */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One model of one algorithm and how well it does.
     *
     * @param algorithm    the algorithm
     * @param model        the model's name, or {@code -} when the algorithm has none
     * @param source       where the parameters came from
     * @param parameters   the parameters as {@code name=value} text, empty when none
     * @param values       the parameters' values (both segments' alpha and beta for p2p)
     * @param rSquared     R squared on the fitted points, NaN when none
     * @param heldOutError the RMS relative error on the held-out points, NaN when none
     * @param fitted       the points fitted (or, for p2p, the points a fit would have seen)
     * @param heldOut      the held-out points
     * @param note         why there are no numbers, or empty
     */
    public record Row(String algorithm, String model, Source source, String parameters,
            double[] values, double rSquared, double heldOutError, int fitted, int heldOut,
            String note) {
        static Row missing(String algorithm, String model, Source source, String note) {
            return new Row(algorithm, model, source, "", new double[0], Double.NaN, Double.NaN,
                    0, 0, note);
        }
    }

    /**
     * @param collective the collective of the measurements, blocking form ({@code bcast})
     * @param all        the sweep's measurements, any algorithms and process counts
     * @param p2p        the point-to-point fit, or null
     * @return the study
     */
    public static ModelStudy of(String collective, List<Measurement> all, PiecewiseHockney p2p) {
        HoldOut holdOut = holdOut(all);
        Map<String, List<Measurement>> byAlgorithm = new TreeMap<>();
        for (Measurement m : all) {
            byAlgorithm.computeIfAbsent(m.algorithm(), a -> new ArrayList<>()).add(m);
        }
        List<Row> rows = new ArrayList<>();
        Map<String, ModelFit> fits = new LinkedHashMap<>();
        for (Map.Entry<String, List<Measurement>> e : byAlgorithm.entrySet()) {
            String algorithm = e.getKey();
            List<Measurement> points = e.getValue();
            CostModel model = AlgorithmModels.of(collective, algorithm);
            if (model == null) {
                rows.add(Row.missing(algorithm, "-", Source.FITTED,
                        "no cost model of " + collective + " " + algorithm));
            } else {
                ModelFit fit = fit(model, points, holdOut);
                if (fit == null) {
                    rows.add(Row.missing(algorithm, model.name(), Source.FITTED,
                            undetermined(model, points, holdOut)));
                } else {
                    fits.put(algorithm, fit);
                    rows.add(row(algorithm, fit, Source.FITTED));
                }
                if (p2p != null) {
                    rows.add(fromPointToPoint(algorithm, model, p2p, points, holdOut));
                }
            }
            CostModel baseline = CostModel.baseline();
            ModelFit b = fit(baseline, points, holdOut);
            rows.add(b != null ? row(algorithm, b, Source.BASELINE)
                    : Row.missing(algorithm, baseline.name(), Source.BASELINE,
                            undetermined(baseline, points, holdOut)));
        }
        return new ModelStudy(collective, holdOut, rows, fits, byAlgorithm);
    }

    /**
     * The held-out points: every third size from the second on, never the smallest or the
     * largest (so the fit still spans the sizes and the held sizes test interpolation), when
     * there are four sizes at least; and, with two process counts or more, the largest one
     * (a model that fits some counts should predict another).
     *
     * @param all the measurements
     * @return the hold-out
     */
    public static HoldOut holdOut(List<Measurement> all) {
        long[] sizes = all.stream().mapToLong(Measurement::bytes).distinct().sorted().toArray();
        Set<Long> heldSizes = new HashSet<>();
        if (sizes.length >= 4) {
            for (int i = 1; i < sizes.length - 1; i += 3) {
                heldSizes.add(sizes[i]);
            }
        }
        TreeSet<Integer> counts = new TreeSet<>();
        all.forEach(m -> counts.add(m.processes()));
        Set<Integer> heldCounts = counts.size() >= 2 ? Set.of(counts.last()) : Set.of();
        return new HoldOut(heldSizes, heldCounts);
    }

    /** @return the direct fit, or null when the fitted points do not determine the model */
    private static ModelFit fit(CostModel model, List<Measurement> points, HoldOut holdOut) {
        if (!determined(model, holdOut.split(points).fit())) {
            return null;
        }
        try {
            return ModelFit.fit(model, points, holdOut);
        } catch (IllegalArgumentException undetermined) {
            return null;
        }
    }

    /**
     * Whether the points determine the model's parameters: its features over them of full
     * column rank. Least squares itself does not always refuse a rank-deficient design (the
     * baseline's 1 and P on one process count are collinear, but rounding leaves a pivot of
     * 1e-16 and parameters of 1e13), so the rank is taken here, each column scaled to unit
     * length first so that a column of bytes does not drown a column of ones.
     */
    static boolean determined(CostModel model, List<Measurement> points) {
        int k = model.parameterNames().size();
        if (points.size() <= k) {
            return false;
        }
        double[][] x = new double[points.size()][];
        for (int i = 0; i < x.length; i++) {
            x[i] = model.features(points.get(i).processes(), points.get(i).bytes());
        }
        for (int j = 0; j < k; j++) {
            double norm = 0;
            for (double[] row : x) {
                norm += row[j] * row[j];
            }
            if (norm == 0) {
                return false;
            }
            for (double[] row : x) {
                row[j] /= Math.sqrt(norm);
            }
        }
        return new SingularValueDecomposition(MatrixUtils.createRealMatrix(x)).getRank() == k;
    }

    /** Why a model could not be fitted, in the table's words. */
    private static String undetermined(CostModel model, List<Measurement> points,
            HoldOut holdOut) {
        List<Measurement> fitted = holdOut.split(points).fit();
        long counts = fitted.stream().mapToInt(Measurement::processes).distinct().count();
        long sizes = fitted.stream().mapToLong(Measurement::bytes).distinct().count();
        return "not determined by " + fitted.size() + " fitted points (" + sizes + " size"
                + (sizes == 1 ? "" : "s") + ", " + counts + " process count"
                + (counts == 1 ? "" : "s") + ") for " + model.parameterNames();
    }

    private static Row row(String algorithm, ModelFit f, Source source) {
        StringBuilder text = new StringBuilder();
        List<String> names = f.model().parameterNames();
        for (int i = 0; i < names.size(); i++) {
            text.append(i == 0 ? "" : " ").append(names.get(i)).append('=')
                    .append(number(f.parameters()[i]));
        }
        return new Row(algorithm, f.model().name(), source, text.toString(),
                f.parameters().clone(), f.rSquared(), f.heldOutError(), f.fitted(),
                f.heldOut(), "");
    }

    /**
     * The model with the point-to-point alpha and beta: each point takes the segment of the
     * piecewise fit its size falls in (below or from the protocol switch), as its messages
     * would. Nothing is fitted; R squared is over the points a direct fit sees.
     */
    private static Row fromPointToPoint(String algorithm, CostModel model, PiecewiseHockney p2p,
            List<Measurement> points, HoldOut holdOut) {
        HoldOut.Split split = holdOut.split(points);
        double r2 = split.fit().isEmpty() ? Double.NaN
                : LeastSquares.rSquared(latencies(split.fit()), predict(model, p2p, split.fit()));
        double held = split.held().isEmpty() ? Double.NaN
                : LeastSquares.rmsRelativeError(latencies(split.held()),
                        predict(model, p2p, split.held()));
        String text = "alpha=" + number(p2p.below().alpha()) + " beta="
                + number(p2p.below().beta()) + " below " + p2p.switchBytes() + " B; alpha="
                + number(p2p.above().alpha()) + " beta=" + number(p2p.above().beta());
        double[] values = {p2p.below().alpha(), p2p.below().beta(), p2p.above().alpha(),
            p2p.above().beta()};
        return new Row(algorithm, model.name(), Source.P2P, text, values, r2, held,
                split.fit().size(), split.held().size(), "");
    }

    /** @return the model's time at the point with the p2p segment of its size */
    static double time(CostModel model, PiecewiseHockney p2p, int processes, long bytes) {
        Hockney h = bytes < p2p.switchBytes() ? p2p.below() : p2p.above();
        return model.time(model.fromPointToPoint(h), processes, bytes);
    }

    private static double[] predict(CostModel model, PiecewiseHockney p2p,
            List<Measurement> points) {
        return points.stream().mapToDouble(m -> time(model, p2p, m.processes(), m.bytes()))
                .toArray();
    }

    private static double[] latencies(List<Measurement> points) {
        return points.stream().mapToDouble(Measurement::latency).toArray();
    }

    /** A parameter in four significant digits, microseconds or microseconds per byte. */
    static String number(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }
}
