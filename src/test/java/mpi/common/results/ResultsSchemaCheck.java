package mpi.common.results;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import mpi.common.options.Options;
import mpi.common.output.ResultTable;
import mpi.common.output.Version;

/**
 * Validates a results file against the schema that ships in the jar
 * ({@link ResultsJson#SCHEMA_RESOURCE}), with networknt's json-schema-validator, formats
 * (the date) asserted.
 */
public final class ResultsSchemaCheck {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static JsonSchema schema;

    private ResultsSchemaCheck() {
    }

    /**
     * The context a run on two ranks of Open MPI 4.1.4 would write, as {@link RunContext#of}
     * makes it but without MPI: the table's title and datatype, the options' values.
     *
     * @param benchmark the program, e.g. {@code OSULatency}
     * @param table     the table the run prints
     * @param options   its settings
     * @return the context
     */
    public static RunContext context(String benchmark, ResultTable table, Options options) {
        return new RunContext(benchmark, table.titleText(), table.datatype(), Version.OMB,
                Version.OMB_J, "OMB-J JNI binding 0.2.0", "0.2.0", "# Binding: OMB-J JNI binding"
                + " 0.2.0, Open MPI v4.1.4", "Open MPI v4.1.4", "Open MPI v4.1.4, package: Debian"
                + " OpenMPI,\nsecond line", "17", "Debian", "OpenJDK 64-Bit Server VM 17", 2,
                List.of("node1", "node2"), OptionValues.of(options), "2026-11-23T21:40:00.123Z",
                RunContext.STATISTICS,
                new mpi.common.WarmUpRule.Outcome(true, 12, 480, 250_000, false, false),
                new mpi.common.clock.ClockInfo("System.nanoTime", 20, "none", null));
    }

    /**
     * @param json a results file's text
     * @return what breaks the schema, empty if nothing
     * @throws IOException if the text is not JSON or the schema cannot be read
     */
    public static List<String> errors(String json) throws IOException {
        return errors(MAPPER.readTree(json));
    }

    /**
     * @param doc a results document
     * @return what breaks the schema, empty if nothing
     * @throws IOException if the schema cannot be read
     */
    public static synchronized List<String> errors(JsonNode doc) throws IOException {
        if (schema == null) {
            try (InputStream in = ResultsJson.class.getResourceAsStream(
                    ResultsJson.SCHEMA_RESOURCE)) {
                if (in == null) {
                    throw new IOException(ResultsJson.SCHEMA_RESOURCE + " is not on the class path");
                }
                schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                        .getSchema(in, SchemaValidatorsConfig.builder()
                                .formatAssertionsEnabled(true).build());
            }
        }
        return schema.validate(doc).stream().map(ValidationMessage::getMessage).sorted().toList();
    }
}
