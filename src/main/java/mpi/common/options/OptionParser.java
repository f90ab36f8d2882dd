package mpi.common.options;

import java.math.BigInteger;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;

import mpi.common.BenchmarkSpec;
import mpi.common.bigdata.ShuffleOptions;
import mpi.common.collective.algorithms.AlgorithmOption;
import mpi.common.bigdata.ShuffleTransport;
import mpi.common.data.ElementType;
import mpi.common.graph.GraphOutputs;
import mpi.common.objects.ObjectOptions;
import mpi.common.objects.Payload;
import mpi.common.objects.SerializerKind;
import mpi.common.onesided.Synchronization;
import mpi.common.onesided.WindowCreation;
import mpi.common.results.ResultFiles;
import mpi.common.stats.Percentiles;
import mpi.common.threads.ThreadCounts;
import mpi.common.topology.Topology;

/**
 * Reads a benchmark's command line into {@link Options}, with commons-cli. The options are
 * those of C OMB, with its short and long names, plus {@code -a} of the Java OMB:
 * {@code -m [MIN:]MAX}, {@code -x N}, {@code -i N}, {@code -W N}, {@code -t CALLS},
 * {@code -k ROOT}, {@code -l}, {@code -T TYPE}, {@code -w create|allocate|dynamic},
 * {@code -s SYNC}, {@code -N cart:D:R|graph:FILE}, {@code -a buffer|arrays}, {@code -c},
 * {@code -f}, {@code -z [LIST]}, {@code -M BYTES}, {@code -h}, {@code -v}, and
 * {@code -o DIR} of the Java OMB (results as JSON and CSV; no C OMB 7.4 option uses
 * {@code -o}). A benchmark takes
 * the common ones and those of its {@link BenchmarkSpec#features()}; any other is unknown.
 * A value may follow its option as the next argument or attached ({@code -m128}); given
 * twice, the last one counts, as with C OMB's getopt.
 *
 * <p>Counts: {@code -i}, {@code -W} and {@code -t} must be positive; {@code -x} may be 0
 * (no warm-up), as C OMB allows. Every rank parses the same arguments, so all ranks reach
 * the same verdict without communicating. What needs the number of processes (a root rank,
 * sizes under the memory limit) is checked once MPI runs
 * ({@link BenchmarkSpec#checkOptions}).
 */
public final class OptionParser {
    /** C OMB's default {@code -M}: 512 MiB. */
    public static final long DEFAULT_MEMORY_LIMIT = 512L << 20;
    /** C OMB's default {@code -W}: messages in flight per bandwidth iteration. */
    public static final int DEFAULT_WINDOW = 64;
    /** C OMB's default {@code -t}: no test calls during a non-blocking collective's compute. */
    public static final int DEFAULT_TEST_CALLS = 0;
    /** A shuffle's fetch latency percentiles when {@code -z} is not given: P50 and P99. */
    private static final Percentiles SHUFFLE_TAILS = shuffleTails();

    /** The long name of {@code --timing}. */
    static final String TIMING = "timing";
    /** The long name of {@code --algorithm}. */
    static final String ALGORITHM = "algorithm";
    /** The long name of {@code --jit-warmup}. */
    static final String JIT_WARMUP = "jit-warmup";

    private final BenchmarkSpec spec;
    private final Set<Feature> features;

