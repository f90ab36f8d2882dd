package mpi.common.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import mpi.common.options.UsageException;

/**
 * Where rank 0 writes a run's results as JSON and CSV ({@code -o DIR}): the directory, made
 * if missing, and in it a file pair per run named after the benchmark, {@code OSULatency.json}
 * and {@code OSULatency.csv}. A name already taken in the directory (an earlier run, or the
 * same benchmark earlier in a suite) is never overwritten: the pair becomes
 * {@code OSULatency-2.*}, {@code OSULatency-3.*} and so on.
 *
 * @param dir the directory, or null for {@link #NONE}
 */
public record ResultFiles(Path dir) {
    /** No files: the table on stdout only. */
    public static final ResultFiles NONE = new ResultFiles(null);

    /**
     * @param value the value of {@code -o}
     * @return the directory it names
     * @throws UsageException if it is empty, not a path, or names a file that is not a
     *         directory
     */
    public static ResultFiles parse(String value) throws UsageException {
        if (value.isBlank()) {
            throw new UsageException("-o needs a directory, got ''");
        }
        Path dir;
        try {
            dir = Path.of(value);
        } catch (InvalidPathException e) {
            throw new UsageException("-o " + value + " is not a path: " + e.getReason());
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UsageException("-o " + value + " is a file, not a directory");
        }
        return new ResultFiles(dir);
    }

    /** @return whether results are written */
    public boolean enabled() {
        return dir != null;
    }

    /**
     * Makes the directory if missing and checks that it takes files: before the run, so that a
     * long run does not end without its files.
     *
     * @throws IOException if the directory cannot be made or written to
     */
    public void prepare() throws IOException {
        Files.createDirectories(dir);
        if (!Files.isWritable(dir)) {
            throw new IOException(dir + " is not writable");
        }
    }

    /**
     * @param program the benchmark's name, e.g. {@code OSULatency}
     * @return the first stem {@code DIR/NAME}, {@code DIR/NAME-2}, ... with neither a
     *         {@code .json} nor a {@code .csv} file
     */
    public Path freeStem(String program) {
        for (int n = 1; ; n++) {
            String name = n == 1 ? program : program + "-" + n;
            if (!Files.exists(dir.resolve(name + ".json"))
                    && !Files.exists(dir.resolve(name + ".csv"))) {
                return dir.resolve(name);
            }
        }
    }

    @Override
    public String toString() {
        return dir == null ? "none" : dir.toString();
    }
}
