package mpi.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@link Models}: {@code [--p2p FILE.json] [--png FILE.png] [--csv FILE]
 * PATH...}.
 *
 * @param p2p   an OSULatency results file whose Hockney fit gives alpha and beta, or null
 * @param png   the figure's path (one PNG per process count beside it), or null
 * @param csv   where to write the table as CSV, or null
 * @param paths the sweep's results files and directories, at least one
 * @param help  whether {@code --help} was given (then nothing else is done)
 */
public record ModelsArgs(Path p2p, Path png, Path csv, List<Path> paths, boolean help) {
    /** The usage line. */
    public static final String USAGE = "usage: java -cp omb-j.jar mpi.study.Models"
            + " [--p2p OSULATENCY.json] [--png FILE.png] [--csv FILE] PATH...  (PATH: a results"
            + " JSON file of an --algorithm sweep -o DIR, or such a DIR)";

    /** Copies the list. */
    public ModelsArgs {
        paths = List.copyOf(paths);
    }

    /**
     * @param args the command line
     * @return its values
     * @throws TuneException in one line: an option without its value, an unknown option, or
     *                       no PATH
     */
    public static ModelsArgs parse(String... args) throws TuneException {
        Path p2p = null;
        Path png = null;
        Path csv = null;
        List<Path> paths = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-h", "--help" -> {
                    return new ModelsArgs(null, null, null, List.of(), true);
                }
                case "--p2p" -> p2p = Path.of(value(args, ++i, a));
                case "--png" -> png = Path.of(value(args, ++i, a));
                case "--csv" -> csv = Path.of(value(args, ++i, a));
                default -> CommandWords.path(a, paths, USAGE);
            }
        }
        CommandWords.requirePaths(paths, USAGE);
        return new ModelsArgs(p2p, png, csv, paths, false);
    }

    private static String value(String[] args, int i, String option) throws TuneException {
        return CommandWords.value(args, i, option, USAGE);
    }
}
