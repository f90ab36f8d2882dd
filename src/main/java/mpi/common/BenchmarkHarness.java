package mpi.common;

import java.io.PrintStream;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.common.binding.LoadedBinding;
import mpi.common.binding.NonBlockingCalls;
import mpi.common.clock.ClockInfo;
import mpi.common.collective.CollectiveBenchmark;
import mpi.common.collective.CollectiveSpec;
import mpi.common.collective.algorithms.Algorithm;
import mpi.common.collective.algorithms.AlgorithmMenu;
import mpi.common.collective.algorithms.AlgorithmOption;
import mpi.common.graph.GraphRecorder;
import mpi.common.graph.ProgramNames;
import mpi.common.graph.Quantity;
import mpi.common.options.Api;
import mpi.common.options.IterationPolicy;
import mpi.common.options.Options;
import mpi.common.options.Timing;
import mpi.common.options.UsageException;
import mpi.common.output.ResultTable;
import mpi.common.pt2pt.Hosts;
import mpi.common.progress.Progress;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.results.ResultsRecorder;
import mpi.common.stats.IterationStatistics;
import mpi.common.stats.Metric;
import mpi.common.stats.Percentiles;
import mpi.common.stats.Precision;
import mpi.common.stats.RowStatistics;
import mpi.common.stats.TukeyFences;

/**
 * What every benchmark's harness does around its measurements: the run from the command line
 * to the exit code ({@link BenchmarkRunner}), the table rank 0 prints, the JIT warm-up before
 * the first size, one row per message size, and the reductions over ranks that turn each
 * rank's measurements into a row. A subclass ({@link PointToPointBenchmark},
 * {@link CollectiveBenchmark}) sets up its buffers and measures one size.
 *
 * <p>The JIT warm-up runs the code of a size (measurement, reductions, formatting) until the
 * JIT has compiled it and gone quiet, so that no size is measured in the interpreter and no
 * compilation steals CPU time from a timed size; the results are dropped. Every rank runs the
 * same iterations, or the calls would not match. The binding takes size-dependent paths
 * (staging memory by size class, protocol thresholds) that a warm-up at one size never takes;
 * compiled code meeting such a path is thrown away and runs interpreted again until
 * recompiled, which would slow the size where it happens. So the compiled code first meets
 * every size of the run up to {@value #SIZE_SWEEP_MAX_SIZE} bytes, a few iterations each. Then rounds over the
 * run's small sizes ({@link #roundSizes}), each at least 10 ms long ({@link #passesFor}), go
 * on until the warm-up is steady or at its cap, as {@link WarmUpRule} decides from one
 * reduction per round: the JIT quiet on every rank, the round times no longer improving and
 * the timed loop run long enough for C2 to compile it. A warm-up stopped at its cap is said
 * in a comment line before the first row. When the ranks run on more than one host, a round is a tenth as
 * long ({@value #NETWORK_ROUND_DIVISOR}): a round trip over a network costs tens of one over
 * shared memory (over TCP between two hosts of MultiHostIT, a latency run spent half a minute
 * in the warm-up), and the rounds still repeat until the warm-up is steady.
 */
public abstract class BenchmarkHarness {
    /** Largest size of the JIT warm-up: small, so that it costs little time. */
    private static final int JIT_WARMUP_MAX_SIZE = 1024;
    /** The shortest JIT warm-up round worth calling quiet, in microseconds (WarmUpRule). */
    private static final int MIN_ROUND_MICROS = WarmUpRule.MIN_ROUND_MICROS;
    /** The JIT warm-up's first size runs its round's iterations in this many pieces. */
    private static final int FIRST_SIZE_PIECES = 20;
    /** A bound on a JIT warm-up round's passes over its sizes ({@link #passesFor}). */
    private static final int MAX_ROUND_PASSES = 100;
    /** A JIT warm-up round across hosts is this many times shorter (see the class comment). */
    private static final int NETWORK_ROUND_DIVISOR = 10;
    /** Iterations per size of the JIT warm-up's sweep: a first and a repeated call. */
    private static final int SIZE_SWEEP_ITERATIONS = 2;
    /**
     * The largest size the JIT warm-up's sweep visits, 64 MiB. A message above it takes tens
     * of milliseconds, so code that meets a new path there and is recompiled costs a share of
     * its time within the noise, while the sweep itself would cost whole iterations (at
     * 1 GiB, seconds each; a bandwidth window of 64 such messages, a minute): those sizes
     * rely on their warm-up iterations ({@code -x}), as in C OMB.
     */
    private static final int SIZE_SWEEP_MAX_SIZE = 64 << 20;
    private static final double[] NO_TAILS = new double[0];

