package mpi.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@link Tune}: {@code [--level L] [--rules FILE] [--mpich-json FILE]
 * PATH...}.
 *
 * @param level     the confidence level the sweep's intervals must have at least
 * @param rules     where to write Open MPI's dynamic rules file, or null
 * @param mpichJson where to write MPICH's selection JSON, or null
 * @param paths     the results files and directories, at least one
 * @param help      whether {@code --help} was given (then nothing else is done)
 */
public record TuneArgs(double level, Path rules, Path mpichJson, List<Path> paths,
        boolean help) {
    /** The level of {@code --level}'s absence: the benchmarks' own default. */
    public static final double DEFAULT_LEVEL = 0.95;

    /** The usage line. */
    public static final String USAGE = "usage: java -cp omb-j.jar mpi.study.Tune [--level L]"
            + " [--rules FILE] [--mpich-json FILE] PATH...  (PATH: a results JSON file of an"
            + " --algorithm all -o DIR sweep, or such a DIR)";

    /** Copies the list. */
    public TuneArgs {
        paths = List.copyOf(paths);
    }

    /**
     * @param args the command line
     * @return its values
     * @throws TuneException in one line, if an option lacks its value, the level is not in
     *                       (0, 1), an option is unknown or no PATH is given
     */
    public static TuneArgs parse(String... args) throws TuneException {
        double level = DEFAULT_LEVEL;
        Path rules = null;
        Path mpich = null;
        List<Path> paths = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-h", "--help" -> {
                    return new TuneArgs(level, null, null, List.of(), true);
                }
                case "--level" -> level = level(value(args, ++i, a));
                case "--rules" -> rules = Path.of(value(args, ++i, a));
                case "--mpich-json" -> mpich = Path.of(value(args, ++i, a));
                default -> CommandWords.path(a, paths, USAGE);
            }
        }
        CommandWords.requirePaths(paths, USAGE);
        return new TuneArgs(level, rules, mpich, paths, false);
    }

    private static String value(String[] args, int i, String option) throws TuneException {
        return CommandWords.value(args, i, option, USAGE);
    }

    private static double level(String text) throws TuneException {
        double l;
        try {
            l = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            l = Double.NaN;
        }
        if (!(l > 0 && l < 1)) {
            throw new TuneException("--level takes a number between 0 and 1, got " + text);
        }
        return l;
    }
}
