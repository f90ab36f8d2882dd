package mpi.study;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import mpi.compare.BadArgumentException;
import mpi.compare.Launcher;
import mpi.compare.RunFailure;
import mpi.compare.StudyLaunches;
import mpi.installation.MpiInstallation;

/**
 * What {@link Study} does, with its environment, launcher, processor count and streams given:
 * per map-by, a launch per process count, each {@code --algorithm all -o DIR/map-by-P/npN
 * --stats}, and one of OSULatency on 2 processes ({@link PointToPointRun}); then the summary
 * ({@link StudySummary}): Tune and Models on each map-by's directories, and the study's CSV.
 */
public final class StudyCommand {
    /** The exit code of a bad command line (and of the benchmark's own refusal). */
    public static final int BAD_INPUT = 2;
    /** The exit code of a launch that failed, or an MPI that is not there. */
    public static final int FAILED = 1;

    private static final String PROG = "Study";
    /** How a benchmark's refusal of its command line ends (mpi.common.output.ErrorLines). */
    private static final String USAGE_HINT = "; run with -h for usage";

    private final Map<String, String> env;
    private final Launcher launcher;
    private final int processors;
    private final PrintStream out;
    private final PrintStream err;

    /**
     * @param env        the environment: the compare tool's settings (MPIRUN, JAVA, JAVA_CP,
     *                   JAVA_OPTS, MPIRUN_ARGS, MPI_NAME, OMBJ_MPI_DIR...)
     * @param launcher   what runs the launches
     * @param processors this machine's processors: more processes than these share cores
     * @param out        where the summary goes
     * @param err        where progress and refusals go
     */
    public StudyCommand(Map<String, String> env, Launcher launcher, int processors,
            PrintStream out, PrintStream err) {
        this.env = env;
        this.launcher = launcher;
        this.processors = processors;
        this.out = out;
        this.err = err;
    }

    /**
     * One launch of the study.
     *
     * @param benchmark the program's simple name: the study's collective, or OSULatency
     * @param mapBy     the policy
     * @param np        the process count
     * @param dir       where its results go
     * @param command   its command line
     */
    record Point(String benchmark, String mapBy, int np, Path dir, List<String> command) {
    }

    /**
     * @param args the command line ({@link StudyArgs})
     * @return the exit code: 0, {@link #BAD_INPUT} or {@link #FAILED}
     */
    public int run(String[] args) {
        StudyArgs a;
        StudyLaunches launches;
        try {
            a = StudyArgs.parse(args);
            if (a.help()) {
                out.println(StudyArgs.USAGE);
                return 0;
            }
            launches = StudyLaunches.of(a.mpi(), env, launcher, err, PROG);
            a.checkPolicies(launches.family());
        } catch (BadArgumentException e) {
            err.println(PROG + ": " + e.getMessage());
            return BAD_INPUT;
        } catch (IOException | IllegalArgumentException e) {
            err.println(PROG + ": " + e.getMessage());
            return FAILED;
        } catch (RunFailure e) {
            return failed(e);
        }
        List<Point> ran = new ArrayList<>();
        Map<String, PolicyFiles> files = new LinkedHashMap<>();
        try {
            for (String policy : a.mapBy()) {
                List<Point> sweep = points(a, launches, policy);
                for (Point p : sweep) {
                    Integer code = launch(p);
                    if (code != null) {
                        return code;
                    }
                }
                ran.addAll(sweep);
                PolicyFiles read = PolicyFiles.read(sweep.stream().map(Point::dir).toList());
                files.put(policy, read);
                // The p2p run takes the sweep's sizes, so it waits for them; with no files
                // there is nothing for Models to fit, and the summary says why.
                if (read.refusal() == null) {
                    Point p2p = pointToPoint(a, launches, policy, read);
                    Integer code = launch(p2p);
                    if (code != null) {
                        return code;
                    }
                    ran.add(p2p);
                }
            }
        } catch (RunFailure e) {
            return failed(e);
        } catch (IOException e) {
            err.println(PROG + ": " + e.getMessage());
            return FAILED;
        }
        return new StudySummary(a, launches.family(), launches.library(), processors, out)
                .print(ran, files) ? 0 : FAILED;
    }

    /** @return null once the launch has run, else the study's exit code */
    private Integer launch(Point p) throws IOException, RunFailure {
        clear(p.dir(), p.benchmark());
        err.println(PROG + ": " + p.benchmark() + " on " + p.np() + " processes, --map-by "
                + p.mapBy() + StudySummary.sharedNote(p.np(), processors) + ": "
                + String.join(" ", p.command()));
        Launcher.Output o = launcher.runOrFail(p.command());
        return o.exitCode() == 0 ? null : refusedOrFailed(p, o);
    }

