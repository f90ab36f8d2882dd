package mpi.common.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.BenchmarkHarness;
import mpi.common.BenchmarkSpec;
import mpi.common.clock.ClockInfo;
import mpi.common.options.Api;
import mpi.common.clock.ClockSync;
import mpi.common.options.IterationPolicy;
import mpi.common.options.Options;
import mpi.common.options.Timing;
import mpi.common.output.ResultTable;
import mpi.common.stats.IterationStatistics;
import mpi.common.stats.Metric;
import mpi.common.stats.Stats;

/**
 * The timed loop of a benchmark of one call that every rank makes in each iteration: the
 * blocking collectives ({@link CollectiveBenchmark}) and the operations a user measures
 * through {@code mpi.measure.Measurement}, one implementation for both. A subclass supplies
 * {@link #measuredCall}, what is timed, and may do untimed work around each call
 * ({@link #beforeCall}, {@link #afterCall}) and at each size ({@link #prepareSize}).
 *
 * <p>Method, as C OMB's osu_bcast and the others, under {@code --timing omb}: at each size a
 * barrier, then for the warm-up and the timed iterations the call alone bracketed by
 * {@link System#nanoTime()} in a method of its own, then an untimed barrier, so that calls
 * cannot pipeline. Each rank averages its timed calls; rank 0 reports the average over ranks
 * of these averages (a SUM divided by the number of ranks) and, with {@code -f}, their
 * minimum and maximum. Tail percentiles ({@code -z}) and the row's statistics come, as in C
 * OMB, from each iteration's time averaged over ranks.
 *
 * <p>The other methods ({@link Timing}) keep that loop but give each iteration one value at
 * rank 0 ({@link CallTiming}: {@code max}, and {@code root} whose bracket holds a confirming
 * barrier), or replace it ({@code global}: {@link GlobalWindows}, each call started in an
 * agreed window on clocks mapped to rank 0's, no barrier between calls); the row is then the
 * mean of the iterations' values, {@code -f}'s their least and most.
 */
public abstract class TimedCallBenchmark extends BenchmarkHarness {
    /**
     * Timed calls per round of the JIT warm-up: more than C2's compile threshold (5000
     * invocations), so that a round in which nothing is compiled means nothing is pending.
     */
    protected static final int JIT_WARMUP_ITERATIONS = 6000;
    /**
     * {@code --timing global}: untimed calls before a size's windows, at least (more with
     * {@code -x}); the median of their times sizes the window.
     */
    static final int MIN_UNTIMED_CALLS = 10;

    private Options options;
    private long[] times;
    /** {@code --timing max} and {@code root}'s values of the iterations; else null. */
    private CallTiming callTiming;
    /** {@code --timing global}'s windows on synchronized clocks; else null. */
    private GlobalWindows windows;
    /** {@code --timing global}: the ranks' clocks mapped to rank 0's; else null. */
    private ClockSync clockSync;
    /** {@code --timing global}: the untimed calls' times, which size the windows. */
    private long[] untimedTimes;

    /** @param spec the benchmark's title, defaults, options and process rule */
    protected TimedCallBenchmark(BenchmarkSpec spec) {
        super(spec);
    }

    /**
     * What a timed bracket holds: the measured call, with whatever belongs inside the bracket
     * (a serialization), and nothing else.
     *
     * @throws MPIException if the call fails
     */
    protected abstract void measuredCall() throws MPIException;

    /**
     * Untimed work before a size's calls; every rank calls it, each time the harness measures
     * at the size (the JIT warm-up's rounds, {@code --precision}'s attempts).
     *
     * @param size the message size in bytes
     * @return the size the row shows (by default {@code size})
     * @throws MPIException if an MPI call fails
     */
    protected int prepareSize(int size) throws MPIException {
        return size;
    }

    /**
     * Untimed work before each call (by default none).
     *
     * @param call the call's number at this size, from 0, warm-up included
     * @throws MPIException if an MPI call fails
     */
    protected void beforeCall(int call) throws MPIException {
    }

    /** Untimed work after each call, before the barrier (by default none). */
    protected void afterCall() {
    }

    /**
     * @return on every rank, whether the size's calls delivered what they must (by default
     *         true: nothing is checked); called once per size, after its loop
     * @throws MPIException if a reduction fails
     */
    protected boolean passed() throws MPIException {
        return true;
    }

    /**
     * Allocates the loop's times and sets up {@code --timing}'s method (a clock
     * synchronization for {@code global}); every rank calls it from {@link #setUp}.
     *
     * @param o     the run's settings
     * @param sizes the sizes the run measures
     * @throws MPIException if the clock synchronization fails
     */
    protected final void prepareLoop(Options o, int[] sizes) throws MPIException {
        options = o;
        times = new long[Math.max(jitWarmupIterations(), o.iterations().maxIterations(sizes))];
        callTiming = null;
        windows = null;
        clockSync = null;
        if (o.timing() == Timing.GLOBAL) {
            clockSync = ClockSync.synchronize(comm);
            windows = new GlobalWindows(comm, clockSync, times.length);
            IterationPolicy it = o.iterations();
            untimedTimes = new long[Math.max(MIN_UNTIMED_CALLS, Math.max(it.warmup(1),
                    it.warmup(IterationPolicy.LARGE_MESSAGE + 1)))];
        } else if (o.timing() != Timing.OMB) {
            callTiming = new CallTiming(o.timing(), comm, times.length);
        }
    }

