package mpi.study;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Two Hockney segments with the protocol switch between them found from the data: below the
 * switch the eager protocol (one message), from it on the rendezvous protocol (a handshake
 * first, so a larger alpha, and often a different beta). Every split between two consecutive
 * measured sizes is tried, each side fitted on its own, and the split with the least total
 * squared relative error wins: an exhaustive search, since a sweep has a few dozen sizes.
 *
 * <p>The MPI's configured eager limit is the control: {@link #fit(List, long)} reports
 * whether the data's switch lies within one size step of it, and breaks a tie between equally
 * good splits towards it.
 *
 * @param below      the eager segment, sizes below {@code switchBytes}
 * @param above      the rendezvous segment, sizes from {@code switchBytes} on
 * @param switchBytes the smallest measured size of the upper segment
 * @param sizes      the distinct measured sizes, ascending (to tell size steps)
 */
public record PiecewiseHockney(Hockney below, Hockney above, long switchBytes, long[] sizes) {

    /**
     * Each segment needs three sizes at least: a results file gives one median per size, and
     * a line fitted through two points has no error to compare splits by (LeastSquares wants
     * more points than parameters).
     */
    static final int MIN_SIZES_PER_SEGMENT = 3;

    /**
     * @param points point-to-point measurements of at least six distinct sizes
     * @return the best two-segment fit
     */
    public static PiecewiseHockney fit(List<Measurement> points) {
        return fit(points, -1);
    }

    /**
     * @param points     point-to-point measurements of at least six distinct sizes
     * @param eagerLimit the MPI's configured eager limit in bytes, or -1 for none: among
     *                   splits of equal error the one nearest it wins
     * @return the best two-segment fit
     */
    public static PiecewiseHockney fit(List<Measurement> points, long eagerLimit) {
        long[] sizes = points.stream().mapToLong(Measurement::bytes).distinct().sorted()
                .toArray();
        if (sizes.length < 2 * MIN_SIZES_PER_SEGMENT) {
            throw new IllegalArgumentException("a switch needs at least "
                    + 2 * MIN_SIZES_PER_SEGMENT + " distinct sizes, got " + sizes.length);
        }
        PiecewiseHockney best = null;
        double bestError = Double.POSITIVE_INFINITY;
        for (int s = MIN_SIZES_PER_SEGMENT; s <= sizes.length - MIN_SIZES_PER_SEGMENT; s++) {
            long split = sizes[s];
            List<Measurement> low = new ArrayList<>();
            List<Measurement> high = new ArrayList<>();
            for (Measurement p : points) {
                (p.bytes() < split ? low : high).add(p);
            }
            Hockney a;
            Hockney b;
            try {
                a = Hockney.fit(low);
                b = Hockney.fit(high);
            } catch (IllegalArgumentException tooFew) {
                continue; // a side with as many points as parameters: no fit to compare
            }
            double error = relativeSse(a, low) + relativeSse(b, high);
            boolean tie = best != null
                    && Math.abs(error - bestError) <= 1e-12 * Math.max(1, bestError);
            if (error < bestError && !tie
                    || tie && nearer(split, best.switchBytes, eagerLimit)) {
                bestError = error;
                best = new PiecewiseHockney(a, b, split, sizes);
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no split leaves both sides enough points");
        }
        return best;
    }

    /** @return the model's time for m bytes, from the segment m falls in */
    public double time(long bytes) {
        return bytes < switchBytes ? below.time(bytes) : above.time(bytes);
    }

    /**
     * @param bytes a size, e.g. the configured eager limit
     * @return how many measured size steps separate it from the switch found: 0 when the
     *         switch is the first measured size above it, the place an eager limit of
     *         {@code bytes} (messages up to it eager) puts the switch
     */
    public int stepsFrom(long bytes) {
        TreeSet<Long> set = new TreeSet<>();
        for (long s : sizes) {
            set.add(s);
        }
        Long expected = set.higher(bytes);
        if (expected == null) {
            return sizes.length;
        }
        return Math.abs(set.headSet(expected).size() - set.headSet(switchBytes).size());
    }

    private static boolean nearer(long split, long current, long eagerLimit) {
        return eagerLimit >= 0 && Math.abs(split - eagerLimit) < Math.abs(current - eagerLimit);
    }

    private static double relativeSse(Hockney h, List<Measurement> points) {
        double s = 0;
        for (Measurement p : points) {
            double r = (h.time(p.bytes()) - p.latency()) / p.latency();
            s += r * r;
        }
        return s;
    }
}
