package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * MPI_T's control variables under the run's MPI and backend ({@link ToolProbe}), on 2 ranks;
 * on Open MPI, the enumeration of {@code coll_tuned_bcast_algorithm} the binding reads is the
 * one {@code ompi_info --param coll tuned --level 9} prints.
 */
class ToolIT {

    private static final Pattern ENUMERATION = Pattern.compile(
            "enumeration coll_tuned_bcast_algorithm: (.*)\n");

    @Test
    void controlVariablesAreListedReadAndWritten() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.ToolProbe");
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(r.stdout().contains("rank " + rank + " ok\n"), r.all());
        }
        assertEquals(List.of(), r.warnings(), r.all());
        Matcher m = ENUMERATION.matcher(r.stdout());
        if (m.find()) { // Open MPI
            List<String> items = List.of(m.group(1).split(","));
            assertTrue(items.contains("6:binomial") && items.contains("2:chain"), r.all());
            assertEquals(ompiInfo("tuned", "coll_tuned_bcast_algorithm"), items, r.all());
        }
    }

    /**
     * @param component a coll component, e.g. {@code tuned}
     * @param variable  one of its variables, e.g. {@code coll_tuned_bcast_algorithm}
     * @return the enumerator lines of ompi_info's parsable output for it: value:name, in its
     *         order
     */
    static List<String> ompiInfo(String component, String variable) throws IOException,
            InterruptedException {
        Process p = new ProcessBuilder("ompi_info", "--param", "coll", component, "--level", "9",
                "--parsable").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ompi_info did not end");
        String prefix = "mca:coll:" + component + ":param:" + variable + ":enumerator:value:";
        List<String> items = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.startsWith(prefix)) {
                items.add(line.substring(prefix.length()).strip());
            }
        }
        assertTrue(items.size() > 2, out);
        return items;
    }
}