    // Set up before the first iteration; subclasses read them and change none.
    /** The run's communicator ({@link #communicator()}): {@code MPI.COMM_WORLD} for the programs. */
    protected Intracomm comm;
    /** This process's rank. */
    protected int rank;
    /** The number of processes. */
    protected int processes;
    /** The non-blocking calls on {@link #comm}, for the run's kind of buffer ({@code -a}). */
    protected NonBlockingCalls nonBlocking;

    private final BenchmarkSpec spec;
    private final double[] local = new double[1];
    private final double[] global = new double[1];
    private final int[] localCount = new int[1];
    /**
     * A JIT warm-up round's answer: {compiled, milliseconds since the warm-up started,
     * microseconds the round took} on this rank, and on any rank (the maximum).
     */
    private final int[] roundLocal = new int[3], roundAny = new int[3];
    private final int[] count = new int[1];
    private long[] sampleSums = new long[0];
    private double[] samples = new double[0];
    /** With {@code -G}, on every rank (rank 0 keeps the iterations); else null. */
    private GraphRecorder graph;
    /** Whether the sizes measured now are the run's (not the JIT warm-up's): kept for -G. */
    private boolean recording;
    /** Whether rows keep their {@link RowStatistics} ({@code --stats} or {@code -o}). */
    private boolean keepStatistics;
    /** Their confidence level ({@code --level}). */
    private double statisticsLevel;
    /** {@code --outliers}' filter of the statistics, or null. */
    private TukeyFences outliers;

    /** @param spec the benchmark's title, defaults, options and process rule */
    protected BenchmarkHarness(BenchmarkSpec spec) {
        this.spec = spec;
    }

    /**
     * Runs the benchmark with the program's arguments, then exits the JVM (see
     * {@link BenchmarkRunner} for exit codes).
     *
     * @param args the arguments of {@code main}
     */
    public final void run(String[] args) {
        BenchmarkRunner.run(job(args));
    }

    /**
     * @param args the benchmark's arguments
     * @return this benchmark as the runner takes it, for a suite that runs many in one process
     */
    public final BenchmarkRunner.Job job(String[] args) {
        return new BenchmarkRunner.Job(program(), spec, args, this::execute);
    }

    /** @return the benchmark's name, which starts every message: its class's simple name */
    protected String program() {
        return getClass().getSimpleName();
    }

    /**
     * Runs the measurements with settings already parsed and checked, in this process, without
     * the runner: no exit, no refusal lines; every rank of {@link #communicator()} calls it. For
     * a subclass that is its own caller's entry (a library's), which checks what the runner
     * would have checked.
     *
     * @param options the settings
     * @return whether every size passed its validation
     * @throws MPIException if an MPI call fails
     * @throws UsageException if the run cannot go on as asked, at every rank alike
     */
    protected final boolean runWith(Options options) throws MPIException, UsageException {
        return execute(options);
    }

    /**
     * @return the communicator whose ranks run the benchmark: {@code MPI.COMM_WORLD} for the
     *         suite's programs
     */
    protected Intracomm communicator() {
        return MPI.COMM_WORLD;
    }

    /**
     * @return where rank 0 prints the table, or null for nowhere (then no progress lines
     *         either): {@code System.out} for the suite's programs
     */
    protected PrintStream output() {
        return System.out;
    }

    /**
     * Receives each size's row as it is printed, at every rank (only rank 0's is complete); by
     * default nothing.
     *
     * @param row the row
     */
    protected void measured(ResultTable.Row row) {
    }

