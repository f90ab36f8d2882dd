package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** The table of MPI constants ({@link MpiConstants}), without MPI. */
class MpiConstantsTest {

    @Test
    void everyRowHasAValueForEachAbiAndACExpression() {
        List<MpiConstants.Row> rows = MpiConstants.rows();
        assertTrue(rows.size() >= 56, "rows: " + rows.size());
        for (MpiConstants.Row row : rows) {
            assertTrue(row.name().matches("[A-Z][A-Z0-9_]*"), row.toString());
            assertTrue(row.c().matches("MPI_[A-Z0-9_]+"), row.toString());
            MpiConstants.parse(row.standard());
            assertTrue(row.openMpi().matches("&ompi_\\w+") || parses(row.openMpi()),
                    row.toString());
        }
    }

    @Test
    void idsAreRowIndices() {
        List<MpiConstants.Row> rows = MpiConstants.rows();
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(i, rows.get(i).id());
            assertEquals(i, MpiConstants.id(rows.get(i).name()));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MpiConstants.id("NO_SUCH_CONSTANT"));
        assertTrue(e.getMessage().contains("NO_SUCH_CONSTANT"), e.getMessage());
    }

    @Test
    void valuesParseSignedDecimalAndHex() {
        assertEquals(-32766, MpiConstants.parse("-32766"));
        assertEquals(0x2a, MpiConstants.parse("0x2a"));
        assertEquals(-0x10, MpiConstants.parse("-0x10"));
        assertThrows(NumberFormatException.class, () -> MpiConstants.parse("&ompi_mpi_op_max"));
    }

    @Test
    void aRowWithoutFourColumnsIsNamedByItsLine() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MpiConstants.rowsOf(List.of("# comment", "A\tMPI_A\t1")));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    }

    /** Every constant the sources name ({@code constant("X")}, ...) is a row: no typo waits for a run. */
    @Test
    void everyConstantTheSourcesNameIsInTheTable() throws IOException {
        Set<String> named = new HashSet<>();
        Pattern use = Pattern.compile("(?:constant|type|op)\\(\"([A-Z0-9_]+)\"");
        for (String dir : List.of("src/main/java/mpi", "src/main/java22/mpi")) {
            try (Stream<Path> files = Files.list(Path.of(dir))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    Matcher m = use.matcher(Files.readString(f));
                    while (m.find()) {
                        named.add(m.group(1));
                    }
                }
            }
        }
        assertTrue(named.size() >= 55, "named: " + named);
        for (String name : named) {
            MpiConstants.id(name);
        }
    }

    private static boolean parses(String value) {
        try {
            MpiConstants.parse(value);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
