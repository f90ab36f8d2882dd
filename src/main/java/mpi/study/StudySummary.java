package mpi.study;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import mpi.installation.MpiInstallation;

/**
 * What a study prints once its launches have run: per {@code --map-by} policy its directory,
 * per process count the directory and its files, the point-to-point run, {@link TuneCommand}'s
 * table and tuning file, {@link ModelsCommand}'s table with its figures and CSV (both run in
 * this JVM, as their own commands print them, a refusal in its one line), then the study's
 * one CSV ({@link StudyCsv}).
 */
final class StudySummary {
    private final StudyArgs args;
    private final MpiInstallation.Family family;
    private final String library;
    private final int processors;
    private final PrintStream out;

    /**
     * @param args       the study's command line
     * @param family     the MPI's family, which decides the tuning file
     * @param library    the MPI library, as its launcher names itself
     * @param processors this machine's processors
     * @param out        where the summary goes
     */
    StudySummary(StudyArgs args, MpiInstallation.Family family, String library, int processors,
            PrintStream out) {
        this.args = args;
        this.family = family;
        this.library = library;
        this.processors = processors;
        this.out = out;
    }

    /**
     * @param np         a process count
     * @param processors this machine's processors
     * @return e.g. {@code " (3 processes on 2 processors share cores)"}, or nothing where
     *         the processes have a processor each
     */
    static String sharedNote(int np, int processors) {
        return np > processors ? " (" + np + " processes on " + processors
                + " processors share cores)" : "";
    }

    private String sharedNote(int np) {
        return sharedNote(np, processors);
    }

    /**
     * @param points the launches that ran, the point-to-point ones among them
     * @param files  each policy's results files, in the study's order of policies
     * @return whether the study's CSV was written
     */
    boolean print(List<StudyCommand.Point> points, Map<String, PolicyFiles> files) {
        out.println("# Study: " + args.benchmark() + " --algorithm " + args.algorithm() + " on "
                + library + ", " + processors + " processors here; a directory per --map-by,"
                + " each its own study (Tune takes an algorithm once per process count)");
        for (String policy : args.mapBy()) {
            Path root = args.dir().resolve(StudyArgs.folder(policy));
            out.println("# --map-by " + policy + ": " + root);
            List<String> dirs = new ArrayList<>();
            Path p2p = null;
            for (StudyCommand.Point p : points) {
                if (!p.mapBy().equals(policy)) {
                    continue;
                }
                if (p.benchmark().equals(args.benchmark())) {
                    out.println("#   np " + p.np() + ": " + p.dir() + ": " + files(p.dir())
                            + sharedNote(p.np()));
                    dirs.add(p.dir().toString());
                } else {
                    p2p = p.dir().resolve(PointToPointFile.BENCHMARK + ".json");
                    out.println("#   p2p: " + p2p + " (" + PointToPointFile.BENCHMARK + " on "
                            + p.np() + " processes, -m " + p.command().get(
                                    p.command().lastIndexOf("-m") + 1) + ")"
                            + sharedNote(p.np()));
                }
            }
            if (p2p == null) {
                out.println("#   no p2p run: " + files.get(policy).refusal());
            }
            tune(root, dirs);
            models(root, dirs, p2p);
        }
        boolean wrote = csv(files);
        out.flush();
        return wrote;
    }

    /** Tune on the policy's directories, with the MPI's tuning file where it has one. */
    private void tune(Path root, List<String> dirs) {
        SweepFile.Operation op = SweepFile.operation(args.benchmark());
        List<String> tuneArgs = new ArrayList<>();
        String file = null;
        if (!op.nonBlocking() && family == MpiInstallation.Family.OPEN_MPI) {
            file = root.resolve(op.collective() + ".rules").toString();
            tuneArgs.addAll(List.of("--rules", file));
        } else if (!op.nonBlocking() && family == MpiInstallation.Family.MPICH) {
            file = root.resolve(op.collective() + "-mpich.json").toString();
            tuneArgs.addAll(List.of("--mpich-json", file));
        }
        tuneArgs.addAll(dirs);
        // Tune makes the file before the table: where the file is refused, the table alone.
        run("Tune", TuneCommand::run, tuneArgs, file == null ? null : dirs, "no tuning file");
    }

