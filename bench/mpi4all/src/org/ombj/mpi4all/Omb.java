package org.ombj.mpi4all;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi.Mpi;
import org.mpi.Mpi.C_int;
import org.mpi.Mpi.C_pointer;

/**
 * What the two programs on mpi4all's bindings share with the project's C twins
 * (src/main/c/omb_c_util.c): MPI start and end, the command line ({@code -m [MIN:]MAX},
 * {@code -i N}, {@code -x N}, {@code -W N}), the per-size iteration defaults, the untimed
 * warm-up before the first size, and C OMB's table. Only rank 0 prints.
 */
final class Omb {
    /** "Large" messages are larger than this (C OMB's LARGE_MESSAGE_SIZE). */
    static final long LARGE = 8192;
    private static final long WARM_UP_MAX_SIZE = 1024;
    private static final long WARM_UP_SIZE_SWEEP = 2;
    private static final int WARM_UP_LAST_ROUNDS = 3;
    private static final long WARM_UP_SWEEP_MAX_SIZE = 64L << 20;

    /** One timed measurement at a size: barrier, warmup untimed iterations, iters timed ones into times. */
    interface Measure {
        void run(long size, long warmup, long iters);
    }

    /** A program's fixed facts: its title, column and defaults (those of its C twin), its options and ranks. */
    record Program(String name, String title, String column, long itersSmall, long warmupSmall,
                   long itersLarge, long warmupLarge, long warmUpRound, boolean window,
                   boolean twoRanks) {
    }

    final Program program;
    final int rank;
    final int size;
    final Arena arena = Arena.ofShared();
    long minSize = 1;
    long maxSize = 4L << 20;
    long iterations = -1;
    long warmup = -1;
    int window = 64;

    /** Calls MPI_Init and reads the command line; a bad one ends every rank with status 1. */
    Omb(Program program, String[] args) {
        this.program = program;
        Mpi.MPI_Init(C_pointer.NULL.cast(), C_pointer.NULL.cast());
        rank = query(true);
        size = query(false);
        String error = parse(args);
        if (error == null && program.twoRanks && size != 2) {
            error = "this test requires exactly two processes (" + size + " given)";
        }
        if (error != null) {
            fail(error);
        }
    }

