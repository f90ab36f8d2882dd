package mpi.compare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;

/**
 * Reads the command line {@code [-n RUNS] [-s SIZES] [-p NP] [-o CSV] [-b BINDINGS] [-t
 * TRANSPORTS] [-a APIS] [-g PNG] [--mpi NAME] [--seed N] [--level L] [BENCH...]}
 * with commons-cli. Options and benches may come in any order; an option given twice counts
 * with its last value, as in the shell version.
 */
public final class CompareArgs {
    /** The default CSV file. */
    public static final String DEFAULT_CSV = "target/bench/compare.csv";
    // Up to six digits, as the shell version allowed: a count, not a number to compute with.
    private static final Pattern COUNT = Pattern.compile("[1-9][0-9]{0,5}");
    // An installation's name is a folder's name under OMBJ_MPI_DIR: no path, no dot first.
    private static final Pattern MPI_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]*");
    private static final String MPI = "mpi";
    // A seed is a long: up to 18 digits always fits.
    private static final Pattern SEED = Pattern.compile("[0-9]{1,18}");
    // A plain decimal: no sign, exponent or the 'd' suffix Double.parseDouble would take.
    private static final Pattern LEVEL = Pattern.compile("[0-9]*\\.?[0-9]+");
    private static final String SEED_OPTION = "seed";
    private static final String LEVEL_OPTION = "level";

    /** The usage printed with -h and after a bad argument. */
    public static final String USAGE = String.join("\n",
            "Usage: scripts/compare.sh [-n RUNS] [-s SIZES] [-p NP] [-o CSV] [-b BINDINGS] [-t TRANSPORTS]"
                    + " [-a APIS] [-g PNG] [--mpi NAME] [--seed N] [--level L] [BENCH...]",
            "  BENCH  latency, bw, bibw, bcast, allreduce, multi_lat, put_latency, get_latency,",
            "         put_bw (one-sided: -w allocate -s flush, the programs' defaults), mbw_mr",
            "         (message rate of 1 pair, Messages/s, window 64), latency_mt (osu_latency_mt",
            "         -t 1:1) or latency_mt4 (-t 1:4)",
            "         (default: latency bw bibw bcast allreduce)",
            "  -n     rounds per size, each running every variant once (default 6, the fewest",
            "         with which a verdict at 0.95 can be reached)",
            "  -s     comma-separated message sizes in bytes, with an optional K or M suffix",
            "         (KiB, MiB), e.g. 8,64K,1M (default per bench: latency, bcast, allreduce and",
            "         multi_lat, put_latency, get_latency, mbw_mr 8,1M; bw, bibw, put_bw 64K,1M,4M);",
            "         or MIN:MAX, e.g. 1:1M: every power of two from MIN to MAX, each run one",
            "         launch over all of them (-m MIN:MAX), as OMB is usually run",
            "  -p     processes for bcast, allreduce and multi_lat (default 2); latency, bw, bibw",
            "         mbw_mr and the one-sided benches always run on 2",
            "  -o     the CSV file to write (default " + DEFAULT_CSV + ")",
            "  -b     comma-separated Java bindings, each with its buffer and arrays columns beside C:",
            "         ombj (ours, the default), jni or ffm (ours on that backend; ffm runs on FFM_JAVA,",
            "         default JAVA, a Java 22 or later), ompi (Open MPI's mpi.jar), /path/x.jar or",
            "         LABEL=PATH",
            "  -t     comma-separated transports of the Java runs: mpi (the default), nio (Java NIO",
            "         SocketChannel), netty; nio and netty add columns beside MPI's, run on the first",
            "         binding's class path, for latency, bw and bibw only; e.g. -t mpi,nio,netty",
            "  -a     comma-separated Java APIs of each binding (default buffer,arrays): buffer, arrays,",
            "         objects-java, objects-kryo (-a objects -S java|kryo, a double[]),",
            "         objects-java-records, objects-kryo-records (-O records); an objects column's",
            "         value is from the row of the serialized size nearest to each size (latency,",
            "         bw, bibw, multi_lat and bcast only; n/a elsewhere)",
            "  -g     the PNG of the table to draw: per bench, each column's median and its interval",
            "         against size (log-log, a line per column) over its ratio to C",
            "         (default: the CSV's path with .png, " + pngBeside(DEFAULT_CSV) + ")",
            "  --mpi  the MPI installation of scripts/install-mpi.sh to run on: openmpi5, mpich5,",
            "         mpich5-abi (MPICH 5 through the MPI-5 standard ABI) or impi, with its launcher,",
            "         its options and environment, the C twins and JNI library built with its mpicc",
            "         when missing, a folder per NAME in MPI_BUILD_DIR (default target/other-mpi)",
            "         (default: MPI_NAME, else MPIRUN with its own MPI)",
            "  --seed the seed of the order, shuffled in every round, that the variants run in",
            "         (default: one drawn at start; the table and the CSV give it, to repeat a run)",
            "  --level",
            "         the confidence level of the medians' intervals and of the verdicts against C",
            "         (slower, faster, no difference found), between 0 and 1 (default 0.95)");

    private CompareArgs() {
    }

    /**
     * @param args     the command line
     * @param settings the environment, for the bindings' class paths
     * @throws BadArgumentException naming the first problem, in one line
     */
    public static CompareOptions parse(String[] args, Settings settings) throws BadArgumentException {
        CommandLine line = commandLine(args);
        if (line.hasOption('h')) {
            return new CompareOptions(0, 0, "", List.of(), List.of(), true, "", 0);
        }
        String runs = last(line, 'n', "6");
        if (!COUNT.matcher(runs).matches()) {
            throw new BadArgumentException("bad run count '" + runs + "' (a positive integer)");
        }
        String np = last(line, 'p', "2");
        if (!COUNT.matcher(np).matches() || Integer.parseInt(np) < 2) {
            throw new BadArgumentException("bad process count '" + np + "' (at least 2)");
        }
        int processes = Integer.parseInt(np);
        List<Bench> benches = new ArrayList<>();
        for (String name : line.getArgList()) {
            benches.add(Bench.parse(name));
        }
        if (benches.isEmpty()) {
            benches.addAll(Bench.DEFAULTS);
        }
        if (benches.contains(Bench.MULTI_LAT) && processes % 2 != 0) {
            throw new BadArgumentException("multi_lat needs an even process count, not " + np);
        }
        String sizes = last(line, 's', "");
        List<CompareOptions.Plan> plan = new ArrayList<>();
        for (Bench b : benches) {
            String list = sizes.isEmpty() ? b.defaultSizes() : sizes;
            plan.add(new CompareOptions.Plan(b, sizesOf(b, list), list.contains(":")));
        }
        List<Binding> bindings = bindings(last(line, 'b', Binding.OMBJ), settings);
        String csv = last(line, 'o', DEFAULT_CSV);
        String given = last(line, MPI);
        String mpi = given == null ? settings.mpiName() : given;
        if (!mpi.isEmpty() && !MPI_NAME.matcher(mpi).matches()) {
            throw new BadArgumentException("bad MPI name '" + mpi + "' (an installation of"
                    + " scripts/install-mpi.sh: openmpi5, mpich5, mpich5-abi, impi)");
        }
        return new CompareOptions(Integer.parseInt(runs), processes, csv,
                plan, withTransports(bindings, last(line, 't', "mpi"), benches), false,
                last(line, 'g', pngBeside(csv)), JavaApis.parse(last(line, 'a', String.join(",", JavaApis.DEFAULT))),
                mpi, seed(last(line, SEED_OPTION)), level(last(line, LEVEL_OPTION)));
    }

    /**
     * @param given the value of --seed, null when not given
     * @return it, or a seed drawn now
     */
    static long seed(String given) throws BadArgumentException {
        if (given == null) {
            return RunOrder.drawSeed();
        }
        if (!SEED.matcher(given).matches()) {
            throw new BadArgumentException("bad seed '" + given + "' (a whole number of up to 18 digits, e.g. 42)");
        }
        return Long.parseLong(given);
    }

    /**
     * @param given the value of --level, null when not given
     * @return it, or the default 0.95
     */
    static double level(String given) throws BadArgumentException {
        if (given == null) {
            return CompareOptions.DEFAULT_LEVEL;
        }
        double level = LEVEL.matcher(given).matches() ? Double.parseDouble(given) : Double.NaN;
        if (!(level > 0 && level < 1)) {
            throw new BadArgumentException("bad level '" + given + "' (a confidence level between 0 and 1, e.g. 0.95)");
        }
        return level;
    }

    /** The table's PNG by default: the CSV's path with .png for its extension. */
    static String pngBeside(String csv) {
        return csv.replaceFirst("\\.csv$", "") + ".png";
    }

    private static List<Integer> sizesOf(Bench bench, String list) throws BadArgumentException {
        boolean range = list.contains(":");
        List<Integer> sizes = range ? Sizes.parseRange(list) : Sizes.parseList(list);
        for (int i = 0; i < sizes.size(); i++) {
            // The allreduce benchmark sums floats: a message holds at least one.
            if (bench == Bench.ALLREDUCE && sizes.get(i) < 4) {
                throw new BadArgumentException("allreduce size " + (range ? list.split(":")[0]
                        : list.split(",", -1)[i]) + " is below 4 bytes (one MPI_FLOAT)");
            }
        }
        return sizes;
    }

    private static List<Binding> bindings(String list, Settings settings) throws BadArgumentException {
        List<Binding> bindings = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (String spec : list.split(",", -1)) {
            Binding b = Binding.parse(spec.strip(), settings);
            if (!labels.add(b.label())) {
                throw new BadArgumentException("binding '" + b.label()
                        + "' given twice (give another LABEL=PATH)");
            }
            bindings.add(b);
        }
        return bindings;
    }

    /**
     * @param bindings   the bindings of -b
     * @param transports the list of -t
     * @param benches    the benches asked for
     * @return the MPI bindings when -t names mpi, then the first binding over each JVM
     *         transport -t names, in its order
     */
    static List<Binding> withTransports(List<Binding> bindings, String transports,
            List<Bench> benches) throws BadArgumentException {
        List<Transport> named = new ArrayList<>();
        for (String label : transports.split(",", -1)) {
            Transport t = Transport.parse(label.strip());
            if (named.contains(t)) {
                throw new BadArgumentException("transport '" + t.label() + "' given twice");
            }
            named.add(t);
        }
        List<Binding> all = new ArrayList<>(named.contains(Transport.MPI) ? bindings : List.of());
        Set<String> labels = new HashSet<>();
        all.forEach(b -> labels.add(b.label()));
        for (Transport t : named) {
            if (t == Transport.MPI) {
                continue;
            }
            for (Bench b : benches) {
                if (!b.overTransports()) {
                    throw new BadArgumentException("transport '" + t.label() + "' has no " + b.label()
                            + " (latency, bw and bibw only)");
                }
            }
            if (!labels.add(t.label())) {
                throw new BadArgumentException("binding '" + t.label() + "' is also a transport's"
                        + " label (give another LABEL=PATH)");
            }
            all.add(bindings.get(0).over(t));
        }
        return all;
    }

    private static CommandLine commandLine(String[] args) throws BadArgumentException {
        Options options = new Options();
        for (char c : new char[] {'n', 's', 'p', 'o', 'b', 't', 'a', 'g'}) {
            options.addOption(Option.builder(String.valueOf(c)).hasArg().build());
        }
        for (String longOpt : new String[] {MPI, SEED_OPTION, LEVEL_OPTION}) {
            options.addOption(Option.builder().longOpt(longOpt).hasArg().build());
        }
        options.addOption(Option.builder("h").longOpt("help").build());
        try {
            return DefaultParser.builder().build().parse(options, args);
        } catch (MissingArgumentException e) {
            Option o = e.getOption();
            throw new BadArgumentException("option " + (o.getOpt() != null ? "-" + o.getOpt()
                    : "--" + o.getLongOpt()) + " needs a value");
        } catch (UnrecognizedOptionException e) {
            throw new BadArgumentException("unknown option " + e.getOption());
        } catch (ParseException e) {
            throw new BadArgumentException(e.getMessage());
        }
    }

    /** The last value given for {@code opt}: given twice, the later one counts. */
    private static String last(CommandLine line, char opt, String fallback) {
        String value = last(line, String.valueOf(opt));
        return value == null ? fallback : value;
    }

    /** The last value given for the option named {@code opt}, null when not given. */
    private static String last(CommandLine line, String opt) {
        String[] values = line.getOptionValues(opt);
        return values == null ? null : values[values.length - 1];
    }
}