    /**
     * Sets up the run: buffers (allocated once, for the largest size) and everything the
     * measurements need. {@link #comm}, {@link #rank} and {@link #processes} are set.
     *
     * @param options the benchmark's settings
     * @return the message sizes to run, in order; at least one
     * @throws MPIException if an MPI call fails
     * @throws UsageException if the run cannot go on as asked, on every rank alike (such as
     *         a congestion benchmark's processes all on one host)
     */
    protected abstract int[] setUp(Options options) throws MPIException, UsageException;

    /** @return the table rank 0 prints, for these settings */
    protected abstract ResultTable table(Options options);

    /**
     * The comment lines after the title and datatype, such as the one-sided benchmarks'
     * {@code # Window creation:} and {@code # Synchronization:}; by default the binding's,
     * after {@code -a objects}'s line on the serializer, the payload and the size column, and
     * before {@code --timing}'s line on what an iteration's value is.
     *
     * @param options the benchmark's settings
     * @param binding the binding line, {@code # Binding: ...}
     * @return the lines, each starting with {@code #}
     */
    protected String[] context(Options options, String binding) {
        java.util.List<String> lines = new java.util.ArrayList<>();
        if (options.api() == Api.OBJECTS) {
            lines.add(options.objects().headerLine());
        }
        lines.add(binding);
        if (options.timing() != Timing.OMB) {
            lines.add("# Timing: " + options.timing().label() + ": "
                    + options.timing().description() + (clock.maxErrorNanos() == null ? ""
                    : String.format(java.util.Locale.ROOT, "; clocks mapped to rank 0's within"
                    + " %.1f us by ping-pongs", clock.maxErrorNanos() / 1e3)));
        }
        return lines.toArray(new String[0]);
    }

    /** The run's clock, once {@link #setUp} has run. */
    private ClockInfo clock;

    /**
     * @return the clock this benchmark's times come from, after {@link #setUp}: by default
     *         each rank's own, unsynchronized; every rank calls it
     * @throws MPIException if a benchmark that synchronizes clocks fails to agree on them
     */
    protected ClockInfo clock() throws MPIException {
        return ClockInfo.local();
    }

    /** @return timed iterations per round of the JIT warm-up, the same on every rank */
    protected abstract int jitWarmupIterations();

    /**
     * @return whether {@link #jitWarmupIterations()} is already sized for round trips over a
     *         network (the transport benchmarks: TCP even on one host), so that it is not
     *         shortened again when the ranks run on more than one host
     */
    protected boolean jitWarmupSizedForNetwork() {
        return false;
    }

    /**
     * Measures at one size and combines the ranks' results: every rank calls it with the same
     * arguments. Only rank 0's row needs to be complete.
     *
     * @param size       the message size in bytes
     * @param warmup     untimed iterations first
     * @param iterations timed iterations then
     * @return the row of this size
     * @throws MPIException if an MPI call fails
     */
    protected abstract ResultTable.Row atSize(int size, int warmup, int iterations)
            throws MPIException;

    /**
     * Frees, after the last size, what {@link #setUp} took that would outlive the run in a
     * process that goes on to other benchmarks (a suite): connections, threads. Every rank
     * calls it, also when the run stopped with a {@link UsageException}; not after an MPI
     * error (the process aborts). By default nothing.
     *
     * @throws MPIException if an MPI call fails
     */
    protected void release() throws MPIException {
    }

    private boolean execute(Options options) throws MPIException, UsageException {
        if (options.algorithm().kind() == AlgorithmOption.Kind.DEFAULT) {
            return once(options);
        }
        if (!(spec instanceof CollectiveSpec c)) {
            throw new IllegalStateException(program() + " takes no --algorithm");
        }
        Intracomm base = communicator();
        AlgorithmMenu menu = AlgorithmMenu.find(c.algorithmOperation(), c.nonBlocking(),
                LoadedBinding.get().library());
        if (options.algorithm().kind() == AlgorithmOption.Kind.LIST) {
            PrintStream out = output();
            if (base.getRank() == 0 && out != null) {
                menu.listing().forEach(out::println);
                out.flush();
            }
            return true;
        }
        java.util.List<Algorithm> chosen = menu.chosen(options.algorithm());
        int before = menu.current();
        boolean passed = true;
        sweepWarmUp = null;
        for (Algorithm a : chosen) {
            // Every rank writes the variable, then a new communicator takes it up (Open MPI's
            // tuned component reads a forced algorithm when a communicator is made).
            menu.select(a);
            algorithmComm = base.dup();
            algorithmLine = menu.headerLine(a);
            try {
                passed &= once(options.withAlgorithm(AlgorithmOption.selected(
                        menu.variable().name(), a)));
                sweepWarmUp = warmUp;
            } finally {
                algorithmComm.free();
                algorithmComm = null;
                algorithmLine = null;
            }
        }
        menu.select(new Algorithm(before, "before")); // what runs next in this process
        sweepWarmUp = null;
        return passed;
    }

