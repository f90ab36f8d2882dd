package mpi.common.collective;

import java.util.ArrayList;
import java.util.List;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.common.options.Options;
import mpi.common.output.ResultTable;
import mpi.common.stats.IterationStatistics;
import mpi.common.stats.Metric;
import mpi.common.stats.Overlap;

/**
 * The harness of a non-blocking collective benchmark, as C OMB's osu_ibcast and the others
 * measure. A subclass supplies {@link #start}, the non-blocking call (and
 * {@link #startInPlace} where MPI has an in-place form); buffers, counts, roots and
 * validation are those of {@link CollectiveBenchmark}.
 *
 * <p>Method, per size, each call followed by an untimed barrier as in the blocking tests:
 * <ol>
 * <li>pure communication: the call started and waited for at once, timed;</li>
 * <li>a dummy computation ({@link DummyCompute}) calibrated on this rank to last as long as
 * its pure communication;</li>
 * <li>overlap: the call started, the computation run (with {@code -t CALLS} test calls spread
 * across it), then waited for; the whole is timed, and so is the computation, less the time
 * spent in test calls.</li>
 * </ol>
 * Rank 0 reports the averages over ranks of the overall time, the computation time and the
 * pure communication time, and the {@link Overlap} percentage they give; {@code -f} adds the
 * minimum and maximum over ranks of the overall time and the iterations; {@code -z} the tail
 * percentiles of the overall time.
 */
public abstract class NonBlockingCollectiveBenchmark extends CollectiveBenchmark {
    private final String title;
    private final DummyCompute compute = new DummyCompute();
    private Request pending;              // the call the computation overlaps
    private final DummyCompute.Progress testPending = () -> pending.test();
    private long computeNanos;            // the last overlapped computation, test calls excluded
    private long[] times;

    /** @param collective the collective measured: C OMB's non-blocking benchmark of it */
    protected NonBlockingCollectiveBenchmark(Collective collective) {
        this(CollectiveSpec.nonBlocking(collective));
    }

    private NonBlockingCollectiveBenchmark(CollectiveSpec spec) {
        super(spec);
        this.title = spec.title();
    }

    /**
     * Starts the measured non-blocking call, with the fields of {@link CollectiveBenchmark}
     * as its arguments.
     *
     * @return the call's request
     * @throws MPIException if the call fails
     */
    protected abstract Request start() throws MPIException;

    /**
     * The in-place form of {@link #start} ({@code -l}), where MPI has one.
     *
     * @return the call's request
     * @throws MPIException if the call fails
     */
    protected Request startInPlace() throws MPIException {
        throw new UnsupportedOperationException(program() + " has no in-place form");
    }

    @Override
    protected final void call() throws MPIException {
        start().waitFor();
    }

    @Override
    protected final void callInPlace() throws MPIException {
        startInPlace().waitFor();
    }

    @Override
    protected int[] setUp(Options o) throws MPIException {
        int[] sizes = super.setUp(o);
        times = new long[Math.max(jitWarmupIterations(), o.iterations().maxIterations(sizes))];
        return sizes;
    }

    /**
     * Half the blocking harness's: a size runs the call twice (pure, then overlapped), so a
     * round still starts it {@value TimedCallBenchmark#JIT_WARMUP_ITERATIONS} times.
     */
    @Override
    protected int jitWarmupIterations() {
        return JIT_WARMUP_ITERATIONS / 2;
    }

    @Override
    protected ResultTable table(Options o) {
        List<String> columns = new ArrayList<>(
                List.of("Overall(us)", "Compute(us)", "Pure Comm.(us)", "Overlap(%)"));
        if (o.fullStats()) {
            columns.addAll(List.of("Min Overall(us)", "Max Overall(us)"));
        }
        boolean data = collective().hasData();
        ResultTable table = new ResultTable(title, o.api(),
                data ? o.type().datatype().getName() : null, data, columns,
                o.fullStats(), o.validate(),
                o.tails().headers(Metric.COLLECTIVE_LATENCY.tailUnit()));
        return table.withTransmitSize(o.data().derived(), o.type().size());
    }

    @Override
    protected ResultTable.Row atSize(int size, int warmup, int iterations) throws MPIException {
        size = prepareSize(size);
        comm.barrier();
        for (int i = 0; i < warmup; i++) {
            pure(i);
        }
        long pureSum = 0;
        for (int i = 0; i < iterations; i++) {
            pureSum += pure(warmup + i);
        }
        compute.calibrate(pureSum / iterations);
        comm.barrier();
        for (int i = 0; i < warmup; i++) {
            overlapped(warmup + iterations + i);
        }
        long overallSum = 0;
        long computeSum = 0;
        for (int i = 0; i < iterations; i++) {
            times[i] = overlapped(2 * warmup + iterations + i);
            overallSum += times[i];
            computeSum += computeNanos;
        }
        double overall = overallSum / 1e3 / iterations; // this rank's, in microseconds
        Overlap o = new Overlap(overRanks(overall, MPI.SUM),
                overRanks(computeSum / 1e3 / iterations, MPI.SUM),
                overRanks(pureSum / 1e3 / iterations, MPI.SUM));
        boolean full = options().fullStats();
        double[] values = full ? new double[6] : new double[4];
        values[0] = o.overallUs();
        values[1] = o.computeUs();
        values[2] = o.pureCommUs();
        values[3] = o.percent();
        if (full) {
            values[4] = overRanks(overall, MPI.MIN);
            values[5] = overRanks(overall, MPI.MAX);
        }
        IterationStatistics it = ofIterations(options().tails(), times, iterations, true,
                Metric.COLLECTIVE_LATENCY, size, 1);
        return new ResultTable.Row(size, values, iterations, passed(), it.tails(),
                it.statistics());
    }

    /** A call started and waited for at once: timed, with validation and a barrier around it. */
    private long pure(int call) throws MPIException {
        beforeCall(call);
        long time = timePure();
        afterCall();
        comm.barrier();
        return time;
    }

    /** The timed bracket of the pure communication, a method of its own for the JIT. */
    private long timePure() throws MPIException {
        long start = System.nanoTime();
        Request r = options().inPlace() ? startInPlace() : start();
        r.waitFor();
        return System.nanoTime() - start;
    }

    /** A call overlapped with the computation: timed, with validation and a barrier around it. */
    private long overlapped(int call) throws MPIException {
        beforeCall(call);
        long time = timeOverlapped();
        afterCall();
        comm.barrier();
        return time;
    }

    /** Start, compute (with test calls), wait: timed as a whole, and the computation alone. */
    private long timeOverlapped() throws MPIException {
        long start = System.nanoTime();
        pending = options().inPlace() ? startInPlace() : start();
        long computeStart = System.nanoTime();
        long inTests = compute.run(options().testCalls(), testPending);
        computeNanos = System.nanoTime() - computeStart - inTests;
        pending.waitFor();
        pending = null;
        return System.nanoTime() - start;
    }
}
