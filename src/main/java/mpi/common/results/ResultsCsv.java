package mpi.common.results;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A run's results as CSV (RFC 4180, with commons-csv): first comment lines ({@code #}) with
 * the format ({@code # omb-j-results 2}) and the run's context, a line per field of
 * {@link RunContext} as {@code # name: value}, the value as it is when it is one line of text,
 * else in JSON ({@code # hosts: ["node1","node1"]}); then the header, the table's columns and
 * the row's statistics ({@code statistics.repetitions}, ... of {@link StatisticsFields}); then
 * a record per size. Numbers are written as Java prints them ({@link Double#toString}), not
 * rounded as in the table, so that they read back equal; the validation is {@code Pass} or
 * {@code Fail}, whether the median's interval reaches the level {@code true} or
 * {@code false}; a value that is not a finite number, and the statistics of a row that has
 * none, are left empty. Spreadsheets and {@code pandas.read_csv(f, comment='#')} read it.
 */
public final class ResultsCsv {
    /** The comment marker of the context lines. */
    public static final char COMMENT = '#';
    /** How the file is written; read it back with {@link #READ}. */
    public static final CSVFormat WRITE = CSVFormat.RFC4180.builder()
            .setCommentMarker(COMMENT).setRecordSeparator('\n').build();
    /** How the file reads: the comments skipped (or kept as the header comment), the header. */
    public static final CSVFormat READ = CSVFormat.RFC4180.builder()
            .setCommentMarker(COMMENT).setHeader().setSkipHeaderRecord(true).build();

    private ResultsCsv() {
    }

    /**
     * @param context the run's context
     * @param columns the table's columns' names
     * @param rows    a record per size: a cell per column, and its statistics
     * @param out     where the file goes
     * @throws IOException if it cannot be written
     */
    public static void write(RunContext context, List<String> columns, List<ResultRow> rows,
            Appendable out) throws IOException {
        CSVPrinter csv = new CSVPrinter(out, WRITE);
        csv.printComment(ResultsJson.FORMAT + " " + ResultsJson.FORMAT_VERSION);
        for (Iterator<Map.Entry<String, JsonNode>> it = ResultsJson.context(context).fields();
                it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            csv.printComment(field.getKey() + ": " + text(field.getValue()));
        }
        List<String> header = new ArrayList<>(columns);
        header.addAll(StatisticsFields.csvColumns());
        csv.printRecord(header);
        for (ResultRow row : rows) {
            List<String> cells = new ArrayList<>();
            row.cells().forEach(c -> cells.add(cell(c)));
            if (row.statistics() == null) {
                StatisticsFields.NAMES.forEach(n -> cells.add(""));
            } else {
                StatisticsFields.of(row.statistics()).values().forEach(v -> cells.add(cell(v)));
            }
            csv.printRecord(cells);
        }
        csv.flush();
    }

    /** A one-line string as it is; anything else in JSON. */
    private static String text(JsonNode value) {
        if (value.isTextual() && value.asText().lines().count() <= 1) {
            return value.asText();
        }
        return ResultsJson.compact(value);
    }

    /**
     * @param value a cell: an Integer, a Long, a Double, a Boolean, a String, or null (empty)
     * @return its text in the file
     */
    static String cell(Object value) {
        if (value instanceof Double d) {
            return Double.isFinite(d) ? Double.toString(d) : "";
        }
        return value == null ? "" : String.valueOf(value); // statistics.precise without --precision
    }
}
