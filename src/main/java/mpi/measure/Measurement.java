package mpi.measure;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import mpi.Intracomm;
import mpi.MPIException;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.Timing;
import mpi.common.options.UsageException;
import mpi.common.output.ErrorLines;
import mpi.common.output.ResultTable;
import mpi.common.stats.RowStatistics;

/**
 * Measures a communication operation of the user's ({@link Operation}) as the suite measures
 * its blocking collectives, with the same code: at each message size the operation's calls,
 * each timed alone with a barrier after it ({@code --timing}'s methods change that), after a
 * JIT warm-up, with each row's median and mean and their confidence intervals, and repetitions
 * that stop when the row is precise enough. An extension of OMB-J (guide, section 26.7), not of
 * C OMB or Open MPI's bindings.
 *
 * <pre>{@code
 * List<Measurement.Row> rows = Measurement.of(MPI.COMM_WORLD, op)
 *         .sizes(8, 4096).precision(0.95, 0.02).timing(Timing.MAX).run();
 * }</pre>
 *
 * <p>Every rank of the communicator builds the same measurement and calls {@link #run} (it is
 * collective). The settings are the suite's options, checked as on its command line; a
 * setting the suite refuses is refused here, by an {@link IllegalArgumentException} with the
 * same one line.
 */
public final class Measurement {
    /** What the programs' lines end with, which a library's caller has no use for. */
    private static final String USAGE_HINT = "; run with -h for usage";
    private final Intracomm comm;
    private final Operation operation;
    private final List<String> words = new ArrayList<>();
    private String name = "Operation";
    private PrintStream out;

    private Measurement(Intracomm comm, Operation operation) {
        this.comm = Objects.requireNonNull(comm, "comm");
        this.operation = Objects.requireNonNull(operation, "operation");
    }

    /**
     * @param comm      the ranks that run the operation; every one of them calls {@link #run}
     * @param operation what is measured
     * @return a measurement with the suite's defaults for a collective: sizes 1 B to 1 MiB,
     *         1,000 iterations and 100 warm-up up to 8 KiB, 100 and 10 above, C OMB's
     *         timing
     */
    public static Measurement of(Intracomm comm, Operation operation) {
        return new Measurement(comm, operation);
    }

    /**
     * @param title the table's title, the start of every message and the stem of the files of
     *              {@code -o} (default {@code Operation}); not blank, no {@code /}
     * @return this measurement
     */
    public Measurement name(String title) {
        if (title.isBlank() || title.contains("/")) {
            throw new IllegalArgumentException("a measurement's name names its files (-o):"
                    + " not blank and no '/', got '" + title + "'");
        }
        this.name = title;
        return this;
    }

    /**
     * @param min the least message size in bytes (0 for an operation without data)
     * @param max the largest; the sizes are the powers of two between, as {@code -m min:max}
     * @return this measurement
     */
    public Measurement sizes(int min, int max) {
        return with("-m", min + ":" + max);
    }

    /**
     * @param timed  timed iterations per size, as {@code -i}
     * @param warmup untimed iterations before them, as {@code -x}
     * @return this measurement
     */
    public Measurement iterations(int timed, int warmup) {
        return with("-i", Integer.toString(timed)).with("-x", Integer.toString(warmup));
    }

    /**
     * @param level the confidence level of the intervals, in (0, 1), as {@code --level}
     *              (default 0.95); taken to 9 decimals
     * @return this measurement
     */
    public Measurement level(double level) {
        return with("--level", fraction("level", level));
    }

    /**
     * Repeats each size with more iterations until the median's interval at {@code level} is
     * within {@code error} of the median, as {@code --precision level:error}: 100 iterations,
     * then twice as many, and so on, up to ten times the default counts (10,000 up to 8 KiB).
     *
     * @param level the confidence level, in (0, 1)
     * @param error the half-width of the interval relative to the median, in (0, 1)
     * @return this measurement
     */
    public Measurement precision(double level, double error) {
        return with("--precision", fraction("level", level) + ":" + fraction("error", error));
    }

    /**
     * As {@link #precision(double, double)}, from {@code min} iterations up to {@code max}, as
     * {@code --precision level:error:min:max}.
     *
     * @param level the confidence level, in (0, 1)
     * @param error the half-width of the interval relative to the median, in (0, 1)
     * @param min   the first attempt's iterations
     * @param max   the most iterations of an attempt
     * @return this measurement
     */
    public Measurement precision(double level, double error, int min, int max) {
        if (min < 1 || max < min) {
            throw new IllegalArgumentException(name + ": precision needs 1 <= min <= max, got "
                    + min + " and " + max);
        }
        return with("--precision", fraction("level", level) + ":" + fraction("error", error)
                + ":" + min + ":" + max);
    }