    /** @return the policy's launches of the collective, by process count */
    List<Point> points(StudyArgs a, StudyLaunches launches, String policy) {
        List<Point> points = new ArrayList<>();
        for (int np : a.counts()) {
            Path dir = a.dir().resolve(StudyArgs.folder(policy)).resolve("np" + np);
            points.add(new Point(a.benchmark(), policy, np, dir, launches.command(np,
                    launchOptions(launches.family(), policy, np),
                    "mpi.collective." + a.benchmark(), benchmarkArgs(a, dir))));
        }
        return points;
    }

    /**
     * @return the policy's point-to-point launch, with the collective's launch options, on
     *         the sizes its files hold ({@link PointToPointRun})
     */
    Point pointToPoint(StudyArgs a, StudyLaunches launches, String policy, PolicyFiles files) {
        int np = PointToPointRun.PROCESSES;
        Path dir = a.dir().resolve(StudyArgs.folder(policy)).resolve(PointToPointRun.FOLDER);
        return new Point(PointToPointFile.BENCHMARK, policy, np, dir, launches.command(np,
                launchOptions(launches.family(), policy, np), PointToPointRun.MAIN_CLASS,
                PointToPointRun.args(a.benchmarkArgs(), files.minBytes(), files.maxBytes(),
                        dir)));
    }

    /**
     * @return the launcher's options of one point: Open MPI's {@code --map-by}, dynamic rules
     *         (without which a forced algorithm does not take effect) and {@code
     *         --oversubscribe} past the processors; hydra's {@code -map-by} alone
     */
    List<String> launchOptions(MpiInstallation.Family family, String policy, int np) {
        List<String> options = new ArrayList<>();
        if (family == MpiInstallation.Family.OPEN_MPI) {
            options.addAll(List.of("--map-by", policy));
            if (np > processors) {
                options.add("--oversubscribe");
            }
            options.addAll(List.of("--mca", "coll_tuned_use_dynamic_rules", "1"));
        } else {
            options.addAll(List.of("-map-by", policy));
        }
        return options;
    }

    /** @return the benchmark's arguments: the user's, then the sweep's and its files' */
    static List<String> benchmarkArgs(StudyArgs a, Path dir) {
        List<String> args = new ArrayList<>(a.benchmarkArgs());
        args.addAll(List.of("--algorithm", a.algorithm(), "-o", dir.toString()));
        if (!args.contains("--stats")) {
            args.add("--stats");
        }
        return args;
    }

    /** Removes an earlier study's files of the benchmark, which Tune would read again. */
    private static void clear(Path dir, String benchmark) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                String n = f.getFileName().toString();
                if (n.startsWith(benchmark + "-") && (n.endsWith(".json") || n.endsWith(".csv"))) {
                    Files.delete(f);
                }
            }
        }
    }

    /**
     * A launch that ended badly: the benchmark's own refusal of its options (an MPI without
     * usable control variables, an algorithm it lacks, a bad option) passed on in its one
     * line, exit code {@link #BAD_INPUT}; anything else is the command and the end of its
     * output, {@link #FAILED}.
     */
    private int refusedOrFailed(Point p, Launcher.Output o) {
        String line = refusal(p.benchmark(), o);
        if (line != null) {
            err.println(PROG + ": " + line);
            return BAD_INPUT;
        }
        return failed(new RunFailure("the launch on " + p.np() + " processes, --map-by "
                + p.mapBy() + ", failed (exit code " + o.exitCode() + "): "
                + String.join(" ", p.command()), o.tail(20)));
    }

    /**
     * @return the benchmark's usage line ({@code OSUScatter: --algorithm x: ...; run with -h
     *         for usage}, which every rank prints alike), or null if it printed none
     */
    static String refusal(String benchmark, Launcher.Output o) {
        for (String text : List.of(o.stderr(), o.stdout())) {
            for (String line : text.split("\n")) {
                String l = line.strip();
                if (l.startsWith(benchmark + ": ") && l.endsWith(USAGE_HINT)) {
                    return l;
                }
            }
        }
        return null;
    }

    private int failed(RunFailure e) {
        err.println(PROG + ": " + e.getMessage());
        if (!e.output().isEmpty()) {
            err.println(e.output());
        }
        return FAILED;
    }
}
