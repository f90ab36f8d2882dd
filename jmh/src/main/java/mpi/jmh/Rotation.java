package mpi.jmh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import mpi.MPIException;

/**
 * Paired timing of patterns against a baseline, for differences of a few ns on noisy cores:
 * every repetition times each pattern once, in an order that rotates by one per repetition,
 * so that the machine's fast and slow phases fall on all of them alike. A pattern's result
 * is the median over the repetitions of its time per unit, and of its difference from and
 * ratio to the baseline's time in the same repetition. On two cores whose speed changes by
 * 2 x from one run to the next, the paired difference is what resolves a few ns per call.
 * {@link WindowRate}, {@link BlockingSteps} and {@link ObjectSplit} time their patterns with it.
 *
 * <p>A median leaves out the few repetitions in which a young collection ran, so a pattern
 * that allocates is charged its allocation but not the collections it causes.
 */
final class Rotation {
    /** Times one repetition of a pattern. */
    @FunctionalInterface
    interface Timer<P> {
        /** @return the time of one repetition of {@code pattern}, in ns */
        long nanos(P pattern) throws MPIException;
    }

    /**
     * The medians of one pattern over the repetitions.
     *
     * @param pattern       the pattern
     * @param perUnit       its time per unit (message, call), ns
     * @param minusBaseline its time per unit minus the baseline's in the same repetition, ns
     * @param baselineRatio the baseline's time over its own in the same repetition
     */
    record Medians<P>(P pattern, double perUnit, double minusBaseline, double baselineRatio) {
    }

    private Rotation() {
    }

    /**
     * Times each pattern {@code reps} times without keeping the times: the JIT compiles the
     * Java ones before the measured repetitions.
     */
    static <P> void warmUp(List<P> patterns, int reps, Timer<P> timer) throws MPIException {
        for (int r = 0; r < reps; r++) {
            for (P p : patterns) {
                timer.nanos(p);
            }
        }
    }

    /**
     * @param <P>      what names a pattern (equal patterns are timed once)
     * @param baseline the pattern the others are compared with, timed first in the first
     *                 repetition
     * @param patterns the patterns, in the order of the first repetition after the baseline
     * @param reps     repetitions (at least 1)
     * @param units    units (messages, calls) in one repetition of a pattern
     * @return the medians of the baseline and then of each pattern, in the order given
     */
    static <P> List<Medians<P>> measure(P baseline, List<P> patterns, int reps, double units,
            Timer<P> timer) throws MPIException {
        Map<P, double[]> perUnit = new LinkedHashMap<>();
        perUnit.put(baseline, new double[reps]);
        for (P p : patterns) {
            perUnit.putIfAbsent(p, new double[reps]);
        }
        List<P> order = List.copyOf(perUnit.keySet());
        for (int r = 0; r < reps; r++) {
            for (int k = 0; k < order.size(); k++) {
                P p = order.get((k + r) % order.size());
                perUnit.get(p)[r] = timer.nanos(p) / units;
            }
        }
        double[] base = perUnit.get(baseline);
        List<Medians<P>> medians = new ArrayList<>();
        for (Map.Entry<P, double[]> e : perUnit.entrySet()) {
            double[] t = e.getValue();
            double[] diff = new double[reps];
            double[] ratio = new double[reps];
            for (int r = 0; r < reps; r++) {
                diff[r] = t[r] - base[r];
                ratio[r] = base[r] / t[r];
            }
            medians.add(new Medians<>(e.getKey(), median(t), median(diff), median(ratio)));
        }
        return medians;
    }

    /** @return the median of {@code values} (the mean of the middle two for an even count) */
    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /**
     * Prints the rows of {@link #measure}, a pattern per line: its time per unit, its
     * difference from the baseline's and the baseline's time over its own.
     *
     * @param label   the pattern's name on the command line
     * @param perUnit the heading of the time per unit, e.g. {@code ns/call}
     * @param minus   the heading of the difference, e.g. {@code minus C ns/call}
     * @param ratio   the heading of the ratio, e.g. {@code C/pattern}
     */
    static <P> void print(List<Medians<P>> rows, Function<P, String> label, String perUnit,
            String minus, String ratio) {
        System.out.printf("# %-10s %10s %16s %12s%n", "pattern", perUnit, minus, ratio);
        for (Medians<P> m : rows) {
            System.out.printf("  %-10s %10.1f %16.1f %12.3f%n", label.apply(m.pattern()),
                    m.perUnit(), m.minusBaseline(), m.baselineRatio());
        }
    }
}
