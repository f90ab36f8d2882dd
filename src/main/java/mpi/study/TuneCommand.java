package mpi.study;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@link Tune} does, with its streams given: read the sweep's files, print the choice
 * per process count and size, write the tuning files asked for.
 */
public final class TuneCommand {
    /** The exit code of bad input or a bad command line. */
    public static final int BAD_INPUT = 2;
    /** The exit code of a tuning file that could not be written. */
    public static final int WRITE_FAILED = 1;

    private TuneCommand() {
    }

    /**
     * @param args the command line ({@link TuneArgs})
     * @param out  where the table goes
     * @param err  where a refusal goes, in one line
     * @return the exit code: 0, {@link #BAD_INPUT} or {@link #WRITE_FAILED}
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            TuneArgs a = TuneArgs.parse(args);
            if (a.help()) {
                out.println(TuneArgs.USAGE);
                return 0;
            }
            List<SweepFile> files = new ArrayList<>();
            for (Path p : expand(a.paths())) {
                files.add(SweepFile.read(p));
            }
            Sweep sweep = Sweep.of(files, a.level());
            // Both files are made before either is written, so that a refusal writes nothing.
            String rules = a.rules() == null ? null : sweep.openMpiRules();
            String mpich = a.mpichJson() == null ? null : sweep.mpichJson();
            out.println("# Tune: " + sweep.operation() + " on " + sweep.mpiLibrary()
                    + "; the MPI's own choice: " + sweep.byDefault() + "; switch only where"
                    + " the fastest's interval (level " + a.level() + " or more) lies below"
                    + " the default's");
            ChoiceTable.lines(sweep.choices()).forEach(out::println);
            if (!write(a.rules(), rules, err) || !write(a.mpichJson(), mpich, err)) {
                return WRITE_FAILED;
            }
            if (rules != null) {
                out.println("# Open MPI rules: " + a.rules() + " (mpirun --mca"
                        + " coll_tuned_use_dynamic_rules 1 --mca coll_tuned_dynamic_rules_filename "
                        + a.rules() + ")");
            }
            if (mpich != null) {
                out.println("# MPICH selection: " + a.mpichJson()
                        + " (MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=" + a.mpichJson() + ")");
            }
            return 0;
        } catch (TuneException e) {
            err.println("Tune: " + e.getMessage());
            return BAD_INPUT;
        }
    }

    private static boolean write(Path file, String text, PrintStream err) {
        if (file == null) {
            return true;
        }
        try {
            Files.writeString(file, text);
            return true;
        } catch (IOException e) {
            err.println("Tune: cannot write " + file + " (" + e + ")");
            return false;
        }
    }

    /**
     * @param paths results files and directories
     * @return the files, each directory's {@code *.json} files in name order in its place
     * @throws TuneException if a path is missing or a directory holds no JSON file
     */
    static List<Path> expand(List<Path> paths) throws TuneException {
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                List<Path> json;
                try (Stream<Path> list = Files.list(p)) {
                    json = list.filter(f -> f.getFileName().toString().endsWith(".json"))
                            .filter(Files::isRegularFile).sorted().toList();
                } catch (IOException e) {
                    throw new TuneException(p + ": cannot list it (" + e + ")");
                }
                if (json.isEmpty()) {
                    throw new TuneException(p + ": no results JSON files in it");
                }
                files.addAll(json);
            } else if (Files.exists(p)) {
                files.add(p);
            } else {
                throw new TuneException(p + ": no such file or directory");
            }
        }
        return files;
    }
}
