package mpi.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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
        try {
            options = CompareArgs.parse(args, settings);
        } catch (BadArgumentException e) {
            err.println(PROG + ": " + e.getMessage());
            err.println(CompareArgs.USAGE);
            return 2;
        }
        if (options.help()) {
            out.println(CompareArgs.USAGE);
            return 0;
        }
        String missing = missing(settings, options, env);
        if (missing != null) {
            err.println(PROG + ": " + missing);
            return 1;
        }
        try {
            return compare(settings, options);
        } catch (RunFailure e) {
            err.println(PROG + ": " + e.getMessage());
            if (!e.output().isEmpty()) {
                err.println(e.output());
            }
            return 1;
        } catch (IOException e) {
            err.println(PROG + ": cannot write " + options.csv() + " or " + options.png() + ": "
                    + e.getMessage());
            return 1;
        }
    }

    private int compare(Settings settings, CompareOptions options) throws RunFailure, IOException {
        Path csv = Path.of(options.csv()).toAbsolutePath();
        Files.createDirectories(csv.getParent());
        out.println(new Machine(settings, launcher).line());
        out.flush();
        Measurements m = measure(settings, options, launcher, err);
        List<Summary.Row> rows = Summary.of(m, options.javaVariants());
        new TableWriter(options.bindings(), options.javaVariants(), settings.onlyC()).lines(rows, m.maxRuns())
                .forEach(out::println);
        Files.writeString(csv, new CsvWriter(options.bindings(), options.javaVariants()).text(rows),
                StandardCharsets.UTF_8);
        out.println("# wrote " + options.csv());
        out.flush();
        // The table as a PNG (-g): noted on stderr, so that stdout keeps the table's lines.
        Path png = Path.of(options.png()).toAbsolutePath();
        Files.createDirectories(png.getParent());
        err.println(PROG + ": drew " + ComparisonChart.write(rows, options.bindings().size() > 1,
                m.maxRuns(), Path.of(options.png())));
        return 0;
    }

    /**
     * Runs every bench of {@code options}: C, then each binding's APIs, in turn.
     *
     * @param err where the progress lines go
     * @throws RunFailure at the first run that fails
     */
    static Measurements measure(Settings settings, CompareOptions options, Launcher launcher,
            PrintStream err) throws RunFailure {
        List<Variant> variants = Runner.variants(options.bindings(), options.apis(), settings.onlyC());
        MpiCommands commands = new MpiCommands(settings, launcher, err);
        return new Runner(options, variants, commands, launcher, err).run();
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