    private static Percentiles shuffleTails() {
        try {
            return Percentiles.parse("50,99");
        } catch (UsageException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @param spec the benchmark whose options and defaults apply */
    public OptionParser(BenchmarkSpec spec) {
        this.spec = spec;
        this.features = spec.features();
    }

    /**
     * @param args the program's arguments
     * @return the settings; with {@code -h} or {@code -v} the other values are not checked
     * @throws UsageException naming the first problem found, in one line
     */
    public Options parse(String... args) throws UsageException {
        CommandLine line = commandLine(args);
        boolean help = line.hasOption('h');
        boolean version = line.hasOption('v');
        if (help || version) {
            return new Options(defaultSizes(spec.defaultType()), spec.defaultIterations(),
                    DEFAULT_WINDOW, Api.BUFFER, spec.defaultType(), false, false,
                    Percentiles.NONE, Root.ZERO, false, DEFAULT_TEST_CALLS, DEFAULT_MEMORY_LIMIT,
                    spec.defaultWindowCreation(), spec.defaultSynchronization(),
                    Topology.DEFAULT, help, version, 0, ThreadCounts.DEFAULT, ResultFiles.NONE,
                    GraphOutputs.NONE, DataOptions.DEFAULT, ObjectOptions.DEFAULT,
                    ShuffleOptions.DEFAULT, StatisticsOptions.DEFAULT, Timing.OMB, true,
                    AlgorithmOption.DEFAULT);
        }
        refuse(line);
        java.util.Optional<String> noStatistics = spec.statisticsRefusal();
        if (noStatistics.isPresent() && StatisticsOptions.given(line)) {
            throw new UsageException("--" + StatisticsOptions.firstGiven(line) + ": "
                    + noStatistics.get());
        }
        boolean shuffle = features.contains(Feature.SHUFFLE);
        Api api = line.hasOption('a') ? Api.parse(last(line, 'a'))
                : shuffle ? Api.OBJECTS : Api.BUFFER;
        if (shuffle && api != Api.OBJECTS) {
            throw new UsageException("-a " + api.label() + ": a shuffle moves serialized records"
                    + " (-a objects; -S picks the serializer)");
        }
        ObjectOptions objects = objectOptions(line, api);
        ElementType type = line.hasOption('T') ? ElementType.parse(last(line, 'T'))
                : spec.defaultType();
        MessageSizes defaults = defaultSizes(type);
        MessageSizes sizes = line.hasOption('m')
                ? MessageSizes.parse(last(line, 'm'), defaults) : defaults;
        Integer iterations = line.hasOption('i') ? (int) count(line, 'i', 1) : null;
        Integer warmup = line.hasOption('x') ? (int) count(line, 'x', 0) : null;
        int window = line.hasOption('W') ? (int) count(line, 'W', 1) : DEFAULT_WINDOW;
        boolean threaded = features.contains(Feature.THREADS);
        int testCalls = line.hasOption('t') && features.contains(Feature.TEST_CALLS)
                ? (int) count(line, 't', 1)
                : DEFAULT_TEST_CALLS;
        ThreadCounts threads = line.hasOption('t') && threaded ? ThreadCounts.parse(last(line, 't'))
                : ThreadCounts.DEFAULT;
        long memoryLimit = line.hasOption('M') ? count(line, 'M', 1) : DEFAULT_MEMORY_LIMIT;
        if (features.contains(Feature.MEMORY_LIMIT_REJECTS) && sizes.max() > memoryLimit) {
            throw new UsageException("max message size " + sizes.max()
                    + " is above the memory limit of " + memoryLimit + " bytes (-M)");
        }
        if (features.contains(Feature.DATATYPE) && sizes.largest() < type.size()) {
            throw new UsageException("no message size of " + sizes.min() + ":" + sizes.max()
                    + " holds one " + type.label() + " (" + type.size() + " bytes, -T)");
        }
        Percentiles tails = line.hasOption('z') ? Percentiles.parse(lastOrNull(line, 'z'))
                : shuffle ? SHUFFLE_TAILS : Percentiles.NONE;
        Root root = line.hasOption('k') ? Root.parse(last(line, 'k')) : Root.ZERO;
        WindowCreation creation = line.hasOption('w') ? WindowCreation.parse(last(line, 'w'))
                : spec.defaultWindowCreation();
        Synchronization sync = line.hasOption('s')
                ? Synchronization.parse(last(line, 's'), spec.synchronizations())
                : spec.defaultSynchronization();
        Topology topology = line.hasOption('N') ? Topology.parse(last(line, 'N'))
                : Topology.DEFAULT;
        int pairs = line.hasOption('p') ? (int) count(line, 'p', 1) : 0;
        ResultFiles results = line.hasOption('o') ? ResultFiles.parse(last(line, 'o'))
                : ResultFiles.NONE;
        StatisticsOptions statistics = StatisticsOptions.read(line);
        Timing timing = line.hasOption(TIMING) ? Timing.parse(line.getOptionValues(TIMING)[
                line.getOptionValues(TIMING).length - 1]) : Timing.OMB;
        if (timing == Timing.GLOBAL && line.hasOption('c')) {
            throw new UsageException("--timing global starts each call in its window, with no"
                    + " barrier between calls; -c's checks need one: run -c without it");
        }
        IterationPolicy policy = spec.defaultIterations().override(iterations, warmup);
        if (statistics.precision() != null) {
            if (iterations != null) {
                throw new UsageException("--precision sets each size's iterations (its MIN and"
                        + " MAX); -i too: give one of them");
            }
            if (graph(line).any()) {
                throw new UsageException("--precision with -G: the graphs would draw every"
                        + " attempt of a size; run -G without it");
            }
            policy = statistics.precision().maxIterations(policy);
        }
        return new Options(sizes, policy, window,
                api, type, line.hasOption('c'), line.hasOption('f'), tails, root,
                line.hasOption('l'), testCalls, memoryLimit, creation, sync, topology, false,
                false, pairs, threads, results, graph(line), dataOptions(line), objects,
                shuffle ? shuffleOptions(line) : ShuffleOptions.DEFAULT, statistics, timing,
                jitWarmup(line), line.hasOption(ALGORITHM) ? AlgorithmOption.parse(
                        line.getOptionValues(ALGORITHM)[line.getOptionValues(ALGORITHM).length
                        - 1]) : AlgorithmOption.DEFAULT);
    }

    // ---- OSUShuffle: -n, -e, -F, -j, -Z, -t ----

    /** Reads a shuffle's shape. */
    private static ShuffleOptions shuffleOptions(CommandLine line) throws UsageException {
        ShuffleOptions d = ShuffleOptions.DEFAULT;
        return ShuffleOptions.of(
                line.hasOption('n') ? (int) count(line, 'n', 1) : d.mapOutputs(),
                line.hasOption('e') ? (int) count(line, 'e', 1) : d.partitions(),
                line.hasOption('F') ? (int) count(line, 'F', 1) : d.fetchesInFlight(),
                line.hasOption('j') ? (int) count(line, 'j', 1) : d.threads(),
                line.hasOption('Z') ? ShuffleOptions.parseSkew(last(line, 'Z')) : d.skew(),
                line.hasOption('t') ? ShuffleTransport.parse(last(line, 't')) : d.transport());
    }

    // ---- -a objects: -S and -O, and the options that have no meaning for objects ----

    /** Reads {@code -S} and {@code -O}; refuses what {@code -a objects} cannot take. */
    private ObjectOptions objectOptions(CommandLine line, Api api) throws UsageException {
        if (features.contains(Feature.SHUFFLE)) { // records always: -S alone
            return new ObjectOptions(line.hasOption('S') ? SerializerKind.parse(last(line, 'S'))
                    : ObjectOptions.DEFAULT.serializer(), Payload.RECORDS);
        }
        boolean objects = api == Api.OBJECTS;
        if (objects && !features.contains(Feature.OBJECTS)) {
            throw new UsageException("-a objects: " + spec.objectsRefusal());
        }
        for (char opt : new char[] {'S', 'O'}) {
            if (line.hasOption(opt) && !objects) {
                throw new UsageException("-" + opt + " needs -a objects (it picks the "
                        + (opt == 'S' ? "serializer" : "payload") + " of serialized objects)");
            }
        }
        if (!objects) {
            return ObjectOptions.DEFAULT;
        }
        for (char opt : new char[] {'T', 'D', 'b', 'l'}) {
            if (line.hasOption(opt)) {
                throw new UsageException("-" + opt + " with -a objects: objects travel as"
                        + " their serialized bytes (MPI_BYTE), one buffer per message");
            }
        }
        SerializerKind serializer = line.hasOption('S') ? SerializerKind.parse(last(line, 'S'))
                : ObjectOptions.DEFAULT.serializer();
        Payload payload = line.hasOption('O') ? Payload.parse(last(line, 'O'))
                : ObjectOptions.DEFAULT.payload();
        return new ObjectOptions(serializer, payload);
    }

    // ---- C OMB's less common options: -u, -b, -D, and -P, -I that a JVM cannot honour ----

    /** Reads {@code -u}, {@code -b}, {@code -D} and {@code -I}; refuses {@code -P}. */
    private DataOptions dataOptions(CommandLine line) throws UsageException {
        if (line.hasOption('P')) {
            throw new UsageException("-P: PAPI counters cannot be read from a JVM (no PAPI"
                    + " binding for Java); count events with perf stat around the ranks instead");
        }
        boolean validate = line.hasOption('c');
        int warmup = DataOptions.DEFAULT_VALIDATION_WARMUP;
        if (line.hasOption('u')) {
            warmup = (int) count(line, 'u', 0);
            if (warmup > DataOptions.MAX_VALIDATION_WARMUP) {
                throw new UsageException("-u " + warmup + " is too large (at most "
                        + DataOptions.MAX_VALIDATION_WARMUP + ", as C OMB)");
            }
        }
        boolean multiple = false;
        if (line.hasOption('b')) {
            String b = last(line, 'b').toLowerCase(java.util.Locale.ROOT);
            if (!b.equals("single") && !b.equals("multiple")) {
                throw new UsageException("-b needs single or multiple, got '" + last(line, 'b')
                        + "'");
            }
            multiple = b.equals("multiple");
        }
        mpi.common.data.DerivedLayout derived = line.hasOption('D')
                ? mpi.common.data.DerivedLayout.parse(last(line, 'D')) : null;
        // -u applies only where taken (C forces it to 0 without -c): elsewhere no repeats.
        boolean repeats = validate && features.contains(Feature.VALIDATION_WARMUP);
        return new DataOptions(repeats ? warmup : 0, multiple, derived, line.hasOption('I'));
    }

    /** The definitions of {@code -u}, {@code -b}, {@code -D}, {@code -P} and {@code -I}. */
    private static void addDataOptions(org.apache.commons.cli.Options o, Set<Feature> features) {
        if (features.contains(Feature.VALIDATION_WARMUP)) {
            o.addOption(withValue("u", "validation-warmup", "N", "with -c, repeat each"
                    + " iteration's exchange N times untimed before the timed one, 0 to "
                    + DataOptions.MAX_VALIDATION_WARMUP + " (default "
                    + DataOptions.DEFAULT_VALIDATION_WARMUP + ")"));
        }
        if (features.contains(Feature.BUFFERS)) {
            o.addOption(withValue("b", "buffer-num", "single|multiple", "single: one send and"
                    + " one receive buffer of the largest size for every message; multiple: a"
                    + " send and a receive buffer of each size allocated for it"
                    + (features.contains(Feature.WINDOW) ? ", a pair per window slot" : "")
                    + " (default single)"));
        }
        if (features.contains(Feature.DERIVED_TYPES)) {
            o.addOption(withValue("D", "ddt", "cont|vect:STRIDE:BLOCK|indx:FILE", "send each"
                    + " message as one derived datatype: contiguous, a vector of blocks of BLOCK"
                    + " elements STRIDE apart, or indexed by FILE's 'DISPLACEMENT, BLOCKLENGTH'"
                    + " lines; adds a Transmit Size column"));
        }
        o.addOption(withValue("P", "papi", "EVENTS[:PATH]", "PAPI counters: not available"
                + " from a JVM (refused)"));
        o.addOption("I", "session", false, "start through MPI sessions: refused (needs MPI 4"
                + " and a Session class the binding lacks)");
    }

    /**
     * The default sizes for messages of {@code type}: a size smaller than one element is not
     * run, so where the benchmark takes {@code -T}, the default minimum is at least the
     * type's size.
     */
    private MessageSizes defaultSizes(ElementType type) {
        MessageSizes d = spec.defaultSizes();
        if (!features.contains(Feature.DATATYPE)) {
            return d;
        }
        return new MessageSizes(Math.min(type.size(), d.max()), d.max());
    }

    /**
     * Refuses the first option given of a feature the spec refuses, naming it and why.
     *
     * @throws UsageException if one of {@link BenchmarkSpec#refusals()} is given
     */
    private void refuse(CommandLine line) throws UsageException {
        if (!features.contains(Feature.TIMING) && line.hasOption(TIMING)) {
            throw new UsageException("--" + TIMING + ": " + spec.timingRefusal());
        }
        org.apache.commons.cli.Options taken = definitions();
        for (Map.Entry<Feature, String> r : spec.refusals().entrySet()) {
            Set<Feature> with = EnumSet.of(r.getKey());
            with.addAll(features);
            for (Option o : definitions(with).getOptions()) {
                if (!taken.hasOption(o.getKey()) && line.hasOption(o)) {
                    throw new UsageException(name(o) + ": " + r.getValue());
                }
            }
        }
    }

    /**
     * The options the benchmark takes: those the usage text lists, shared with it so that the
     * two cannot disagree.
     */
    org.apache.commons.cli.Options definitions() {
        return definitions(features);
    }

    /**
     * @return the options the command line is read with: those taken and those refused, so
     *         that a refused one is named with its reason ({@link #refuse})
     */
    private org.apache.commons.cli.Options recognised() {
        Set<Feature> all = EnumSet.noneOf(Feature.class);
        all.addAll(spec.refusals().keySet());
        all.addAll(features);
        all.add(Feature.TIMING); // refused by name where not taken (refuse)
        return definitions(all, true);
    }

    /**
     * @param line the command line
     * @return whether the harness warms the JIT up ({@code --jit-warmup}, last value counts)
     * @throws UsageException if the value is neither auto nor off
     */
    private static boolean jitWarmup(CommandLine line) throws UsageException {
        String[] values = line.getOptionValues(JIT_WARMUP);
        if (values == null) {
            return true;
        }
        String value = values[values.length - 1];
        if (value.equals("auto") || value.equals("off")) {
            return value.equals("auto");
        }
        throw new UsageException("--jit-warmup needs auto or off, got '" + value + "'");
    }

    /**
     * @return the definitions of the common options and those of {@code features}, with
     *         {@code --stats} and {@code --level} unless the benchmark refuses them
     */
    private org.apache.commons.cli.Options definitions(Set<Feature> features) {
        return definitions(features, spec.statisticsRefusal().isEmpty());
    }

    /**
     * @param statistics whether to define {@code --stats} and {@code --level}
     * @return the definitions of the common options and those of {@code features}
     */
    private org.apache.commons.cli.Options definitions(Set<Feature> features,
            boolean statistics) {
        IterationPolicy it = spec.defaultIterations();
        MessageSizes sizes = spec.defaultSizes();
        int large = IterationPolicy.LARGE_MESSAGE;
        org.apache.commons.cli.Options o = new org.apache.commons.cli.Options();
        boolean sized = features.contains(Feature.SIZES);
        if (sized) {
            o.addOption(withValue("m", "message-size", "[MIN:]MAX",
                    "set the minimum and/or the maximum message size in bytes: -m 128 sets the"
                    + " maximum, -m 2:128 both, -m 2: the minimum (default " + sizes.min() + ":"
                    + sizes.max() + ")"));
        }
        o.addOption(withValue("x", "warmup", "N", "number of untimed warm-up iterations"
                + (sized ? " per size" : "") + ", 0 or more (default " + it.warmup(1)
                + (sized ? ", " + it.warmup(large + 1) + " above " + large + " bytes" : "")
                + ")"));
        o.addOption(Option.builder().longOpt(JIT_WARMUP).hasArg().argName("auto|off").desc("auto:"
                + " before the first size, run the sizes untimed until the JIT has compiled the"
                + " timed loop and the times are steady (at most 10 s); off: only -x's warm-up, as"
                + " C OMB (default auto)").build());
        o.addOption(withValue("i", "iterations", "N", "number of timed iterations"
                + (sized ? " per size" : "") + " (default " + it.iterations(1)
                + (sized ? ", " + it.iterations(large + 1) + " above " + large + " bytes" : "")
                + ")"));
        if (features.contains(Feature.WINDOW)) {
            o.addOption(withValue("W", "window-size", "N", "number of messages in flight per"
                    + " iteration (default " + DEFAULT_WINDOW + ")"));
        }
        if (features.contains(Feature.TEST_CALLS)) {
            o.addOption(withValue("t", "num-test-calls", "CALLS", "number of test calls"
                    + " during the dummy compute, 1 or more (default " + DEFAULT_TEST_CALLS
                    + ": none)"));
        }
        if (features.contains(Feature.THREADS)) {
            o.addOption(withValue("t", "num-threads", "R|S:R", "threads: R receiver threads on"
                    + " rank 1 (with 1 sender thread), or S sender threads on rank 0 and R"
                    + " receiver threads on rank 1, each 1 to " + ThreadCounts.MAX + " (default "
                    + ThreadCounts.DEFAULT.label() + ")"));
        }
        if (features.contains(Feature.ROOT)) {
            o.addOption(withValue("k", "root-rank", "ROOT|rotate", "the root: a rank, or"
                    + " rotate for the next rank at every call (default 0)"));
        }
        if (features.contains(Feature.IN_PLACE)) {
            o.addOption("l", "in-place", false, "use the in-place form of the call");
        }
        if (features.contains(Feature.DATATYPE)) {
            o.addOption(withValue("T", "type", "TYPE", "element type of the messages, Java's"
                    + " and MPI's: byte, char, short, int, long, float or double; sizes stay in"
                    + " bytes (default " + spec.defaultType().label() + ")"));
        }
        if (features.contains(Feature.WINDOW_CREATION)) {
            o.addOption(withValue("w", "win-options", "create|allocate|dynamic", "how the"
                    + " window is created: MPI_Win_create over the process's buffer,"
                    + " MPI_Win_allocate, or MPI_Win_create_dynamic with the buffer attached"
                    + " (default " + spec.defaultWindowCreation().label() + ")"));
        }
        if (features.contains(Feature.SYNCHRONIZATION)) {
            o.addOption(withValue("s", "sync-option", String.join("|", spec.synchronizations()
                    .stream().sorted().map(Synchronization::label).toList()),
                    "how the window is synchronized (default "
                    + spec.defaultSynchronization().label() + ")"));
        }
        if (features.contains(Feature.TOPOLOGY)) {
            o.addOption(withValue("N", "nhbr", "cart:D:R|graph:FILE", "the"
                    + " neighbourhood: a periodic D-dimensional grid with neighbours within radius"
                    + " R, or a graph of 'src, dst' lines read from FILE (default "
                    + Topology.DEFAULT.label() + ")"));
        }
        if (features.contains(Feature.PAIRS)) {
            o.addOption(withValue("p", "pairs", "P", "number of sender/receiver pairs: rank i"
                    + " sends to rank i + P for i < P, ranks from 2P on stay idle (default: half"
                    + " the processes)"));
        }
        if (features.contains(Feature.SHUFFLE)) {
            addShuffleOptions(o);
        } else if (features.contains(Feature.OBJECTS)) {
            o.addOption(withValue("a", "api", "buffer|arrays|objects", "pass messages in"
                    + " direct ByteBuffers (buffer), in Java arrays (arrays), or as Java objects"
                    + " serialized into direct ByteBuffers and deserialized on receipt, in the"
                    + " timed region (objects) (default buffer)"));
            o.addOption(withValue("S", "serializer", "java|kryo", "with -a objects, the"
                    + " serializer: Java serialization or Kryo 5 with registered classes"
                    + " (default java)"));
            o.addOption(withValue("O", "object", "doubles|records", "with -a objects, the"
                    + " payload: a double[] or a list of small records, sized so that the"
                    + " serialized message is closest to each size (default doubles)"));
        } else {
            o.addOption(withValue("a", "api", "buffer|arrays", "pass messages in direct"
                    + " ByteBuffers (buffer) or in Java arrays (arrays) (default buffer)"));
        }
        if (features.contains(Feature.VALIDATION)) {
            o.addOption("c", "validation", false, "check every received element and add a"
                    + " Validation column (Pass/Fail); a failure makes the exit code 1");
        }
        o.addOption("f", "full", false, "add columns: the minimum and maximum "
                + (features.contains(Feature.MEMORY_LIMIT_REJECTS)
                        || features.contains(Feature.WINDOW_CREATION) ? "over single iterations"
                        : "over the ranks' average latencies")
                + ", and the number of iterations");
        o.addOption(Option.builder("z").longOpt("tail-lat").hasArg().optionalArg(true)
                .argName("LIST").desc(features.contains(Feature.SHUFFLE)
                        ? "the columns of fetch latency percentiles: P50, P90, P99 without LIST,"
                        + " or those of a list such as 50,95,99.9 (default 50,99)"
                        : "add a column per tail percentile of the iterations:"
                        + " P50, P90, P99 without LIST, or those of a list such as 50,95,99.9")
                .build());
        if (features.contains(Feature.MEMORY_LIMIT_REJECTS)) {
            o.addOption(withValue("M", "mem-limit", "BYTES", "memory limit per process: the"
                    + " maximum message size may not exceed it (default " + DEFAULT_MEMORY_LIMIT
                    + ")"));
        }
        if (features.contains(Feature.MEMORY_LIMIT_SKIPS)) {
            o.addOption(withValue("M", "mem-limit", "BYTES", "memory limit per process: sizes"
                    + " whose buffers would exceed it are skipped (default "
                    + DEFAULT_MEMORY_LIMIT + ")"));
        }
        o.addOption(withValue("o", "output-dir", "DIR", "also write the results to DIR (made if"
                + " missing) as NAME.json and NAME.csv, NAME the benchmark's (NAME-2 and on if"
                + " taken): every column, a record per size, and the run's context"));
        // Graphs (-G): every benchmark's parser takes it; one without a C OMB twin that
        // draws is refused before its run (BenchmarkRunner.check), so that a suite's group
        // skips it with the reason, and its usage text leaves -G out (Usage).
        o.addOption(withValue("G", "graph", "tty,png,pdf", "draw every timed iteration's value"
                + " per size, and an overview across sizes: tty as text after the table, png"
                + " files <prog>-<size>.png and <prog>3D0.png/3D1.png, pdf one <prog>.pdf, in"
                + " the working directory (a comma list)"));
        if (statistics) {
            StatisticsOptions.addTo(o);
        }
        if (features.contains(Feature.TIMING)) {
            o.addOption(Option.builder().longOpt(TIMING).hasArg().argName(Timing.labels())
                    .desc("how a call's time is taken over the ranks: omb, C OMB's average over"
                    + " ranks; max, the slowest rank's time per call; root, rank 0's time of the"
                    + " call and a confirming barrier, less the barrier's; global, last exit less"
                    + " first entry on rank 0's clock, each call started in an agreed window"
                    + " (default omb)")
                    .build());
        }
        if (features.contains(Feature.ALGORITHM)) {
            o.addOption(Option.builder().longOpt(ALGORITHM).hasArg()
                    .argName("NAME|NUMBER|list|all")
                    .desc("the MPI's algorithm for the collective, chosen through its control"
                    + " variables (MPI_T): by the MPI's name or number for it (a comma list:"
                    + " each in turn); list prints them; all measures each in turn, a table each"
                    + " (default: the MPI's own choice)")
                    .build());
        }
        addDataOptions(o, features);
        o.addOption("h", "help", false, "print this help and exit");
        o.addOption("v", "version", false, "print the version and exit");
        return o;
    }

    /** The definitions of a shuffle's options ({@link Feature#SHUFFLE}), {@code -a} among them. */
    private static void addShuffleOptions(org.apache.commons.cli.Options o) {
        ShuffleOptions d = ShuffleOptions.DEFAULT;
        o.addOption(withValue("a", "api", "objects", "the blocks are records serialized into"
                + " direct ByteBuffers and deserialized on receipt (objects, the only API)"));
        o.addOption(withValue("S", "serializer", "java|kryo", "the records' serializer: Java"
                + " serialization or Kryo 5 with registered classes (default java)"));
        o.addOption(withValue("t", "transport", "mpi|alltoallv|netty", "how blocks travel: MPI"
                + " point-to-point (a request and an MPI_Irecv per fetch), one MPI_Alltoallv, or"
                + " Netty (Spark's block transfers) (default " + d.transport().label() + ")"));
        o.addOption(withValue("n", "map-outputs", "M", "map outputs per rank, each a block"
                + " per partition (default " + d.mapOutputs() + ")"));
        o.addOption(withValue("e", "partitions", "R", "reducer partitions, rank p mod ranks"
                + " reducing partition p (default " + d.partitions() + ")"));
        o.addOption(withValue("F", "fetches-in-flight", "F", "fetches in flight per rank at"
                + " most, Spark's maxReqsInFlight (default " + d.fetchesInFlight() + ")"));
        o.addOption(withValue("j", "threads", "T", "threads per rank that fetch and"
                + " deserialize, 1 to " + ShuffleOptions.MAX_THREADS + " (default "
                + d.threads() + ")"));
        o.addOption(withValue("Z", "skew", "S", "Zipf exponent of the partitions' sizes,"
                + " partition p holding a share 1/(p+1)^S of each map output; 0 for equal"
                + " partitions (default 0)"));
    }

    private static Option withValue(String opt, String longOpt, String argName,
            String description) {
        return Option.builder(opt).longOpt(longOpt).hasArg().argName(argName)
                .desc(description).build();
    }

    private CommandLine commandLine(String[] args) throws UsageException {
        return commandLine(recognised(), args);
    }

    private static CommandLine commandLine(org.apache.commons.cli.Options definitions,
            String[] args) throws UsageException {
        CommandLine line;
        try {
            // No partial matching: a prefix such as --w must not silently pick an option.
            line = DefaultParser.builder().setAllowPartialMatching(false).build()
                    .parse(definitions, args);
        } catch (MissingArgumentException e) {
            Option o = e.getOption();
            throw new UsageException(name(o) + " needs a value (" + o.getArgName() + ")");
        } catch (UnrecognizedOptionException e) {
            throw new UsageException("unknown option " + e.getOption());
        } catch (ParseException e) {
            throw new UsageException(e.getMessage());
        }
        List<String> rest = line.getArgList();
        if (!rest.isEmpty()) {
            throw new UsageException("unexpected argument '" + rest.get(0) + "'");
        }
        return line;
    }

    /** @return how the user names {@code o}: {@code -m}, or {@code --stats} if it has no letter */
    private static String name(Option o) {
        return o.getOpt() != null ? "-" + o.getOpt() : "--" + o.getLongOpt();
    }

    private static String last(CommandLine line, char opt) {
        String[] values = line.getOptionValues(opt);
        return values[values.length - 1];
    }

    /** The last value of an option whose value is optional, or null if none was given. */
    private static String lastOrNull(CommandLine line, char opt) {
        String[] values = line.getOptionValues(opt);
        return values == null || values.length == 0 ? null : values[values.length - 1];
    }

    /** The value of a count option: an integer of at least {@code least} (0 or 1). */
    private static long count(CommandLine line, char opt, int least) throws UsageException {
        String value = last(line, opt);
        BigInteger n = value.matches("\\d+") ? new BigInteger(value) : null;
        if (n == null || n.compareTo(BigInteger.valueOf(least)) < 0) {
            throw new UsageException("-" + opt + " needs a "
                    + (least > 0 ? "positive" : "non-negative") + " integer, got '" + value + "'");
        }
        long max = opt == 'M' ? Long.MAX_VALUE : Integer.MAX_VALUE;
        if (n.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new UsageException("-" + opt + " " + value + " is too large (at most " + max + ")");
        }
        return n.longValue();
    }

    /** The value of {@code -G}: the last one given, or none. */
    private static GraphOutputs graph(CommandLine line) throws UsageException {
        return line.hasOption('G') ? GraphOutputs.parse(last(line, 'G')) : GraphOutputs.NONE;
    }

    // ---- Options meant for several benchmarks at once (a suite's group) ----

    /**
     * Splits a command line meant for several benchmarks (the options of a suite's group)
     * into its options, each with its values, in their order and in short form:
     * {@code --message-size=8:64 -c} gives {@code [-m, 8:64]} and {@code [-c]}.
     *
     * @param args options any benchmark takes
     * @return each option given, with its values
     * @throws UsageException if an option is no benchmark's, lacks its value, or an argument
     *         is not an option
     */
    public static List<List<String>> split(String... args) throws UsageException {
        List<List<String>> options = new java.util.ArrayList<>();
        org.apache.commons.cli.Options any = new OptionParser(AnyBenchmark.SPEC).definitions();
        java.util.Set<String> shared = sharedShortNames(any);

        for (Option o : commandLine(any, args).getOptions()) {
            // A short name may mean different options to different benchmarks (-t: test
            // calls, or threads); its long name says which: kept where the user gave it.
            boolean byLongName = o.getOpt() != null && shared.contains(o.getOpt())
                    && givenLong(o, args);
            List<String> one = new java.util.ArrayList<>(List.of(byLongName
                    ? "--" + o.getLongOpt() : name(o)));
            String[] values = o.getValues();
            if (values != null) {
                one.addAll(List.of(values));
            }
            options.add(one);
        }
        return options;
    }

    /** @return the short names that more than one long name shares in {@code defs} */
    static java.util.Set<String> sharedShortNames(org.apache.commons.cli.Options defs) {
        java.util.Map<String, java.util.Set<String>> longNames = new java.util.HashMap<>();
        for (String name : defs.getMatchingOptions("")) {
            Option o = defs.getOption(name);
            if (o.getOpt() != null) {
                longNames.computeIfAbsent(o.getOpt(), k -> new java.util.HashSet<>()).add(name);
            }
        }
        java.util.Set<String> shared = new java.util.TreeSet<>();
        longNames.forEach((opt, names) -> {
            if (names.size() > 1) {
                shared.add(opt);
            }
        });
        return shared;
    }

    /** @return the short names that more than one option of some benchmark uses */
    static java.util.Set<String> sharedShortNames() {
        return sharedShortNames(new OptionParser(AnyBenchmark.SPEC).definitions());
    }

    /** @return whether {@code args} name {@code o} by its long name */
    private static boolean givenLong(Option o, String[] args) {
        if (o.getLongOpt() == null) {
            return false;
        }
        String name = "--" + o.getLongOpt();
        for (String a : args) {
            if (a.equals(name) || a.startsWith(name + "=")) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param option an option in short form, e.g. {@code -W}, or long form, e.g.
     *               {@code --window-size}
     * @return whether this benchmark takes it
     */
    public boolean takes(String option) {
        if (option.startsWith("--")) {
            return definitions().hasLongOption(option.substring(2));
        }
        return option.startsWith("-") && definitions().hasShortOption(option.substring(1));
    }

    /**
     * @param option an option in short form, e.g. {@code -t}, or long form, e.g.
     *               {@code --num-threads}
     * @return its short form, e.g. {@code -t}, if this benchmark takes it (the long form of
     *         one without a letter, e.g. {@code --stats})
     */
    public java.util.Optional<String> shortForm(String option) {
        if (!takes(option)) {
            return java.util.Optional.empty();
        }
        String name = option.substring(option.startsWith("--") ? 2 : 1);
        return java.util.Optional.of(name(definitions().getOption(name)));
    }

    /** A benchmark that takes every option: what {@link #split} reads a command line with. */
    private static final class AnyBenchmark implements BenchmarkSpec {
        static final AnyBenchmark SPEC = new AnyBenchmark();

        @Override
        public String title() {
            return "Any Test";
        }

        @Override
        public String description() {
            return "any benchmark";
        }

        @Override
        public MessageSizes defaultSizes() {
            return new MessageSizes(1, 1 << 22);
        }

        @Override
        public IterationPolicy defaultIterations() {
            return new IterationPolicy(1, 0, 1, 0);
        }

        @Override
        public Set<Feature> features() {
            return java.util.EnumSet.allOf(Feature.class);
        }

        @Override
        public void checkProcesses(int processes) {
        }
    }
}
