package mpi.common.results;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A run's results as CSV (RFC 4180, with commons-csv): first comment lines ({@code #}) with
 * the format ({@code # omb-j-results 1}) and the run's context, a line per field of
 * {@link RunContext} as {@code # name: value}, the value as it is when it is one line of text,
 * else in JSON ({@code # hosts: ["node1","node1"]}); then the header, the table's columns;
 * then a record per size. Numbers are written as Java prints them ({@link Double#toString}),
 * not rounded as in the table, so that they read back equal; the validation is {@code Pass} or
 * {@code Fail}; a value that is not a finite number is left empty. Spreadsheets and
 * {@code pandas.read_csv(f, comment='#')} read it.
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
     * @param columns the columns' names
     * @param rows    a list of cells per size, one per column
     * @param out     where the file goes
     * @throws IOException if it cannot be written
     */
    public static void write(RunContext context, List<String> columns, List<List<Object>> rows,
            Appendable out) throws IOException {
        CSVPrinter csv = new CSVPrinter(out, WRITE);
        csv.printComment(ResultsJson.FORMAT + " " + ResultsJson.FORMAT_VERSION);
        for (Iterator<Map.Entry<String, JsonNode>> it = ResultsJson.context(context).fields();
                it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            csv.printComment(field.getKey() + ": " + text(field.getValue()));
        }
        csv.printRecord(columns);
        for (List<Object> row : rows) {
            csv.printRecord(row.stream().map(ResultsCsv::cell).toList());
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
     * @param value a cell: an Integer, a Double or a String
     * @return its text in the file
     */
    static String cell(Object value) {
        if (value instanceof Double d) {
            return Double.isFinite(d) ? Double.toString(d) : "";
        }
        return String.valueOf(value);
    }
}
