package mpi.startup;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import mpi.common.options.UsageException;

/**
 * The command line of {@link OSUSpawn}: {@code -n} the worker counts, {@code -i} the timed
 * spawns per count, {@code -x} the untimed ones before them, {@code --method} how workers are
 * started, {@code -h} and {@code -v}. A value may follow its option or be attached
 * ({@code -n1:4}); given twice, the last one counts, as in the other benchmarks.
 *
 * @param counts     the worker counts, increasing
 * @param iterations timed spawns per count, at least 1
 * @param warmup     untimed spawns before them, at least 0
 * @param methods    the methods, in the table's order
 * @param command    run, or print the help or the version
 */
record SpawnOptions(int[] counts, int iterations, int warmup, List<Method> methods,
        StartupCommand command) {
    /** How a benchmark starts its workers. */
    enum Method {
        /** {@code Intracomm.spawn} of the worker JVMs, which answer over the intercommunicator. */
        MPI,
        /** A {@link ProcessBuilder} per worker JVM, which answers over a loopback socket. */
        PROCESS;

        /** @return the name on the command line and in the table, e.g. {@code mpi} */
        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The most workers {@code -n} takes: far more than a spawn benchmark needs. */
    static final int MAX_WORKERS = 1024;
    static final int DEFAULT_ITERATIONS = 3;
    static final int DEFAULT_WARMUP = 1;

    /** The option lines of the usage text, each ending in {@code \n}. */
    static final String USAGE = ""
            + "  -n,--workers LIST    worker counts N: MIN:MAX (doubling, as -m), or N,N,...\n"
            + "                       (default 1:4)\n"
            + "  -i,--iterations N    timed spawns per count (default " + DEFAULT_ITERATIONS
            + ")\n"
            + "  -x,--warmup N        untimed spawns before them (default " + DEFAULT_WARMUP + ")\n"
            + "  --method M           mpi, process or both (default both)\n";

    /**
     * @param args the program's arguments
     * @return the settings; with {@code -h} or {@code -v} the defaults
     * @throws UsageException naming the first problem, e.g. {@code -n 0: a worker count is
     *         at least 1}
     */
    static SpawnOptions parse(String... args) throws UsageException {
        int[] counts = {1, 2, 4};
        int iterations = DEFAULT_ITERATIONS;
        int warmup = DEFAULT_WARMUP;
        List<Method> methods = List.of(Method.MPI, Method.PROCESS);
        StartupCommand command = StartupCommand.RUN;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String option = a.startsWith("--") || a.length() <= 2 ? a : a.substring(0, 2);
            boolean attached = !option.equals(a);
            if (!option.startsWith("-") || option.equals("-")) {
                throw new UsageException("unexpected argument '" + a + "'");
            }
            boolean takesValue = List.of("-n", "--workers", "-i", "--iterations", "-x",
                    "--warmup", "--method").contains(option);
            if (attached && !takesValue) {
                throw new UsageException("unknown option " + a);
            }
            switch (option) {
                case "-h", "--help" -> command = StartupCommand.HELP;
                case "-v", "--version" -> command = command == StartupCommand.HELP
                        ? command : StartupCommand.VERSION;
                case "-n", "--workers", "-i", "--iterations", "-x", "--warmup", "--method" -> {
                    String value;
                    if (attached) {
                        value = a.substring(2);
                    } else if (i + 1 < args.length) {
                        value = args[++i];
                    } else {
                        throw new UsageException(option + " needs a value");
                    }
                    switch (option) {
                        case "-n", "--workers" -> counts = counts(value);
                        case "-i", "--iterations" -> iterations = count(option, value, 1);
                        case "-x", "--warmup" -> warmup = count(option, value, 0);
                        default -> methods = methods(value);
                    }
                }
                default -> throw new UsageException("unknown option " + a);
            }
        }
        return new SpawnOptions(counts, iterations, warmup, methods, command);
    }

    /** {@code MIN:MAX} doubling from MIN, or a list {@code N,N,...} in increasing order. */
    private static int[] counts(String spec) throws UsageException {
        if (spec.matches("\\d+:\\d+")) {
            String[] bounds = spec.split(":");
            int min = worker(bounds[0], spec);
            int max = worker(bounds[1], spec);
            if (min > max) {
                throw new UsageException("-n " + spec + ": MIN is above MAX");
            }
            List<Integer> list = new ArrayList<>();
            for (int n = min; n <= max; n *= 2) {
                list.add(n);
            }
            return list.stream().mapToInt(Integer::intValue).toArray();
        }
        if (!spec.matches("\\d+(,\\d+)*")) {
            throw new UsageException("malformed -n '" + spec
                    + "': expected MIN:MAX or N,N,..., e.g. -n 1:4 or -n 1,3");
        }
        String[] items = spec.split(",");
        int[] counts = new int[items.length];
        for (int i = 0; i < items.length; i++) {
            counts[i] = worker(items[i], spec);
            if (i > 0 && counts[i] <= counts[i - 1]) {
                throw new UsageException("-n " + spec + ": the counts must increase");
            }
        }
        return counts;
    }

    private static int worker(String digits, String spec) throws UsageException {
        long n = digits.length() > 9 ? Long.MAX_VALUE : Long.parseLong(digits);
        if (n < 1 || n > MAX_WORKERS) {
            throw new UsageException("-n " + spec + ": a worker count is 1 to " + MAX_WORKERS
                    + ", got " + digits);
        }
        return (int) n;
    }

    private static int count(String option, String value, int least) throws UsageException {
        if (!value.matches("\\d{1,9}") || Integer.parseInt(value) < least) {
            throw new UsageException(option + " needs a " + (least > 0 ? "positive"
                    : "non-negative") + " integer, got '" + value + "'");
        }
        return Integer.parseInt(value);
    }

    private static List<Method> methods(String value) throws UsageException {
        return switch (value) {
            case "mpi" -> List.of(Method.MPI);
            case "process" -> List.of(Method.PROCESS);
            case "both" -> List.of(Method.MPI, Method.PROCESS);
            default -> throw new UsageException("--method " + value
                    + ": expected mpi, process or both");
        };
    }
}
