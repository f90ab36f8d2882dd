package mpi.study;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * a launch per (map-by, process count), each {@code --algorithm all -o DIR/map-by-P/npN
 * --stats}, then {@link TuneCommand} on each map-by's directories, then the summary.
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

    /** One launch of the study. */
    record Point(String mapBy, int np, Path dir, List<String> command) {
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
        List<Point> points = points(a, launches);
        try {
            for (Point p : points) {
                clear(p.dir(), a.benchmark());
                err.println(PROG + ": " + a.benchmark() + " on " + p.np() + " processes, --map-by "
                        + p.mapBy() + (p.np() > processors ? " (" + sharing(p.np()) + ")" : "")
                        + ": " + String.join(" ", p.command()));
                Launcher.Output o = launcher.runOrFail(p.command());
                if (o.exitCode() != 0) {
                    return refusedOrFailed(p, a.benchmark(), o);
                }
            }
        } catch (RunFailure e) {
            return failed(e);
        } catch (IOException e) {
            err.println(PROG + ": " + e.getMessage());
            return FAILED;
        }
        summary(a, launches, points);
        return 0;
    }

    /** @return the launches of the study, by map-by then process count */
    List<Point> points(StudyArgs a, StudyLaunches launches) {
        List<Point> points = new ArrayList<>();
        for (String policy : a.mapBy()) {
            for (int np : a.counts()) {
                Path dir = a.dir().resolve(StudyArgs.folder(policy)).resolve("np" + np);
                points.add(new Point(policy, np, dir, launches.command(np,
                        launchOptions(launches.family(), policy, np),
                        "mpi.collective." + a.benchmark(), benchmarkArgs(a, dir))));
            }
        }
        return points;
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

    private String sharing(int np) {
        return np + " processes on " + processors + " processors share cores";
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
    private int refusedOrFailed(Point p, String benchmark, Launcher.Output o) {
        String line = refusal(benchmark, o);
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

    /** Runs Tune on each map-by's directories and prints where everything is. */
    private void summary(StudyArgs a, StudyLaunches launches, List<Point> points) {
        SweepFile.Operation op = SweepFile.operation(a.benchmark());
        out.println("# Study: " + a.benchmark() + " --algorithm " + a.algorithm() + " on "
                + launches.library() + ", " + processors + " processors here; a directory per"
                + " --map-by, each its own study (Tune takes an algorithm once per process count)");
        for (String policy : a.mapBy()) {
            Path root = a.dir().resolve(StudyArgs.folder(policy));
            out.println("# --map-by " + policy + ": " + root);
            List<String> tune = new ArrayList<>();
            for (Point p : points) {
                if (p.mapBy().equals(policy)) {
                    out.println("#   np " + p.np() + ": " + p.dir() + ": " + files(p.dir())
                            + (p.np() > processors ? " (" + sharing(p.np()) + ")" : ""));
                    tune.add(p.dir().toString());
                }
            }
            List<String> tuneArgs = new ArrayList<>();
            String file = null;
            if (!op.nonBlocking() && launches.family() == MpiInstallation.Family.OPEN_MPI) {
                file = root.resolve(op.collective() + ".rules").toString();
                tuneArgs.addAll(List.of("--rules", file));
            } else if (!op.nonBlocking() && launches.family() == MpiInstallation.Family.MPICH) {
                file = root.resolve(op.collective() + "-mpich.json").toString();
                tuneArgs.addAll(List.of("--mpich-json", file));
            }
            tuneArgs.addAll(tune);
            Tuned t = tune(tuneArgs);
            out.println("#   Tune " + String.join(" ", tuneArgs) + (t.code() == 0 ? ""
                    : " (exit code " + t.code() + ")"));
            if (t.code() == TuneCommand.BAD_INPUT && file != null) {
                // The tuning file was refused (Tune makes it before the table): the table alone.
                Tuned table = tune(tune);
                if (table.code() == 0) {
                    out.print(table.out());
                    out.println("#   no tuning file: " + t.err());
                    continue;
                }
            }
            out.print(t.out());
            if (!t.err().isEmpty()) {
                out.println("#   " + t.err());
            }
        }
        out.flush();
    }

    /** What Tune printed and returned. */
    private record Tuned(int code, String out, String err) {
    }

    private static Tuned tune(List<String> args) {
        ByteArrayOutputStream tuneOut = new ByteArrayOutputStream();
        ByteArrayOutputStream tuneErr = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(tuneOut, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(tuneErr, true, StandardCharsets.UTF_8)) {
            code = TuneCommand.run(args.toArray(new String[0]), o, e);
        }
        return new Tuned(code, tuneOut.toString(StandardCharsets.UTF_8),
                tuneErr.toString(StandardCharsets.UTF_8).strip());
    }

    /** @return e.g. {@code 4 files: OSUScatter-basic_linear.json, ...} (the JSON files) */
    private static String files(Path dir) {
        try (Stream<Path> list = Files.list(dir)) {
            List<String> json = list.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".json")).sorted().toList();
            return json.size() + " results files (and their CSV twins): " + String.join(", ", json);
        } catch (IOException e) {
            return "no files (" + e.getMessage() + ")";
        }
    }
}
