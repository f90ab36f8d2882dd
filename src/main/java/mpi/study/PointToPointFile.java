package mpi.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * An OSULatency results file ({@code -o}) read as point-to-point measurements, a latency per
 * size: the row's median where the file keeps statistics (as {@link SweepFile} reads a sweep),
 * else its average latency, the column OSU prints.
 */
public final class PointToPointFile {
    /** The benchmark whose rows are Hockney's one-way latency. */
    static final String BENCHMARK = "OSULatency";
    private static final String LATENCY = "Avg Latency(us)";
    private static final ObjectMapper JSON = new ObjectMapper();

    private PointToPointFile() {
    }

    /**
     * @param path an OSULatency results JSON file
     * @return its rows as point-to-point measurements, in the file's order
     * @throws TuneException in one line: unreadable, not a results file, not OSULatency's, or
     *                       a row without a size or a positive latency
     */
    public static List<Measurement> read(Path path) throws TuneException {
        JsonNode doc;
        try {
            doc = JSON.readTree(Files.readString(path));
        } catch (JsonProcessingException e) {
            throw new TuneException(path + ": not JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new TuneException(path + ": cannot read it (" + e + ")");
        }
        if (doc == null || !"omb-j-results".equals(doc.path("format").asText())) {
            throw new TuneException(path + ": not an OMB-J results file (format omb-j-results)");
        }
        String benchmark = doc.path("context").path("benchmark").asText();
        if (!BENCHMARK.equals(benchmark)) {
            throw new TuneException(path + ": --p2p takes an " + BENCHMARK + " results file, not "
                    + (benchmark.isEmpty() ? "one without a benchmark" : benchmark + "'s"));
        }
        JsonNode results = doc.path("results");
        if (!results.isArray() || results.isEmpty()) {
            throw new TuneException(path + ": no results");
        }
        List<Measurement> points = new ArrayList<>();
        for (JsonNode row : results) {
            long bytes = row.path("Size").asLong(-1);
            JsonNode median = row.path("statistics").path("median");
            double latency = median.isNumber() ? median.doubleValue()
                    : row.path(LATENCY).asDouble(Double.NaN);
            if (bytes < 0 || !(latency > 0) || Double.isInfinite(latency)) {
                throw new TuneException(path + ": a row without a size or a positive latency: "
                        + row);
            }
            points.add(Measurement.pointToPoint(bytes, latency));
        }
        return points;
    }
}
