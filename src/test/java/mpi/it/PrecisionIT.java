package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import mpi.common.results.ResultsSchemaCheck;

/**
 * {@code --precision} under mpirun: a size repeated with twice the iterations until its
 * median's interval is within the error, on a point-to-point and a collective benchmark; a
 * limit too low for the level ends with {@code Precise no}; {@code --outliers}' counts; bad
 * values are one line.
 */
class PrecisionIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Whatever the machine's load, every row ends precise or at its most iterations, and a
     * precise row's interval (from the exact values of the JSON file) is within the error.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"mpi.pt2pt.OSULatency, 8:8, 100000", "mpi.collective.OSUAllReduce, 4:64, 100000"})
    void rowsEndPreciseOrAtTheirMostIterations(String benchmark, String sizes, int most,
            @TempDir Path dir) throws Exception {
        MpiRun.Result r = MpiRun.run(2, benchmark, "-m", sizes, "--precision", "0.95:0.02",
                "-o", dir.toString());
        Path stem = dir.resolve(benchmark.substring(benchmark.lastIndexOf('.') + 1));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<StatsColumns.Row> rows = StatsColumns.rows(r, StatsColumns.Extra.PRECISE);
        assertTrue(!rows.isEmpty(), r.all());
        String text = Files.readString(Path.of(stem + ".json"));
        assertEquals(List.of(), ResultsSchemaCheck.errors(text), text);
        JsonNode records = JSON.readTree(text).get("results");
        assertEquals(rows.size(), records.size(), r.all());
        for (int i = 0; i < rows.size(); i++) {
            JsonNode s = records.get(i).get("statistics");
            int n = s.get("repetitions").intValue();
            boolean precise = s.get("precise").booleanValue();
            assertEquals(precise ? "yes" : "no", rows.get(i).cells()[rows.get(i).cells().length - 1]);
            assertEquals(n, rows.get(i).n());
            assertTrue(isAttempt(n, most), "N " + n + " is 100 doubled, or the most\n" + r.all());
            double median = s.get("median").doubleValue();
            double half = Math.max(median - s.get("medianLow").doubleValue(),
                    s.get("medianHigh").doubleValue() - median);
            if (precise) {
                assertTrue(half <= 0.02 * median, "precise: " + s + "\n" + r.all());
            } else {
                assertEquals(most, n, "not precise only at the most iterations\n" + r.all());
            }
            System.out.println(benchmark + " " + records.get(i).get("Size") + " B: " + n
                    + " iterations, precise " + precise);
        }
    }

    private static boolean isAttempt(int n, int most) {
        if (n == most) {
            return true;
        }
        int attempt = 100;
        while (attempt < n) {
            attempt *= 2;
        }
        return attempt == n;
    }

    @Test
    void aLimitTooLowForTheLevelIsNotPrecise() throws Exception {
        // 5 values cannot give a 95 % interval of the median: the row says so at MAX
        MpiRun.Result r = MpiRun.run(2, "mpi.pt2pt.OSULatency", "-m", "8:16", "--precision",
                "0.95:0.5:5:5");
        assertEquals(0, r.exitCode(), r.all());
        List<StatsColumns.Row> rows = StatsColumns.rows(r, StatsColumns.Extra.PRECISE);
        assertEquals(2, rows.size(), r.all());
        for (StatsColumns.Row row : rows) {
            assertEquals(5, row.n(), r.all());
            assertEquals("no", row.cells()[row.cells().length - 1], r.all());
        }
    }

    /**
     * {@code --outliers tukey}: each row's N and Outliers add up to its iterations, the files
     * (valid against the schema) say the same, and the filter is in the options.
     */
    @Test
    void theOutlierFilterCountsWhatItLeavesOut(@TempDir Path dir) throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.pt2pt.OSULatency", "-m", "8:64", "-i", "1000",
                "--outliers", "tukey", "-o", dir.toString());
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(r.stdout().contains("; Outliers: values beyond Tukey's fences (1.5 IQR beyond"
                + " the quartiles), left out of N"), r.all());
        List<StatsColumns.Row> rows = StatsColumns.rows(r, StatsColumns.Extra.OUTLIERS);
        String text = Files.readString(dir.resolve("OSULatency.json"));
        assertEquals(List.of(), ResultsSchemaCheck.errors(text), text);
        JsonNode doc = JSON.readTree(text);
        assertEquals("tukey:1.5", doc.get("context").get("options").get("statistics")
                .get("outliers").textValue());
        JsonNode records = doc.get("results");
        assertEquals(4, rows.size(), r.all());
        for (int i = 0; i < rows.size(); i++) {
            String[] cells = rows.get(i).cells();
            int outliers = Integer.parseInt(cells[cells.length - 1]);
            assertEquals(1000, rows.get(i).n() + outliers, String.join(" ", cells));
            assertEquals(outliers, records.get(i).get("statistics").get("outliers").intValue());
            assertEquals(outliers, records.get(i).get("Outliers").intValue());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--outliers iqr | OSULatency: --outliers needs tukey or tukey:K with K a positive number of interquartile ranges, e.g. --outliers tukey:3, got 'iqr'; run with -h for usage",
        "--precision 0.95 | OSULatency: --precision LEVEL:ERROR[:MIN[:MAX]], e.g. 0.95:0.02 or 0.95:0.02:100:100000, got '0.95'; run with -h for usage",
        "--precision 0.95:0.02 -i 100 | OSULatency: --precision sets each size's iterations (its MIN and MAX); -i too: give one of them; run with -h for usage",
        "--precision 0.95:0.02 --level 0.99 | OSULatency: --level 0.99 and --precision 0.95:0.02 give two confidence levels; give one; run with -h for usage",
        "--precision 0.95:0.02 -G tty | OSULatency: --precision with -G: the graphs would draw every attempt of a size; run -G without it; run with -h for usage",
    })
    void badValuesAreOneLineAndExitOne(String args, String line) throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.pt2pt.OSULatency", args.trim().split(" +"));
        assertEquals(1, r.exitCode(), r.all());
        assertEquals(line, r.stderr().lines().filter(l -> l.startsWith("OSULatency:"))
                .reduce((a, b) -> a + "\n" + b).orElse(""), r.all());
        assertTrue(r.stdout().isBlank(), r.all());
    }
}