    /**
     * Models on the policy's directories, with the point-to-point file where there is one;
     * where that file alone is refused (too few sizes for its fit), the table without it.
     */
    private void models(Path root, List<String> dirs, Path p2p) {
        SweepFile.Operation op = SweepFile.operation(args.benchmark());
        String name = op.nonBlocking() ? "i" + op.collective() : op.collective();
        List<String> modelArgs = new ArrayList<>();
        if (p2p != null) {
            modelArgs.addAll(List.of("--p2p", p2p.toString()));
        }
        modelArgs.addAll(List.of("--png", root.resolve(name + ".png").toString(), "--csv",
                root.resolve(name + "-models.csv").toString()));
        modelArgs.addAll(dirs);
        run("Models", ModelsCommand::run, modelArgs,
                p2p == null ? null : modelArgs.subList(2, modelArgs.size()), "no p2p rows");
    }

    /**
     * Runs Tune or Models and prints its command, then its output; where it refuses its input
     * (exit code 2, the same for both) and {@code without} leaves out the one part that may
     * be refused alone (Tune's tuning file, Models' p2p file), the output of that run instead,
     * with {@code lost} and the refusal's line.
     */
    private void run(String name, Ran.Command command, List<String> args, List<String> without,
            String lost) {
        Ran r = Ran.of(command, args);
        out.println("#   " + name + " " + String.join(" ", args) + r.exit());
        if (r.code() == TuneCommand.BAD_INPUT && without != null) {
            Ran rest = Ran.of(command, without);
            if (rest.code() == 0) {
                out.print(rest.out());
                out.println("#   " + lost + ": " + r.err());
                return;
            }
        }
        r.print(out);
    }

    /** Writes the study's CSV from every policy whose files were read, and says where. */
    private boolean csv(Map<String, PolicyFiles> files) {
        Map<String, List<SweepFile>> read = new LinkedHashMap<>();
        List<String> left = new ArrayList<>();
        files.forEach((policy, f) -> {
            if (f.refusal() == null) {
                read.put(policy, f.files());
            } else {
                left.add("--map-by " + policy);
            }
        });
        Path csv = args.dir().resolve(args.benchmark() + "-study.csv");
        String text = StudyCsv.text(read, processors);
        try {
            Files.createDirectories(args.dir());
            Files.writeString(csv, text);
        } catch (IOException e) {
            out.println("# no study CSV: cannot write " + csv + " (" + e + ")");
            return false;
        }
        out.println("# Study CSV: " + csv + ": " + (text.lines().count() - 1) + " rows, one per"
                + " --map-by, process count, algorithm and size" + (left.isEmpty() ? ""
                        : "; none of " + String.join(", ", left) + ", whose files are refused"
                        + " above"));
        return true;
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

    /** A command of this package run in this JVM: its exit code and what it printed. */
    private record Ran(int code, String out, String err) {
        /** Tune's and Models' entry point with its streams given. */
        interface Command {
            int run(String[] args, PrintStream out, PrintStream err);
        }

        static Ran of(Command command, List<String> args) {
            ByteArrayOutputStream o = new ByteArrayOutputStream();
            ByteArrayOutputStream e = new ByteArrayOutputStream();
            int code;
            try (PrintStream po = new PrintStream(o, true, StandardCharsets.UTF_8);
                    PrintStream pe = new PrintStream(e, true, StandardCharsets.UTF_8)) {
                code = command.run(args.toArray(new String[0]), po, pe);
            }
            return new Ran(code, o.toString(StandardCharsets.UTF_8),
                    e.toString(StandardCharsets.UTF_8).strip());
        }

        /** @return {@code " (exit code N)"}, or nothing for 0 */
        String exit() {
            return code == 0 ? "" : " (exit code " + code + ")";
        }

        /** Prints the output, then the refusal's line, if any. */
        void print(PrintStream to) {
            to.print(out);
            if (!err.isEmpty()) {
                to.println("#   " + err);
            }
        }
    }
}