    /**
     * @param timing how an iteration's time is taken over the ranks, as {@code --timing}
     * @return this measurement
     */
    public Measurement timing(Timing timing) {
        return with("--timing", timing.label());
    }

    /**
     * @param k Tukey's fences: values beyond the quartiles by more than k interquartile ranges
     *          are left out of the statistics, as {@code --outliers tukey:k}; taken to 6
     *          decimals
     * @return this measurement
     */
    public Measurement outliers(double k) {
        BigDecimal text = decimal(k, 6);
        if (text.signum() <= 0 || k > 999_999) {
            throw new IllegalArgumentException(name + ": outliers needs k above 0 (to 6"
                    + " decimals) and below 1,000,000, got " + k);
        }
        return with("--outliers", "tukey:" + text.toPlainString());
    }

    /**
     * @param on whether the JIT warm-up runs before the first size (default true); without
     *           it only each size's warm-up iterations run, as in C OMB
     * @return this measurement
     */
    public Measurement jitWarmup(boolean on) {
        return with("--jit-warmup", on ? "auto" : "off");
    }

    /**
     * @param words any of the suite's options, as on its command line (such as {@code "-f"},
     *              {@code "-z", "50,99"} or {@code "-o", "results"}); given after, they win
     * @return this measurement
     */
    public Measurement options(String... words) {
        this.words.addAll(List.of(words));
        return this;
    }

    /**
     * @param table where rank 0 prints the table as the suite does, with the statistics'
     *              columns; by default nothing is printed
     * @return this measurement
     */
    public Measurement print(PrintStream table) {
        this.out = table;
        return this;
    }

    /**
     * Measures: every rank of the communicator calls it.
     *
     * @return a row per size, in order; complete at the communicator's rank 0; elsewhere each
     *         row has its size and iterations only ({@code micros} NaN, {@code invalid} 0,
     *         {@code statistics} null), since the results are reduced to rank 0
     * @throws MPIException if an MPI call fails
     * @throws IllegalArgumentException if a setting is refused, with the suite's line for it
     */
    public List<Row> run() throws MPIException {
        OperationSpec spec = new OperationSpec(name);
        List<String> args = new ArrayList<>(List.of("--stats"));
        args.addAll(words);
        OperationBenchmark benchmark = new OperationBenchmark(spec, comm, operation, out);
        try {
            Options options = new OptionParser(spec).parse(args.toArray(new String[0]));
            if (options.help() || options.version() || options.graph().any()
                    || options.data().sessions()) {
                throw new UsageException("-h, -v, -G and -I are the programs' own, not a"
                        + " measurement's");
            }
            benchmark.runOn(options);
        } catch (UsageException e) {
            throw new IllegalArgumentException(ErrorLines.usage(name, e).replace(USAGE_HINT, ""),
                    e);
        }
        boolean root = comm.getRank() == 0; // only rank 0's rows are complete
        List<Row> rows = new ArrayList<>();
        for (ResultTable.Row r : benchmark.rows()) {
            rows.add(new Row(r.size(), root ? r.values()[0] : Double.NaN, r.iterations(),
                    root && r.windows() != null ? r.windows().invalid() : 0,
                    root ? r.statistics() : null));
        }
        return rows;
    }

    /** @return the options this measurement passes to the suite's parser */
    List<String> words() {
        return List.copyOf(words);
    }

    private String fraction(String what, double value) {
        BigDecimal text = decimal(value, 9);
        if (text.signum() <= 0 || text.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException(name + ": " + what + " must be between 0 and 1"
                    + " (to 9 decimals), got " + value);
        }
        return text.toPlainString();
    }

    /** A finite number to {@code places} decimals, as the suite's parser reads them. */
    private BigDecimal decimal(double value, int places) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + ": " + value + " is not a number");
        }
        return BigDecimal.valueOf(value).setScale(places, RoundingMode.HALF_EVEN)
                .stripTrailingZeros();
    }

    private Measurement with(String option, String value) {
        words.add(option);
        words.add(value);
        return this;
    }

    /**
     * One size's result.
     *
     * @param size       the message size in bytes
     * @param micros     at rank 0, the table's value, in microseconds (elsewhere NaN): under
     *                   C OMB's timing the average over ranks of each rank's mean call; under
     *                   {@code --timing}'s others, the mean of the iterations' values
     * @param iterations the timed iterations (with {@code precision}, the last attempt's)
     * @param invalid    at rank 0 under {@code --timing global}, the calls that did not start
     *                   in their window, left out; else 0
     * @param statistics at rank 0, the iterations' median and mean with their intervals, and
     *                   with {@code precision} whether the row reached it; elsewhere null
     */
    public record Row(int size, double micros, int iterations, int invalid,
            RowStatistics statistics) {
    }
}
