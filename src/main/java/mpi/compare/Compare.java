package mpi.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import mpi.installation.MpiInstallation;

/**
 * Compares the Java benchmarks with their native C twins, and Java bindings with each other:
 * the tool behind {@code scripts/compare.sh}, which starts it in the project directory. Every
 * run is its own {@code mpirun}; this JVM never loads the MPI binding.
 *
 * <p>Exit status: 0 done; 1 a run failed (its command and the end of its output are printed)
 * or something it needs is missing; 2 bad arguments (one line naming the problem, then the
 * usage).
 */
public final class Compare {
    /** The name in messages: the user typed the script's. */
    static final String PROG = "compare.sh";

    private final Map<String, String> env;
    private final Launcher launcher;
    private final PrintStream out;
    private final PrintStream err;

    /**
     * @param env      the environment variables (see {@link Settings}) and PATH
     * @param launcher what starts the runs
     * @param out      where the machine line, the table and "wrote" go
     * @param err      where progress, notes and errors go
     */
    public Compare(Map<String, String> env, Launcher launcher, PrintStream out, PrintStream err) {
        this.env = env;
        this.launcher = launcher;
        this.out = out;
        this.err = err;
    }

    /** Runs the comparison on the real machine and exits with its status. */
    public static void main(String[] args) {
        System.exit(new Compare(System.getenv(), new ProcessLauncher(), System.out, System.err).run(args));
    }