    /** With {@code --algorithm}: the communicator made after the algorithm's selection. */
    private Intracomm algorithmComm;
    /** With {@code --algorithm}: the table's line naming the algorithm. */
    private String algorithmLine;
    /** With {@code --algorithm all}: how the first algorithm's JIT warm-up ended, for the rest. */
    private WarmUpRule.Outcome sweepWarmUp;

    private boolean once(Options options) throws MPIException, UsageException {
        boolean passed;
        try {
            passed = measure(options);
        } catch (UsageException e) {
            release();
            throw e;
        }
        release();
        return passed;
    }

    private boolean measure(Options options) throws MPIException, UsageException {
        comm = algorithmComm != null ? algorithmComm : communicator();
        rank = comm.getRank();
        processes = comm.getSize();
        nonBlocking = NonBlockingCalls.of(options.api() == Api.ARRAYS, comm);
        keepStatistics = options.statistics().columns() || options.results().enabled();
        statisticsLevel = options.statistics().level();
        int[] sizes = setUp(options);
        IterationPolicy policy = options.iterations();
        ResultTable table = table(options);
        if (options.statistics().columns()) { // every family's: last, after C OMB's columns
            table.withStatistics(statisticsLevel);
        }
        outliers = options.statistics().outliers();
        if (outliers != null) {
            table.withOutliersColumn(outliers);
        }
        Precision precision = options.statistics().precision();
        if (precision != null) {
            table.withPreciseColumn();
        }
        PrintStream out = output();
        boolean printing = rank == 0 && out != null;
        // The column header waits for the warm-up: a warm-up stopped at its cap says so above
        // it, where parsers of OMB's tables expect comment lines.
        clock = clock();
        String[] context = context(options, LoadedBinding.get().headerLine());
        if (algorithmLine != null) {
            context = java.util.Arrays.copyOf(context, context.length + 1);
            context[context.length - 1] = algorithmLine;
        }
        java.util.List<String> preamble = table.preamble(context);
        if (printing) {
            preamble.subList(0, preamble.size() - 1).forEach(out::println);
            out.flush();
        }
        // -o: the rows also as JSON and CSV; progress on stderr (mpi.common.results, .progress)
        ResultsRecorder results = ResultsRecorder.start(program(), table, options, comm);
        results.clock(clock);
        boolean keep = options.results().enabled(); // the same at every rank
        if (keep) {
            agreeOn(results.prepare());
        }
        Progress progress = Progress.start(program(), sizes.length, printing);
        graph = options.graph().any() ? new GraphRecorder(ProgramNames.cName(program())
                .orElseThrow(), options.graph()) : null;
        jitWarmup = true;
        // --algorithm all: the Java code is the same for every algorithm, warmed up once
        warmUp = !options.jitWarmup() ? WarmUpRule.Outcome.OFF
                : sweepWarmUp != null ? sweepWarmUp : warmUpJit(sizes, table);
        jitWarmup = false;
        results.jitWarmUp(warmUp);
        if (printing) {
            if (warmUp.commentLine() != null) {
                out.println(warmUp.commentLine());
            }
            out.println(preamble.get(preamble.size() - 1));
            out.flush();
        }
        boolean passed = true;
        recording = true;
        for (int size : sizes) {
            progress.next(size);
            ResultTable.Row row = precision == null
                    ? atSize(size, policy.warmup(size), policy.iterations(size))
                    : precisely(size, policy, precision);
            passed &= row.passed();
            results.add(row);
            measured(row);
            if (printing) {
                out.println(table.row(row));
                out.flush();
            }
            // Graphs (-G): the size's iterations were kept by ofIterations(); the title's average
            if (graph != null && rank == 0) {
                graph.average(row.values()[0]);
            }
        }
        if (keep) {
            agreeOn(results.write());
        }
        recording = false;
        drawGraphs();
        return passed;
    }