    /**
     * @param title the table's title
     * @param api   the kind of buffer, named in the title; null for none
     * @param o     the run's settings
     * @param type  the name of the elements' MPI datatype, or null where the call moves none
     * @param data  whether the call moves data (a size column)
     * @return the latency table of these settings, with {@code --timing global}'s columns
     */
    protected final ResultTable latencyTable(String title, Api api, Options o, String type,
            boolean data) {
        ResultTable table = new ResultTable(title, api, type, Metric.COLLECTIVE_LATENCY,
                o.fullStats(), o.validate(), o.tails(), data);
        if (o.timing() == Timing.GLOBAL) {
            table.withWindowColumns();
        }
        return table;
    }

    @Override
    protected int jitWarmupIterations() {
        return JIT_WARMUP_ITERATIONS;
    }

    /**
     * @return with {@code --timing global}, the clocks mapped to rank 0's and the largest
     *         error bound over ranks; else each rank's own clock
     */
    @Override
    protected ClockInfo clock() throws MPIException {
        if (clockSync == null) {
            return super.clock();
        }
        long[] bound = {clockSync.errorBound()};
        long[] most = new long[1];
        comm.allReduce(bound, most, 1, MPI.LONG, MPI.MAX);
        return ClockInfo.synchronizedByHca(most[0]);
    }

    @Override
    protected ResultTable.Row atSize(int size, int warmup, int iterations) throws MPIException {
        size = prepareSize(size);
        if (windows != null) {
            return inWindows(size, warmup, iterations);
        }
        if (callTiming != null) {
            callTiming.beforeLoop();
        }
        comm.barrier();
        for (int i = 0; i < warmup; i++) {
            step(i);
        }
        for (int i = 0; i < iterations; i++) {
            times[i] = step(warmup + i);
        }
        if (callTiming != null) {
            return byIteration(size, callTiming.perIteration(times, iterations), iterations,
                    iterations);
        }
        Stats t = Stats.of(times, iterations);
        double average = t.mean() / 1e3; // this rank's, in microseconds
        boolean full = options.fullStats();
        double[] values = new double[full ? 3 : 1];
        values[0] = overRanks(average, MPI.SUM);
        if (full) {
            values[1] = overRanks(average, MPI.MIN);
            values[2] = overRanks(average, MPI.MAX);
        }
        IterationStatistics it = ofIterations(options.tails(), times, iterations, true,
                Metric.COLLECTIVE_LATENCY, size, 1);
        return new ResultTable.Row(size, values, iterations, passed(), it.tails(),
                it.statistics());
    }

    /**
     * {@code --timing global}: the untimed calls as C OMB's (their times size the window), then
     * each timed call started in its window, with no barrier between calls.
     */
    private ResultTable.Row inWindows(int size, int warmup, int iterations)
            throws MPIException {
        comm.barrier();
        int untimed = Math.max(MIN_UNTIMED_CALLS, warmup);
        for (int i = 0; i < untimed; i++) {
            untimedTimes[i] = step(i);
        }
        windows.beforeLoop(untimedTimes, untimed, inJitWarmup());
        for (int i = 0; i < iterations; i++) {
            beforeCall(untimed + i); // the root of -k; no barrier (no -c)
            windowedCall(i);
        }
        long[] values = windows.values(iterations);
        int valid = windows.valid(); // rank 0's; the row is rank 0's
        ResultTable.Row row = byIteration(size, values, valid, iterations);
        return new ResultTable.Row(row.size(), row.values(), row.iterations(), row.passed(),
                row.tails(), row.statistics(), new ResultTable.Windows(windows.window() / 1e3,
                iterations - valid));
    }

    /** One call of {@code --timing global}: its window awaited, the call timed by its ends. */
    private void windowedCall(int i) throws MPIException {
        long at = windows.await(i);
        long entry = System.nanoTime();
        measuredCall();
        long exit = System.nanoTime();
        windows.record(i, at == GlobalWindows.LATE, entry, exit);
    }

    /**
     * A row of {@code --timing}'s values (not C OMB's timing): its value the mean of the
     * iterations' values, {@code -f}'s the least and the most of them.
     *
     * @param values     at rank 0, each iteration's value in nanoseconds
     * @param n          how many values (fewer than the iterations where some were invalid)
     * @param iterations the timed iterations
     */
    private ResultTable.Row byIteration(int size, long[] values, int n, int iterations)
            throws MPIException {
        boolean passed = passed();
        IterationStatistics it = ofIterations(options.tails(), values, n, false,
                Metric.COLLECTIVE_LATENCY, size, 1);
        double[] row = new double[options.fullStats() ? 3 : 1];
        if (n == 0) {
            java.util.Arrays.fill(row, Double.NaN);
        } else {
            Stats t = Stats.of(values, n);
            row[0] = t.mean() / 1e3;
            if (options.fullStats()) {
                row[1] = t.min() / 1e3;
                row[2] = t.max() / 1e3;
            }
        }
        return new ResultTable.Row(size, row, iterations, passed, it.tails(), it.statistics());
    }

    /** One call: timed, with the untimed work and a barrier around it. */
    private long step(int call) throws MPIException {
        beforeCall(call);
        long time = callTiming != null && callTiming.confirmsCalls() ? timeConfirmedCall()
                : timeCall();
        afterCall();
        comm.barrier();
        return time;
    }

    /** The timed bracket, a method of its own so that the JIT compiles it during warm-up. */
    private long timeCall() throws MPIException {
        long start = System.nanoTime();
        measuredCall();
        return System.nanoTime() - start;
    }

    /**
     * The timed bracket of {@code --timing root}: as {@link #timeCall}, and a barrier after the
     * call, which ends when every rank has finished it (rank 0's time counts, less the
     * barrier's own: {@link CallTiming}).
     */
    private long timeConfirmedCall() throws MPIException {
        long start = System.nanoTime();
        measuredCall();
        comm.barrier();
        return System.nanoTime() - start;
    }
}
