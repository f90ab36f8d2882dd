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