    /**
     * @param args the command line, see {@link CompareArgs#USAGE}
     * @return the exit status
     */
    public int run(String[] args) {
        Settings settings = Settings.from(env);
        CompareOptions options;
        RunMpi mpi;
        try {
            options = CompareArgs.parse(args, settings);
        } catch (BadArgumentException e) {
            return badArgument(e);
        }
        if (options.help()) {
            out.println(CompareArgs.USAGE);
            return 0;
        }
        try {
            mpi = RunMpi.of(options.mpi(), settings, env);
        } catch (BadArgumentException e) {
            return badArgument(e);
        } catch (MpiInstallation.NotInstalledException | IllegalArgumentException e) {
            // Not installed, or its ombj-mpi.env lacks a key: the line says what to run.
            err.println(PROG + ": " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println(PROG + ": cannot read the installation's " + MpiInstallation.ENV_FILE + ": "
                    + e.getMessage());
            return 1;
        }
        settings = mpi.settings(settings, env);
        try {
            if (mpi.build().isPresent()) {
                new MpiBuilds(launcher, err).prepare(mpi.build().get(),
                        RunMpi.cDirGiven(env) ? List.of() : twins(options), loadsJni(settings, options));
            }
        } catch (RunFailure e) {
            return failed(e);
        }
        String missing = missing(settings, options, env);
        if (missing != null) {
            err.println(PROG + ": " + missing);
            return 1;
        }
        try {
            return compare(settings, mpi, options);
        } catch (RunFailure e) {
            return failed(e);
        } catch (IOException e) {
            err.println(PROG + ": cannot write " + options.csv() + " or " + options.png() + ": "
                    + e.getMessage());
            return 1;
        }
    }

    /** Prints the bad argument's line and the usage: exit status 2. */
    private int badArgument(BadArgumentException e) {
        err.println(PROG + ": " + e.getMessage());
        err.println(CompareArgs.USAGE);
        return 2;
    }

    /** Prints a failed run's line and the end of its output: exit status 1. */
    private int failed(RunFailure e) {
        err.println(PROG + ": " + e.getMessage());
        if (!e.output().isEmpty()) {
            err.println(e.output());
        }
        return 1;
    }

    /** @return the C twins of the benches, each once, in their order */
    private static List<String> twins(CompareOptions options) {
        return options.benches().stream().map(p -> p.bench().twin()).distinct().toList();
    }

    /** @return whether a Java run loads our JNI library: our binding, not on its FFM backend */
    private static boolean loadsJni(Settings settings, CompareOptions options) {
        return !settings.onlyC() && options.bindings().stream().anyMatch(b -> b.ours() && !b.onFfm());
    }

    private int compare(Settings settings, RunMpi mpi, CompareOptions options) throws RunFailure, IOException {
        Path csv = Path.of(options.csv()).toAbsolutePath();
        Files.createDirectories(csv.getParent());
        out.println(new Machine(settings, mpi, launcher).line());
        out.flush();
        String few = tooFew(options.runs(), options.level());
        if (few != null) {
            err.println(PROG + ": " + few);
        }
        Measurements m = measure(settings, mpi, options, launcher, err);
        List<Summary.Row> rows = Summary.of(m, options.javaVariants(), options.level());
        new TableWriter(options.bindings(), options.javaVariants(), settings.onlyC())
                .lines(rows, m.maxRuns(), options.seed(), options.level()).forEach(out::println);
        Files.writeString(csv, new CsvWriter(options.bindings(), options.javaVariants())
                .text(rows, options.seed(), options.level()), StandardCharsets.UTF_8);
        out.println("# wrote " + options.csv());
        out.flush();
        // The table as a PNG (-g): noted on stderr, so that stdout keeps the table's lines.
        Path png = Path.of(options.png()).toAbsolutePath();
        Files.createDirectories(png.getParent());
        err.println(PROG + ": drew " + ComparisonChart.write(rows, options.bindings().size() > 1,
                m.maxRuns(), options.level(), Path.of(options.png())));
        return 0;
    }

    /**
     * @return the note said before the runs when they are too few for an interval, and so for
     *         a verdict, at the level; null when they are enough
     */
    static String tooFew(int runs, double level) {
        if (MedianInterval.enough(runs, level)) {
            return null;
        }
        return runs + (runs == 1 ? " round is" : " rounds are") + " too few for intervals and verdicts at "
                + Numbers.percent(level) + " (-n " + MedianInterval.fewest(level)
                + " at least): the table says 'too few runs' and the CSV gives the runs' range";
    }

    /**
     * Runs every bench of {@code options}: rounds of C and each binding's APIs, in the order
     * of {@code options}' seed.
     *
     * @param err where the progress lines go
     * @throws RunFailure at the first run that fails
     */
    static Measurements measure(Settings settings, CompareOptions options, Launcher launcher,
            PrintStream err) throws RunFailure {
        return measure(settings, RunMpi.onPath(settings.mpirun()), options, launcher, err);
    }

    /** As {@link #measure(Settings, CompareOptions, Launcher, PrintStream)}, on {@code mpi}. */
    static Measurements measure(Settings settings, RunMpi mpi, CompareOptions options,
            Launcher launcher, PrintStream err) throws RunFailure {
        List<Variant> variants = Runner.variants(options.bindings(), options.apis(), settings.onlyC());
        MpiCommands commands = new MpiCommands(settings, mpi, launcher, err);
        return new Runner(options, variants, commands, launcher, err, new RunOrder(options.seed())).run();
    }

    /** @return what is missing before any run, with a hint; null when nothing is */
    static String missing(Settings settings, CompareOptions options, Map<String, String> env) {
        for (CompareOptions.Plan p : options.benches()) {
            Path twin = Path.of(settings.cDir(), p.bench().twin());
            if (!Files.isExecutable(twin)) {
                return settings.cDir() + "/" + p.bench().twin() + " not found; run 'mvn package' first";
            }
        }
        if (!settings.onlyC()) {
            for (Binding b : options.bindings()) {
                for (Binding.Required r : b.required()) {
                    if (!Files.isRegularFile(Path.of(r.path()))) {
                        return r.path() + " not found; " + r.hint();
                    }
                }
            }
        }
        if (Machine.onPath(settings.mpirun(), env.get("PATH")).isEmpty()) {
            return "launcher '" + settings.mpirun() + "' not found (set MPIRUN)";
        }
        return null;
    }
}
