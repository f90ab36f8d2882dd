package mpi.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;

/**
 * Runs a benchmark's main class and, as the JVM exits (normally or through System.exit),
 * prints this process's peak resident memory on standard error: {@code peak-rss-kib N}, from
 * Linux's VmHWM, the high-water mark of the resident set.
 */
public final class PeakMemory {
    static final String PREFIX = "peak-rss-kib ";

    private PeakMemory() {
    }

    public static void main(String[] args) throws Exception {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.err.println(PREFIX + peakKib())));
        Class.forName(args[0]).getMethod("main", String[].class)
                .invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
    }

    private static long peakKib() {
        try {
            return Files.readAllLines(Paths.get("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("VmHWM:"))
                    .mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", "")))
                    .findFirst().orElse(-1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
