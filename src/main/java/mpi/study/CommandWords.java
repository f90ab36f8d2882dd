package mpi.study;

import java.nio.file.Path;
import java.util.List;

/**
 * The command-line words Tune and Models read alike: an option's value, a PATH or an unknown
 * option, and at least one PATH; each problem one line ending in the command's usage.
 */
final class CommandWords {
    private CommandWords() {
    }

    /**
     * @return {@code args[i]}, the value of {@code option}
     * @throws TuneException if the command line ends before it
     */
    static String value(String[] args, int i, String option, String usage)
            throws TuneException {
        if (i >= args.length) {
            throw new TuneException(option + " needs a value; " + usage);
        }
        return args[i];
    }

    /**
     * Adds {@code word} to {@code paths}, or refuses it as an option the command lacks.
     *
     * @throws TuneException if it starts with {@code -} (a lone {@code -} is a PATH)
     */
    static void path(String word, List<Path> paths, String usage) throws TuneException {
        if (word.startsWith("-") && word.length() > 1) {
            throw new TuneException("unknown option " + word + "; " + usage);
        }
        paths.add(Path.of(word));
    }

    /** @throws TuneException if no PATH was given */
    static void requirePaths(List<Path> paths, String usage) throws TuneException {
        if (paths.isEmpty()) {
            throw new TuneException("no PATH; " + usage);
        }
    }
}
