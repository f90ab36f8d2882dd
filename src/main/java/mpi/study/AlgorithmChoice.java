package mpi.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

import mpi.compare.Interval;
import mpi.compare.Verdict;

/**
 * The fastest algorithm per process count and size of a sweep, switching away from the MPI's
 * default only where the difference is significant.
 *
 * <p>The verdict rule: at each (P, m) the algorithm with the lowest latency is the candidate;
 * it replaces the default only when its confidence interval lies entirely below the
 * default's ({@code candidate.high < default.low}, intervals that do not overlap), the verdict
 * {@link Verdict#FASTER}. Overlapping intervals are {@link Verdict#NO_DIFFERENCE}: the default
 * stays, since a tuning file that switches on noise only moves the MPI's choice around. A
 * missing interval, or one whose values were too few for its level ({@link Interval#atLevel}
 * false, see {@link mpi.compare.MedianInterval}), is {@link Verdict#TOO_FEW_RUNS}: the default
 * stays too. Non-overlap of two 95 % intervals is a stricter test than a 95 % test of the
 * difference; here that errs on the side of the default.
 */
public final class AlgorithmChoice {
    private AlgorithmChoice() {
    }

    /**
     * The choice at one (P, m).
     *
     * @param processes P
     * @param bytes     m
     * @param algorithm the algorithm to use: the fastest when significantly faster, else the
     *                  default
     * @param fastest   the algorithm of the lowest latency
     * @param byDefault the MPI's default algorithm there
     * @param verdict   the fastest against the default: FASTER (switch), NO_DIFFERENCE
     *                  (including the default being the fastest) or TOO_FEW_RUNS
     */
    public record Choice(int processes, long bytes, String algorithm, String fastest,
            String byDefault, Verdict verdict) {
        /** @return whether the choice leaves the default */
        public boolean switched() {
            return !algorithm.equals(byDefault);
        }
    }

    /**
     * @param sweep    one collective's measurements of several algorithms, each with its
     *                 interval; the default must be among them at every (P, m)
     * @param defaults the MPI's default algorithm at (P, m)
     * @return the choices, by P then m ascending
     */
    public static List<Choice> choose(List<Measurement> sweep,
            BiFunction<Integer, Long, String> defaults) {
        Map<Integer, Map<Long, List<Measurement>>> points = new TreeMap<>();
        for (Measurement m : sweep) {
            points.computeIfAbsent(m.processes(), p -> new TreeMap<>())
                    .computeIfAbsent(m.bytes(), b -> new ArrayList<>()).add(m);
        }
        List<Choice> choices = new ArrayList<>();
        for (Map.Entry<Integer, Map<Long, List<Measurement>>> byP : points.entrySet()) {
            for (Map.Entry<Long, List<Measurement>> byM : byP.getValue().entrySet()) {
                choices.add(choose(byP.getKey(), byM.getKey(), byM.getValue(),
                        defaults.apply(byP.getKey(), byM.getKey())));
            }
        }
        return choices;
    }

    /**
     * @param choices the choices of one collective
     * @return them as a tuning table
     */
    public static TuningTable table(String collective, List<Choice> choices) {
        TuningTable table = new TuningTable(collective);
        for (Choice c : choices) {
            table.put(c.processes(), c.bytes(), c.algorithm());
        }
        return table;
    }

    private static Choice choose(int p, long m, List<Measurement> here, String byDefault) {
        Measurement fastest = here.get(0);
        Measurement def = null;
        for (Measurement x : here) {
            if (x.latency() < fastest.latency()) {
                fastest = x;
            }
            if (x.algorithm().equals(byDefault)) {
                def = x;
            }
        }
        if (def == null) {
            throw new IllegalArgumentException("the default " + byDefault + " was not measured"
                    + " at P = " + p + ", m = " + m + ": no verdict against it");
        }
        Verdict verdict = verdict(fastest, def);
        String use = verdict == Verdict.FASTER ? fastest.algorithm() : byDefault;
        return new Choice(p, m, use, fastest.algorithm(), byDefault, verdict);
    }

    /** The rule of the class comment. */
    static Verdict verdict(Measurement fastest, Measurement byDefault) {
        if (fastest == byDefault) {
            return Verdict.NO_DIFFERENCE;
        }
        if (!fastest.hasInterval() || !byDefault.hasInterval()
                || !fastest.interval().atLevel() || !byDefault.interval().atLevel()) {
            return Verdict.TOO_FEW_RUNS;
        }
        return fastest.interval().high() < byDefault.interval().low() ? Verdict.FASTER
                : Verdict.NO_DIFFERENCE;
    }
}