    /**
     * Measures a size until its row is as precise as {@code --precision} asks, or at the most
     * iterations: attempts of {@code MIN}, twice as many, and so on ({@link Precision}), each
     * a whole measurement with the size's warm-up; rank 0 judges each attempt's statistics
     * and one reduction tells every rank, outside the timed loops.
     *
     * @return the last attempt's row, saying whether it reached the precision
     */
    private ResultTable.Row precisely(int size, IterationPolicy policy, Precision precision)
            throws MPIException {
        int limit = policy.iterations(size);
        int n = precision.first(size, policy);
        while (true) {
            ResultTable.Row row = atSize(size, policy.warmup(size), n);
            boolean reached = ranksWhere(rank == 0 && precision.reached(row.statistics())) > 0;
            if (reached || n >= limit) {
                return rank != 0 ? row : new ResultTable.Row(row.size(), row.values(),
                        row.iterations(), row.passed(), row.tails(),
                        row.statistics().withPrecise(reached), row.windows());
            }
            n = Precision.next(n, limit);
        }
    }

    /**
     * Every rank calls it: a problem at one rank (rank 0's, writing the results) stops the
     * run at every rank, as a {@link UsageException} whose line rank 0 prints.
     *
     * @param problem this rank's problem, or null
     * @throws UsageException at every rank if a rank has one
     */
    private void agreeOn(String problem) throws MPIException, UsageException {
        if (ranksWhere(problem != null) > 0) {
            throw new UsageException(problem != null ? problem : "a rank could not go on");
        }
    }

    /**
     * Graphs ({@code -G}): rank 0 draws them after the table, the text plots on stdout and the
     * files in the working directory, as C OMB 7.4 does.
     *
     * @throws UsageException at rank 0 alone, if a file cannot be written (no rank waits on
     *         it: the measurements are over)
     */
    private void drawGraphs() throws UsageException {
        if (graph == null || rank != 0) {
            return;
        }
        try {
            graph.draw(java.nio.file.Path.of(""), System.out);
        } catch (java.io.IOException | RuntimeException e) {
            throw new UsageException("cannot draw the graphs (-G) in "
                    + java.nio.file.Path.of("").toAbsolutePath() + ": " + e.getMessage());
        }
    }

    /** Whether {@link #atSize} runs for the JIT warm-up (its rows are not printed). */
    private boolean jitWarmup;
    /** How the JIT warm-up ended, once it has. */
    private WarmUpRule.Outcome warmUp;

    /**
     * @return whether the current {@link #atSize} call is the harness's JIT warm-up, whose
     *         rows are dropped: work that only matters to printed rows (C OMB's -u repeats)
     *         may be left out
     */
    protected final boolean inJitWarmup() {
        return jitWarmup;
    }

