package mpi.common.results;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A run's results as JSON, with Jackson, in the form of the schema
 * {@value #SCHEMA_RESOURCE}: {@code format} and {@code formatVersion}, the {@code context}
 * ({@link RunContext}), the {@code columns} in the table's order and the {@code results}, an
 * object per size whose keys are those columns, and {@code statistics}, the row's precision
 * ({@link StatisticsFields}; null where the benchmark's rows have none). A value that is not
 * a finite number (a mean's interval from one iteration) is written as null, which JSON can
 * hold.
 */
public final class ResultsJson {
    /** The value of {@code format}. */
    public static final String FORMAT = "omb-j-results";
    /**
     * The value of {@code formatVersion}: raised when a field changes meaning or goes. 2: a
     * record holds {@code statistics} besides the columns, and the CSV has their columns after
     * the table's.
     */
    public static final int FORMAT_VERSION = 2;
    /** Where the JSON Schema of the file is, in the jar and in src/main/resources. */
    public static final String SCHEMA_RESOURCE = "/mpi/common/results/omb-j-results.schema.json";

    /** Indented; leaves open what it writes to, which the caller closes. */
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);

    private ResultsJson() {
    }

    /**
     * @param context the run's context
     * @param columns the columns' names
     * @param rows    a record per size: a cell per column, and its statistics
     * @return the document
     */
    public static ObjectNode document(RunContext context, List<String> columns,
            List<ResultRow> rows) {
        ObjectNode doc = MAPPER.createObjectNode();
        doc.put("format", FORMAT);
        doc.put("formatVersion", FORMAT_VERSION);
        doc.set("context", context(context));
        ArrayNode names = doc.putArray("columns");
        columns.forEach(names::add);
        ArrayNode results = doc.putArray("results");
        for (ResultRow row : rows) {
            ObjectNode record = results.addObject();
            for (int i = 0; i < columns.size(); i++) {
                record.set(columns.get(i), cell(row.cells().get(i)));
            }
            if (row.statistics() == null) {
                record.putNull("statistics");
            } else {
                ObjectNode statistics = record.putObject("statistics");
                StatisticsFields.of(row.statistics()).forEach((k, v) -> statistics.set(k, cell(v)));
            }
        }
        return doc;
    }

    /**
     * @param value a JSON value
     * @return it in one line, as the CSV file's context lines hold it
     */
    static String compact(JsonNode value) {
        return value.toString();
    }

    /**
     * @param context the run's context
     * @return it as a JSON object, its record components as fields
     */
    public static ObjectNode context(RunContext context) {
        return MAPPER.valueToTree(context);
    }

    /**
     * @param doc the document
     * @param out where it goes, then a newline
     * @throws IOException if it cannot be written
     */
    public static void write(JsonNode doc, Writer out) throws IOException {
        MAPPER.writeValue(out, doc);
        out.write(System.lineSeparator());
    }

    private static JsonNode cell(Object value) {
        if (value instanceof Double d && !Double.isFinite(d)) {
            return MAPPER.nullNode();
        }
        return MAPPER.valueToTree(value);
    }
}
