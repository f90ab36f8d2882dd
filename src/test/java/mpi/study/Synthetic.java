package mpi.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Synthetic measurements from known costs with seeded multiplicative noise. */
final class Synthetic {
    /** The sizes of a sweep: 1 byte to 1 MiB in powers of two. */
    static final long[] SIZES = sizes();
    /** Process counts, powers of two and not. */
    static final int[] PROCESSES = {2, 3, 4, 6, 8, 12, 16, 24, 32};

    private Synthetic() {
    }

    /** Point-to-point points, {@code repeats} per size, time times (1 + noise N(0, 1))). */
    static List<Measurement> pointToPoint(Cost cost, double noise,
            int repeats, long seed) {
        Random random = new Random(seed);
        List<Measurement> points = new ArrayList<>();
        for (long m : SIZES) {
            for (int r = 0; r < repeats; r++) {
                double t = cost.time(2, m) * (1 + noise * random.nextGaussian());
                points.add(Measurement.pointToPoint(m, t));
            }
        }
        return points;
    }

    /** A collective's points over {@link #PROCESSES} and {@link #SIZES}. */
    static List<Measurement> collective(String algorithm, Cost cost, double noise, long seed) {
        Random random = new Random(seed);
        List<Measurement> points = new ArrayList<>();
        for (int p : PROCESSES) {
            for (long m : SIZES) {
                double t = cost.time(p, m) * (1 + noise * random.nextGaussian());
                points.add(Measurement.of("bcast", algorithm, p, m, t));
            }
        }
        return points;
    }

    /** A true cost. */
    interface Cost {
        double time(int processes, long bytes);
    }

    private static long[] sizes() {
        long[] s = new long[21];
        for (int i = 0; i < s.length; i++) {
            s[i] = 1L << i;
        }
        return s;
    }
}
