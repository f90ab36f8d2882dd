package mpi.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import mpi.common.collective.Collective;
import mpi.compare.Interval;

/**
 * One results file of an {@code --algorithm} sweep ({@code -o DIR}): one algorithm of one
 * collective on one process count, a measurement per size. The latency is the row's median
 * ({@code statistics.median}, which {@code -o} keeps with or without {@code --stats}) and its
 * interval the median's distribution-free one, since {@link AlgorithmChoice} compares
 * intervals of medians.
 *
 * @param path         the file
 * @param benchmark    the program, e.g. {@code OSUScatter}
 * @param collective   the collective's name as the MPIs spell it ({@code scatter},
 *                     {@code reduce_scatter}), of the blocking form
 * @param nonBlocking  whether the benchmark ran the non-blocking form ({@code OSUIbcast})
 * @param mpiLibrary   the context's {@code mpiLibrary}, e.g. {@code Open MPI v4.1.4}
 * @param ranks        the process count
 * @param algorithm    the MPI's name of the algorithm measured
 * @param number       the MPI's number of it ({@code options.algorithmValue}), or null in a
 *                     file of a version that did not record it
 * @param level        the confidence level of the intervals
 * @param measurements a measurement per size, in the file's order
 */
public record SweepFile(Path path, String benchmark, String collective, boolean nonBlocking,
        String mpiLibrary, int ranks, String algorithm, Integer number, double level,
        List<Measurement> measurements) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Copies the list. */
    public SweepFile {
        measurements = List.copyOf(measurements);
    }

    /**
     * @param path a results JSON file
     * @return its content
     * @throws TuneException in one line, if it is unreadable, not a results file of format 2
     *                       or later, of a run without {@code --algorithm}, of a benchmark that
     *                       is not a collective, or without statistics
     */
    public static SweepFile read(Path path) throws TuneException {
        JsonNode doc;
        try {
            doc = JSON.readTree(Files.readString(path));
        } catch (JsonProcessingException e) {
            // -o writes a CSV twin beside each JSON file; the twin is the one to give.
            throw new TuneException(path + ": not JSON" + (path.toString().endsWith(".csv")
                    ? "; give its .json twin" : " (" + e.getOriginalMessage() + ")"));
        } catch (IOException e) {
            throw new TuneException(path + ": cannot read it (" + e + ")");
        }
        if (doc == null || !"omb-j-results".equals(doc.path("format").asText())) {
            throw new TuneException(path + ": not an OMB-J results file (format omb-j-results)");
        }
        JsonNode context = doc.path("context");
        String benchmark = context.path("benchmark").asText();
        Operation operation = operation(benchmark);
        if (operation == null) {
            throw new TuneException(path + ": " + benchmark + " is not a collective benchmark");
        }
        JsonNode options = context.path("options");
        String algorithm = options.path("algorithm").asText(null);
        // A run without --algorithm records "default": the MPI's choice, whichever it was.
        if (algorithm == null || algorithm.equals("default")) {
            throw new TuneException(path + ": a run without --algorithm; sweep with"
                    + " --algorithm all -o DIR");
        }
        JsonNode value = options.path("algorithmValue");
        Integer number = value.isInt() ? value.intValue() : null;
        int ranks = context.path("ranks").asInt(0);
        if (ranks < 1) {
            throw new TuneException(path + ": no process count (context.ranks)");
        }
        JsonNode results = doc.path("results");
        if (!results.isArray() || results.isEmpty()) {
            throw new TuneException(path + ": no results");
        }
        double level = options.path("statistics").path("level").asDouble(Double.NaN);
        List<Measurement> measurements = new ArrayList<>();
        for (JsonNode row : results) {
            measurements.add(measurement(path, operation.collective, algorithm, ranks, row));
        }
        return new SweepFile(path, benchmark, operation.collective, operation.nonBlocking,
                context.path("mpiLibrary").asText(""), ranks, algorithm, number, level,
                measurements);
    }

    /** One row: size, median and its interval. */
    private static Measurement measurement(Path path, String collective, String algorithm,
            int ranks, JsonNode row) throws TuneException {
        JsonNode s = row.path("statistics");
        // Format 1 files and rows not made of iterations have no statistics: nothing to
        // compare an interval with.
        if (!s.isObject()) {
            throw new TuneException(path + ": its rows have no statistics; rerun the sweep"
                    + " with -o DIR (this version keeps them)");
        }
        long bytes = row.path("Size").asLong(-1);
        double median = s.path("median").asDouble(Double.NaN);
        if (bytes < 0 || !(median > 0)) {
            throw new TuneException(path + ": a row without a size or a positive median: "
                    + row.path("Size"));
        }
        Interval interval = null;
        if (s.path("medianLow").isNumber() && s.path("medianHigh").isNumber()) {
            interval = new Interval(s.path("medianLow").doubleValue(),
                    s.path("medianHigh").doubleValue(), s.path("medianCoverage").asDouble(0),
                    s.path("medianReachesLevel").asBoolean(false));
        }
        return new Measurement(collective, algorithm, ranks, bytes, median, interval);
    }

    /** The collective of a benchmark and its form. */
    record Operation(String collective, boolean nonBlocking) {
    }

    /**
     * @param benchmark a program name, e.g. {@code OSUScatter}, {@code OSUIallReduce}
     * @return its collective, or null if it is not a blocking or non-blocking collective's
     */
    static Operation operation(String benchmark) {
        if (benchmark == null || !benchmark.startsWith("OSU")) {
            return null;
        }
        String rest = benchmark.substring(3);
        // The non-blocking programs are OSUI + the call's name in lower case (OSUIbcast); no
        // blocking one starts with I.
        boolean nonBlocking = rest.length() > 1 && rest.charAt(0) == 'I'
                && Character.isLowerCase(rest.charAt(1));
        String key = (nonBlocking ? rest.substring(1) : rest).toLowerCase(Locale.ROOT);
        for (Collective c : Collective.values()) {
            if (c.name().replace("_", "").toLowerCase(Locale.ROOT).equals(key)) {
                return new Operation(c.name().toLowerCase(Locale.ROOT), nonBlocking);
            }
        }
        return null;
    }

    /** @return the collective as its benchmark names it: {@code ibcast} if non-blocking */
    public String operationName() {
        return nonBlocking ? "i" + collective : collective;
    }
}