    /** See the class comment. */
    private WarmUpRule.Outcome warmUpJit(int[] sizes, ResultTable table) throws MPIException {
        int[] small = roundSizes(sizes);
        int perRound = jitWarmupIterations();
        if (!jitWarmupSizedForNetwork() && Hosts.spanned(comm)) {
            perRound = Math.max(1, perRound / NETWORK_ROUND_DIVISOR);
        }
        int perSize = Math.max(1, perRound / small.length);
        JitMonitor jit = new JitMonitor();
        WarmUpRule rule = WarmUpRule.forRoundsOf(perRound, Hosts.oversubscribed(comm));
        long start = System.nanoTime();
        // The first size until its code is compiled, in pieces: where an iteration takes
        // milliseconds (more ranks than cores), the cap stops it between two of them.
        int piece = Math.max(1, perRound / FIRST_SIZE_PIECES);
        for (int done = 0; done < perRound; done += piece) {
            atSize(small[0], 0, piece);
            if (rule.before(piece, agreedMillis(start)) != null) {
                return rule.outcome();
            }
        }
        long swept = 0;
        for (int size : sizes) {
            if (size <= SIZE_SWEEP_MAX_SIZE) {
                atSize(size, 0, SIZE_SWEEP_ITERATIONS);
                swept += SIZE_SWEEP_ITERATIONS;
            }
        }
        jit.compiledSinceLastLook(); // the rounds judge what the JIT does from here on
        if (rule.before(swept, agreedMillis(start)) != null) {
            return rule.outcome();
        }
        int passes = 1;
        while (true) {
            long roundStart = System.nanoTime();
            ResultTable.Row row = null;
            for (int pass = 0; pass < passes; pass++) {
                for (int size : small) {
                    row = atSize(size, 0, perSize);
                }
            }
            if (rank == 0) {
                table.row(row);
            }
            long now = System.nanoTime();
            boolean compiled = !jit.supported() || jit.compiledSinceLastLook();
            // One reduction answers all three: whether any rank compiled, how long the
            // slowest rank's round took and the warm-up so far.
            roundLocal[0] = compiled ? 1 : 0;
            roundLocal[1] = (int) Math.min(Integer.MAX_VALUE, (now - start) / 1_000_000);
            roundLocal[2] = (int) Math.min(Integer.MAX_VALUE, (now - roundStart) / 1000);
            comm.allReduce(roundLocal, roundAny, 3, MPI.INT, MPI.MAX);
            if (rule.round(roundAny[0] == 1, roundAny[2], passes,
                    (long) passes * perSize * small.length, roundAny[1]) != null) {
                return rule.outcome();
            }
            passes = passesFor(passes, roundAny[2]);
        }
    }

    /**
     * @param start when the warm-up started, by {@link System#nanoTime()}
     * @return on every rank, the longest any rank has been in the warm-up, in milliseconds
     */
    private long agreedMillis(long start) throws MPIException {
        roundLocal[0] = (int) Math.min(Integer.MAX_VALUE, (System.nanoTime() - start) / 1_000_000);
        comm.allReduce(roundLocal, roundAny, 1, MPI.INT, MPI.MAX);
        return roundAny[0];
    }

    /**
     * How many passes over the small sizes the next JIT warm-up round makes, so that a round
     * lasts at least {@value #MIN_ROUND_MICROS} us. A quiet round says something only if it
     * is longer than the compilations it would have seen (the JIT reports its time in whole
     * milliseconds), and the timed loop itself is compiled only once it has looped some
     * 100,000 times (HotSpot's thresholds for compiling a loop of a method called rarely):
     * a round of 5000 one-sided operations at 0.06 us took 0.3 ms, the warm-up ended before
     * C2 compiled the loop, and the compilation fell into the timed size (one epoch of 2-5 ms
     * in one run of two, osu_get_latency 8 B 0.3-0.8 us against 0.05-0.07).
     *
     * @param passes the passes of the round just made
     * @param micros how long that round took on the slowest rank, in microseconds
     * @return the passes of the next round: never fewer, at most {@value #MAX_ROUND_PASSES}
     */
    static int passesFor(int passes, int micros) {
        if (micros >= MIN_ROUND_MICROS) {
            return passes;
        }
        long needed = ((long) passes * MIN_ROUND_MICROS + micros - 1) / Math.max(1, micros);
        return (int) Math.min(MAX_ROUND_PASSES, Math.max(passes, needed));
    }

    /**
     * The sizes a JIT warm-up round runs: every size of the run up to
     * {@value #JIT_WARMUP_MAX_SIZE} bytes (at least the smallest, capped there). The JDK's
     * and the binding's code takes size-dependent branches among small sizes too (a direct
     * buffer's bulk copy of a Java array loops up to 6 bytes and calls a copy routine above):
     * rounds at one size profile one branch only, the JIT compiles the other as never taken,
     * and the first size that takes it runs deoptimized while the method is compiled again
     * (osu_latency -a arrays -m 1:64 measured 8 bytes at 0.37-0.40 us against 0.16-0.18 us
     * on either side).
     *
     * @param sizes the run's sizes, ascending
     * @return the sizes of a round, ascending, never empty
     */
    static int[] roundSizes(int[] sizes) {
        int n = 0;
        while (n < sizes.length && sizes[n] <= JIT_WARMUP_MAX_SIZE) {
            n++;
        }
        return n == 0 ? new int[] {Math.min(sizes[0], JIT_WARMUP_MAX_SIZE)}
                : java.util.Arrays.copyOf(sizes, n);
    }

