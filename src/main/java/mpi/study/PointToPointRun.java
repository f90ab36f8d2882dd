package mpi.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The arguments of a study's point-to-point launch, {@code OSULatency} on 2 processes, whose
 * Hockney fit gives {@link Models} its alpha and beta ({@code --p2p}): the sweep's sizes, and of
 * the user's benchmark options those that mean the same to both benchmarks and that a fit of
 * the collective's costs must share: {@code -i} and {@code -x} (iterations), {@code --jit-warmup}
 * and {@code -a} (buffers or arrays, the binding's path per call). The collective's own
 * options ({@code -f}, {@code -T}, {@code -k}, {@code -c}...) stay its own.
 */
final class PointToPointRun {
    /** The launch's main class. */
    static final String MAIN_CLASS = "mpi.pt2pt." + PointToPointFile.BENCHMARK;
    /** Its process count: the ping-pong's two. */
    static final int PROCESSES = 2;
    /** The folder of its results, beside the policy's npN folders. */
    static final String FOLDER = "p2p";

    /** The options passed on, each with its value: short forms. */
    private static final Set<String> SHORT = Set.of("-i", "-x", "-a");
    /** The same options' long forms. */
    private static final Set<String> LONG = Set.of("--iterations", "--warmup", "--jit-warmup",
            "--api");

    private PointToPointRun() {
    }

    /**
     * @param benchmarkArgs the options the collective ran with (valid: the collective took
     *                      them before this launch is made)
     * @param minBytes      the sweep's smallest size
     * @param maxBytes      its largest
     * @param dir           where the results go ({@code -o})
     * @return OSULatency's arguments: the options passed on, as given, then {@code -m
     *         MIN:MAX -o DIR --stats}
     */
    static List<String> args(List<String> benchmarkArgs, long minBytes, long maxBytes,
            Path dir) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < benchmarkArgs.size(); i++) {
            String a = benchmarkArgs.get(i);
            if (SHORT.contains(a) || LONG.contains(a)) {
                args.add(a);
                if (i + 1 < benchmarkArgs.size()) {
                    args.add(benchmarkArgs.get(++i));
                }
            } else if (a.startsWith("--") ? a.contains("=")
                    && LONG.contains(a.substring(0, a.indexOf('=')))
                    : a.length() > 2 && SHORT.contains(a.substring(0, 2))) {
                // --iterations=20 and -i20: the value in the word.
                args.add(a);
            }
        }
        // The sweep's sizes as measured: a -m of one end leaves the other to each benchmark's
        // default, and OSULatency's largest (4 MiB) is not a collective's (1 MiB).
        args.addAll(List.of("-m", minBytes + ":" + maxBytes, "-o", dir.toString(), "--stats"));
        return args;
    }
}
