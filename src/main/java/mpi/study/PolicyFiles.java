package mpi.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

/**
 * The results files of one {@code --map-by} policy's sweep, read as Tune reads them
 * ({@link SweepFile}), or the one line saying why they cannot be (an {@code --algorithm list}
 * measures nothing, say).
 *
 * @param files   the files, in Tune's order; empty when refused
 * @param refusal why they cannot be read, or null
 */
record PolicyFiles(List<SweepFile> files, String refusal) {
    /** Copies the list. */
    PolicyFiles {
        files = List.copyOf(files);
    }

    /**
     * @param dirs the policy's npN directories
     * @return their JSON files, read, or the first refusal
     */
    static PolicyFiles read(List<Path> dirs) {
        try {
            List<SweepFile> files = new ArrayList<>();
            for (Path p : TuneCommand.expand(dirs)) {
                files.add(SweepFile.read(p));
            }
            return new PolicyFiles(files, null);
        } catch (TuneException e) {
            return new PolicyFiles(List.of(), e.getMessage());
        }
    }

    /** @return the smallest size measured (call only when read) */
    long minBytes() {
        return sizes().min().orElseThrow();
    }

    /** @return the largest size measured (call only when read) */
    long maxBytes() {
        return sizes().max().orElseThrow();
    }

    private LongStream sizes() {
        return files.stream().flatMap(f -> f.measurements().stream())
                .mapToLong(Measurement::bytes);
    }
}