    /**
     * @param value this rank's value
     * @param op    {@code MPI.SUM}, {@code MPI.MIN} or {@code MPI.MAX}
     * @return at rank 0, the reduction of every rank's value with {@code op}, a sum divided by
     *         the number of ranks (their average); elsewhere undefined
     * @throws MPIException if the reduction fails
     */
    protected final double overRanks(double value, Op op) throws MPIException {
        local[0] = value;
        comm.reduce(local, global, 1, MPI.DOUBLE, op, 0);
        return op == MPI.SUM ? global[0] / processes : global[0];
    }

    /**
     * @param condition whether the condition holds at this rank
     * @return on every rank, the number of ranks where it holds
     * @throws MPIException if the reduction fails
     */
    protected final int ranksWhere(boolean condition) throws MPIException {
        localCount[0] = condition ? 1 : 0;
        comm.allReduce(localCount, count, 1, MPI.INT, MPI.SUM);
        return count[0];
    }

    /**
     * What a row takes from the values of its iterations at a size: the tail percentiles
     * ({@code -z}) and its precision ({@link RowStatistics}: {@code --stats}, and always with
     * {@code -o}); with {@code -G}, rank 0 also keeps the iterations' values for the graphs.
     * All after the timed loop, from the times the harness stores anyway.
     *
     * @param tails     the percentiles; none, and neither statistics nor graphs asked for,
     *                  give {@link IterationStatistics#NONE} at once
     * @param times     the time of each iteration at this rank, in nanoseconds
     * @param n         the number of iterations; 0 gives NaN percentiles and
     *                  {@link RowStatistics#none} (every call of a {@code --timing global}
     *                  size invalid)
     * @param overRanks whether an iteration's time is the average over ranks of their times
     *                  for it (as C OMB's collectives); else this rank's time
     * @param metric    turns an iteration's time into its value
     * @param size      the message size in bytes
     * @param window    messages per iteration (bandwidth)
     * @return at rank 0, the percentiles of the iterations' values and their statistics (null
     *         unless asked for); elsewhere undefined
     * @throws MPIException if the reduction over ranks fails
     */
    protected final IterationStatistics ofIterations(Percentiles tails, long[] times, int n,
            boolean overRanks, Metric metric, int size, int window) throws MPIException {
        if (tails.isEmpty() && graph == null && !keepStatistics) {
            return IterationStatistics.NONE;
        }
        if (n == 0) { // --timing global where no call started in its window: nothing to summarise
            double[] none = new double[tails.size()];
            java.util.Arrays.fill(none, Double.NaN);
            return new IterationStatistics(none, keepStatistics && rank == 0
                    ? RowStatistics.none(statisticsLevel) : null);
        }
        if (samples.length < n) {
            samples = new double[n];
            sampleSums = new long[n];
        }
        if (overRanks) {
            comm.reduce(times, sampleSums, n, MPI.LONG, MPI.SUM, 0);
            for (int i = 0; i < n; i++) {
                samples[i] = metric.ofIteration((double) sampleSums[i] / processes, size, window);
            }
        } else {
            for (int i = 0; i < n; i++) {
                samples[i] = metric.ofIteration(times[i], size, window);
            }
        }
        if (graph != null && recording && rank == 0) { // -G: before the statistics sort them
            graph.record(size, samples, n, metric.tailUnit().equals(Metric.LATENCY.tailUnit())
                    ? Quantity.LATENCY : Quantity.BANDWIDTH);
        }
        RowStatistics statistics = keepStatistics && rank == 0
                ? RowStatistics.of(samples, n, statisticsLevel, outliers) : null;
        return new IterationStatistics(tails.isEmpty() ? NO_TAILS : tails.of(samples, n),
                statistics);
    }

    /**
     * @param options a run's settings
     * @return whether its rows need the value of every timed iteration ({@code -z},
     *         {@code -G}, {@code --stats}, {@code -o}): a family that times its iterations as
     *         one interval unless asked (one-sided) reads the clock after each then
     */
    protected static boolean keepsIterations(Options options) {
        return !options.tails().isEmpty() || options.graph().any()
                || options.statistics().columns() || options.results().enabled();
    }
}