    private int query(boolean rank) {
        C_int out = C_int.alloc(arena);
        if (rank) {
            Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, out.pointer());
        } else {
            Mpi.MPI_Comm_size(Mpi.MPI_COMM_WORLD, out.pointer());
        }
        return out.get();
    }

    /** The error of a command line, or null. */
    private String parse(String[] args) {
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (!a.equals("-m") && !a.equals("-i") && !a.equals("-x") && !(a.equals("-W") && program.window)) {
                    return "unknown option " + a + " (usage: " + program.name + " [-m [MIN:]MAX] [-i N] [-x N]"
                            + (program.window ? " [-W N]" : "") + ")";
                }
                if (i + 1 == args.length) {
                    return "option " + a + " needs a value";
                }
                String v = args[++i];
                switch (a) {
                    case "-m" -> {
                        int colon = v.indexOf(':');
                        if (colon < 0) {
                            maxSize = Long.parseLong(v);
                        } else {
                            minSize = Long.parseLong(v.substring(0, colon));
                            if (colon + 1 < v.length()) {
                                maxSize = Long.parseLong(v.substring(colon + 1));
                            }
                        }
                        if (minSize < 0 || maxSize < minSize || maxSize > Integer.MAX_VALUE) {
                            return "bad message sizes -m " + v + ": need 0 <= MIN <= MAX <= " + Integer.MAX_VALUE;
                        }
                    }
                    case "-i" -> iterations = atLeast(1, a, v);
                    case "-x" -> warmup = atLeast(0, a, v);
                    default -> window = (int) Math.min(atLeast(1, a, v), 1 << 20);
                }
            }
        } catch (NumberFormatException e) {
            return "not a number: " + e.getMessage().replace("For input string: ", "");
        }
        return null;
    }

    private static long atLeast(long min, String option, String v) {
        long n = Long.parseLong(v);
        if (n < min || n > Integer.MAX_VALUE) {
            throw new NumberFormatException("\"" + v + "\" (" + option + " needs " + min + " .. " + Integer.MAX_VALUE + ")");
        }
        return n;
    }

    /** Rank 0 prints "name: message" on stderr; every rank finalizes and exits with 1. */
    void fail(String message) {
        if (rank == 0) {
            System.err.println(program.name + ": " + message);
        }
        Mpi.MPI_Finalize();
        System.exit(1);
    }

    long iterationsFor(long size) {
        return iterations >= 0 ? iterations : size > LARGE ? program.itersLarge : program.itersSmall;
    }

    long warmupFor(long size) {
        return warmup >= 0 ? warmup : size > LARGE ? program.warmupLarge : program.warmupSmall;
    }

    static long next(long size) {
        return size == 0 ? 1 : size * 2;
    }

    /** The largest iteration count of the run, for the array of times. */
    long[] times() {
        long max = program.warmUpRound;
        for (long s = minSize; s <= maxSize; s = next(s)) {
            max = Math.max(max, iterationsFor(s));
        }
        return new long[(int) max];
    }

    /** A page-aligned native buffer of the largest size (at least 1 byte), every byte fill. */
    C_pointer<Void> buffer(int fill) {
        MemorySegment s = arena.allocate(Math.max(1, maxSize), 4096);
        s.fill((byte) fill);
        return new C_pointer<>(s);
    }

    /**
     * The twins' untimed warm-up before the first size (omb_warm_up, for ranks on one host):
     * a round at the first size (at most 1 KiB), every size twice, then three rounds over the
     * sizes up to 1 KiB, so that the JIT has compiled the loops before anything is timed.
     */
    void warmUp(Measure m) {
        long first = minSize;
        long small = Math.min(first, WARM_UP_MAX_SIZE);
        long round = program.warmUpRound;
        m.run(small, 0, round);
        for (long s = first; s <= maxSize; s = next(s)) {
            if (s <= WARM_UP_SWEEP_MAX_SIZE) {
                m.run(s, 0, WARM_UP_SIZE_SWEEP);
            }
        }
        long roundSizes = 0;
        for (long s = first; s <= maxSize && s <= WARM_UP_MAX_SIZE; s = next(s)) {
            roundSizes++;
        }
        long perSize = roundSizes > 0 ? Math.max(1, round / roundSizes) : 1;
        for (int r = 0; r < WARM_UP_LAST_ROUNDS; r++) {
            if (roundSizes == 0) {
                m.run(small, 0, round);
                continue;
            }
            for (long s = first; s <= maxSize && s <= WARM_UP_MAX_SIZE; s = next(s)) {
                m.run(s, 0, perSize);
            }
        }
    }

    /** What a program reports for one size from the sum of its timed iterations' nanoseconds. */
    interface Result {
        double of(long size, long iters, long ns);
    }

    /** The table: header, warm-up, each size measured into times and its row; then MPI_Finalize. */
    void run(Measure measure, long[] times, Result result) {
        header();
        warmUp(measure);
        for (long s = minSize; s <= maxSize; s = next(s)) {
            long iters = iterationsFor(s);
            measure.run(s, warmupFor(s), iters);
            row(s, result.of(s, iters, sum(times, iters)));
        }
        finish();
    }

    private void header() {
        if (rank == 0) {
            System.out.printf("%n# OSU MPI %s v7.4 (mpi4all's Java bindings)%n# Datatype: MPI_BYTE.%n%-10s%18s%n",
                    program.title, "# Size", program.column);
            System.out.flush();
        }
    }

    private void row(long size, double value) {
        if (rank == 0) {
            System.out.printf("%-10d%18.2f%n", size, value);
            System.out.flush();
        }
    }

    private static long sum(long[] times, long n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += times[i];
        }
        return s;
    }

    void finish() {
        Mpi.MPI_Finalize();
    }
}
