package mpi.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The performance figures of the documents, from one run: behind {@code
 * scripts/readme-figures.sh}. Measures C against the Java buffer and arrays APIs for latency,
 * bw and bibw (the group {@code pt2pt}) and bcast and allreduce ({@code collectives}), every
 * power of two from 1 B (allreduce: 4 B) to 1 MiB, each run one launch over all sizes, RUNS
 * rounds of the variants, each round in an order shuffled from a seed ({@code --seed}, or one
 * drawn, which GROUP.md's command gives); then writes, per group, into DIR (default {@value
 * #DEFAULT_DIR}): {@code GROUP.csv} (compare.sh's CSV), {@code GROUP.png} (compare.sh's chart)
 * and {@code GROUP.md} (the run's provenance, the figure and compare.sh's table), so that a
 * document's table and figure are always of one run.
 *
 * <p>Exit status as {@link Compare}'s: 0 done, 1 a run failed or something is missing, 2 bad
 * arguments.
 */
public final class Figures {
    /** The name in messages: the user typed the script's. */
    static final String PROG = "readme-figures.sh";
    /** Where the files go by default, relative to the project. */
    static final String DEFAULT_DIR = "docs/figures";
    /** The sizes by default. */
    static final String DEFAULT_SIZES = "1:1M";
    private static final Pattern COUNT = Pattern.compile("[1-9][0-9]{0,5}");
    static final String USAGE = String.join("\n",
            "Usage: [RUNS=N] scripts/readme-figures.sh [-n RUNS] [-s MIN:MAX] [-d DIR] [--seed N]",
            "  -n  rounds of C, Java buffer and Java arrays (default RUNS, or 7)",
            "  -s  sizes, every power of two from MIN to MAX (default " + DEFAULT_SIZES
                    + "; allreduce from 4 B at least)",
            "  -d  where to write GROUP.md, GROUP.csv and GROUP.png for the groups pt2pt",
            "      (latency bw bibw) and collectives (bcast allreduce) (default " + DEFAULT_DIR + ")",
            "  --seed  the seed of the rounds' shuffled order (default: one drawn; GROUP.md's command",
            "      gives it)");

    /** A file set of the output: its name and its benches. */
    record Group(String name, String title, List<Bench> benches) {
    }

    /** The groups written, in order. */
    static final List<Group> GROUPS = List.of(
            new Group("pt2pt", "Point-to-point: C against Java", List.of(Bench.LATENCY, Bench.BW, Bench.BIBW)),
            new Group("collectives", "Collectives on 2 ranks: C against Java",
                    List.of(Bench.BCAST, Bench.ALLREDUCE)));

    private final Map<String, String> env;
    private final Launcher launcher;
    private final PrintStream out;
    private final PrintStream err;

    /**
     * @param env      the environment: compare.sh's variables (see {@link Settings}), PATH
     *                 and RUNS
     * @param launcher what starts the runs and git
     * @param out      where "wrote" goes
     * @param err      where progress and errors go
     */
    public Figures(Map<String, String> env, Launcher launcher, PrintStream out, PrintStream err) {
        this.env = env;
        this.launcher = launcher;
        this.out = out;
        this.err = err;
    }

    /** Measures and writes the figures on the real machine, and exits with the status. */
    public static void main(String[] args) {
        System.exit(new Figures(System.getenv(), new ProcessLauncher(), System.out, System.err).run(args));
    }

    /**
     * @param args the command line, see {@link #USAGE}
     * @return the exit status
     */
    public int run(String[] args) {
        Settings settings = Settings.from(env);
        CompareOptions options;
        String dir;
        String runs;
        String sizes;
        try {
            String[] a = {get(env.get("RUNS"), "7"), DEFAULT_SIZES, DEFAULT_DIR, null};
            parse(args, a);
            runs = a[0];
            sizes = a[1];
            dir = a[2];
            options = options(runs, sizes, settings, CompareArgs.seed(a[3]));
            if (!settings.mpiName().isEmpty()) {
                // The documents' figures are of MPIRUN's MPI; an installation's C twins and JNI
                // library are compare.sh --mpi's to build, and MPIRUN alone would run ours on it.
                throw new BadArgumentException("MPI_NAME=" + settings.mpiName() + ": the figures"
                        + " are measured on MPIRUN's MPI; on " + settings.mpiName()
                        + ", use scripts/compare.sh --mpi " + settings.mpiName());
            }
        } catch (BadArgumentException e) {
            err.println(PROG + ": " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        String missing = Compare.missing(settings, options, env);
        if (missing != null) {
            err.println(PROG + ": " + missing);
            return 1;
        }
        String command = command(runs, sizes, dir, options.seed());
        try {
            Instant start = Instant.now();
            String machine = new Machine(settings, launcher).line().substring(2);
            String commit = commit();
            Measurements m = Compare.measure(settings, options, launcher, err);
            Provenance p = new Provenance(start.truncatedTo(ChronoUnit.SECONDS).toString(), commit, machine,
                    command, Duration.between(start, Instant.now()).toSeconds(), options.runs());
            for (Group g : GROUPS) {
                write(g, m, options, p, Path.of(dir));
            }
            return 0;
        } catch (RunFailure e) {
            err.println(PROG + ": " + e.getMessage());
            if (!e.output().isEmpty()) {
                err.println(e.output());
            }
            return 1;
        } catch (IOException e) {
            err.println(PROG + ": cannot write into " + dir + ": " + e.getMessage());
            return 1;
        }
    }

    /** -n, -s, -d, --seed into {@code values}; the last given counts. */
    private static void parse(String[] args, String[] values) throws BadArgumentException {
        for (int i = 0; i < args.length; i++) {
            int slot = switch (args[i]) {
                case "-n" -> 0;
                case "-s" -> 1;
                case "-d" -> 2;
                case "--seed" -> 3;
                default -> throw new BadArgumentException("unknown argument '" + args[i] + "'");
            };
            if (i + 1 >= args.length) {
                throw new BadArgumentException("option " + args[i] + " needs a value");
            }
            values[slot] = args[++i];
        }
        if (!COUNT.matcher(values[0]).matches()) {
            throw new BadArgumentException("bad run count '" + values[0] + "' (a positive integer)");
        }
    }

    /** The comparison: each group's benches over the range, with our binding, in the seed's order. */
    static CompareOptions options(String runs, String sizes, Settings settings, long seed) throws BadArgumentException {
        List<Integer> range = Sizes.parseRange(sizes);
        List<CompareOptions.Plan> plans = new ArrayList<>();
        for (Group g : GROUPS) {
            for (Bench b : g.benches()) {
                // allreduce sums floats: a message holds at least one.
                List<Integer> own = b == Bench.ALLREDUCE ? range.stream().filter(s -> s >= 4).toList() : range;
                if (own.isEmpty()) {
                    own = List.of(4);
                }
                plans.add(new CompareOptions.Plan(b, own, true));
            }
        }
        return new CompareOptions(Integer.parseInt(runs), 2, "", plans,
                List.of(Binding.parse(Binding.OMBJ, settings)), false, "", seed);
    }

    /** @return the command that does this again, with every setting written out */
    private String command(String runs, String sizes, String dir, long seed) {
        StringBuilder c = new StringBuilder();
        for (String var : List.of("MPIRUN", "JAVA", "JAVA_OPTS", "OMB_ARGS")) {
            String v = env.get(var);
            if (v != null && !v.isEmpty()) {
                c.append(var).append("='").append(v).append("' ");
            }
        }
        return c + "scripts/readme-figures.sh -n " + runs + " -s " + sizes + " -d " + dir + " --seed " + seed;
    }

    /** @return the commit measured, e.g. {@code 4547f92}, with "+ local changes" if any */
    private String commit() {
        try {
            Launcher.Output head = launcher.run(List.of("git", "rev-parse", "--short", "HEAD"));
            if (head.exitCode() != 0) {
                return "unknown (not a git checkout)";
            }
            Launcher.Output status = launcher.run(List.of("git", "status", "--porcelain", "--untracked-files=no"));
            return head.stdout().strip() + (status.stdout().isBlank() ? "" : " + local changes");
        } catch (IOException e) {
            return "unknown (no git)";
        }
    }

    private void write(Group g, Measurements all, CompareOptions options, Provenance p, Path dir)
            throws IOException {
        Measurements m = new Measurements();
        for (Measurements.Key k : all.keys()) {
            if (g.benches().contains(k.bench())) {
                m.copy(all, k);
            }
        }
        List<Summary.Row> rows = Summary.of(m, Runner.javaVariants(options.bindings()), options.level());
        Files.createDirectories(dir);
        Path csv = dir.resolve(g.name() + ".csv");
        Files.writeString(csv, new CsvWriter(options.bindings()).text(rows, options.seed(), options.level()),
                StandardCharsets.UTF_8);
        Path png = ComparisonChart.write(rows, false, m.maxRuns(), options.level(), dir.resolve(g.name() + ".png"));
        List<String> table = new TableWriter(options.bindings(), false).lines(rows, m.maxRuns(), options.seed(),
                options.level());
        Path md = dir.resolve(g.name() + ".md");
        Files.writeString(md, p.markdown(g, table), StandardCharsets.UTF_8);
        for (Path f : List.of(md, csv, png)) {
            out.println("# wrote " + f);
        }
        out.flush();
    }

    private static String get(String v, String fallback) {
        return v == null || v.isEmpty() ? fallback : v;
    }
}
