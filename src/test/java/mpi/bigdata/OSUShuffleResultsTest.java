package mpi.bigdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import mpi.common.bigdata.ShuffleSpec;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.output.ResultTable;
import mpi.common.results.ResultRow;
import mpi.common.results.ResultsJson;
import mpi.common.results.ResultsSchemaCheck;

/**
 * OSUShuffle's {@code -o} JSON meets the schema: its own table (objects API, no datatype, its
 * value columns and fetch percentiles) and rows as its {@code atSize} makes them, without
 * statistics (its rows are not made of iterations).
 */
class OSUShuffleResultsTest {
    @TempDir
    Path dir;

    @Test
    void aShuffleRunsResultsMeetTheSchema() throws Exception {
        Options o = new OptionParser(ShuffleSpec.SPEC).parse("-m", "1024:2048", "-i", "3",
                "-x", "1", "-c", "-f", "-o", dir.toString());
        ResultTable table = new OSUShuffle().table(o);
        // Time (ms), MB/s, Records/s, P50 and P99 Fetch Lat(us): the values of ShuffleStats
        List<ResultRow> rows = List.of(
                row(table, new ResultTable.Row(1024, new double[] {3.19, 20.83, 441871.23,
                    756.99, 4717.43}, 3, true, new double[0])),
                row(table, new ResultTable.Row(2048, new double[] {6.22, 20.96, 483593.2,
                    1551.57, 3853.06}, 3, false, new double[0])));
        ObjectNode doc = ResultsJson.document(ResultsSchemaCheck.context("OSUShuffle", table, o),
                table.columns(), rows);
        assertEquals(List.of(), ResultsSchemaCheck.errors(doc), doc.toString());

        JsonNode context = doc.get("context");
        assertTrue(context.get("title").textValue().matches(
                "OSU MPI-Java Shuffle Test v[0-9.]+ \\(objects API\\)"), context.toString());
        assertEquals("objects", context.get("options").get("api").textValue());
        assertTrue(context.get("datatype").isNull());
        assertEquals(List.of("Size", "Time (ms)", "MB/s", "Records/s", "P50 Fetch Lat(us)",
                "P99 Fetch Lat(us)", "Iterations", "Validation"), table.columns());
        assertTrue(doc.get("results").get(1).get("statistics").isNull());
        assertEquals("Fail", doc.get("results").get(1).get("Validation").textValue());
    }

    private static ResultRow row(ResultTable table, ResultTable.Row row) {
        return new ResultRow(table.cells(row), row.statistics());
    }
}
