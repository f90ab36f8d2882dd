package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import mpi.installation.MpiInstallation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * README's FFM recipe on MPICH 5's standard ABI, its two lines taken from README.md and run by
 * bash as a user types them: {@code java} is JDK 25 (first on PATH), nothing else is set (no
 * launcher option, no MPICH throttle, no {@code -Xcheck:jni}), osu_latency with its default sizes
 * on 2 ranks. Once with {@code $LIB_ABI} as scripts/install-mpi.sh prints it (the shared object
 * itself, which dlopen opens), once with the wheel's {@code libmpi_abi.so}, a GNU ld linker
 * script, which the backend follows to the library it names.
 */
class FfmRecipeIT {
    private static final Path PROJECT = Paths.get(System.getProperty("user.dir"));
    private static final Path JDK25 = Paths.get(System.getProperty("ombj.jdk25.home",
            "/usr/lib/jvm/temurin-25-jdk-amd64"));
    /** osu_latency's default sizes take seconds alone, a minute on a loaded 2-core machine. */
    private static final long TIMEOUT_SECONDS = 600;
    private static final String INSTALL = "eval \"$(scripts/install-mpi.sh mpich5)\"";
    private static final String LIB_ABI = "-Dombj.mpi=$LIB_ABI";
    private static final byte[] ELF = {0x7f, 'E', 'L', 'F'};

    private static List<String> recipe;
    private static Map<String, String> printed;

    @BeforeAll
    static void readmeAndInstallation() throws Exception {
        // README's commands as the README test reads them: comments cut, continuations joined.
        List<ReadmeCommands.Command> commands = ReadmeCommands.commands(
                Files.readAllLines(PROJECT.resolve("README.md"), StandardCharsets.UTF_8));
        int run = -1;
        for (int i = 1; i < commands.size(); i++) {
            if (commands.get(i).text().contains(LIB_ABI)
                    && commands.get(i - 1).text().startsWith(INSTALL)) {
                run = i;
            }
        }
        assertTrue(run > 0, "README.md has no line with " + LIB_ABI + " after one starting "
                + INSTALL);
        recipe = List.of(commands.get(run - 1).text(), commands.get(run).text());
        assertTrue(Files.isExecutable(JDK25.resolve("bin/java")), "no JDK 25 at " + JDK25
                + " (mvn -Djdk25.home=/path/to/jdk-25 verify)");

        // What the first line evaluates: the script prints its variables (quickly, installed).
        MpiRun.Result install = MpiRun.runCommand(List.of("bash",
                PROJECT.resolve("scripts/install-mpi.sh").toString(), "mpich5"), environment(),
                TIMEOUT_SECONDS);
        assertEquals(0, install.exitCode(), install.all());
        printed = new LinkedHashMap<>();
        for (String line : install.stdout().split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                printed.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        assertTrue(printed.containsKey("LIB_ABI") && printed.containsKey("MPI_HOME"),
                install.all());
    }

    /**
     * The recipe's environment: JDK 25's java first on PATH, the installations' folder the
     * tests' own ({@code MpiInstallation.folder()}), so that the recipe finds what is installed.
     */
    private static Map<String, String> environment() {
        return Map.of("PATH", JDK25.resolve("bin") + ":" + System.getenv("PATH"),
                MpiInstallation.FOLDER_VARIABLE, MpiInstallation.folder().toString());
    }

    @Test
    void theRecipeAsWritten() throws Exception {
        // What install-mpi.sh prints opens with dlopen as it is: an ELF object, no script.
        assertTrue(startsWith(Path.of(printed.get("LIB_ABI")), ELF),
                "LIB_ABI=" + printed.get("LIB_ABI") + " is no ELF object");
        assertLatencyTable(run(recipe));
    }

    @Test
    void theWheelsLinkerScriptIsFollowed() throws Exception {
        Path script = Path.of(printed.get("MPI_HOME"), "lib", "libmpi_abi.so");
        assertFalse(startsWith(script, ELF), script + " is an ELF object: nothing to follow");
        assertTrue(Files.readString(script, StandardCharsets.ISO_8859_1).contains("INPUT("),
                script + " is no linker script");
        List<String> lines = new ArrayList<>(recipe);
        lines.set(1, lines.get(1).replace(LIB_ABI, "-Dombj.mpi=$MPI_HOME/lib/libmpi_abi.so"));
        assertTrue(lines.get(1).contains("$MPI_HOME/lib/libmpi_abi.so"), lines.get(1));
        assertLatencyTable(run(lines));
    }

    private static MpiRun.Result run(List<String> lines) throws Exception {
        MpiRun.Result r = MpiRun.runCommand(List.of("bash", "-c", String.join("\n", lines)),
                environment(), TIMEOUT_SECONDS);
        assertEquals(0, r.exitCode(), String.join("\n", lines) + "\n" + r.all());
        assertFalse(r.all().contains("WARNING") || r.all().contains("error"),
                String.join("\n", lines) + "\n" + r.all());
        return r;
    }

    /** The title, the binding line of FFM on MPICH 5's ABI, and a latency for every size. */
    private static void assertLatencyTable(MpiRun.Result r) {
        List<String> lines = Arrays.stream(r.stdout().split("\n")).filter(l -> !l.isEmpty()
                && !l.startsWith(mpi.common.WarmUpRule.LINE)).toList(); // a line by the load
        assertTrue(lines.size() > 4, r.all());
        assertEquals(List.of("# OSU MPI-Java Latency Test v7.4 (buffer API)",
                "# Datatype: MPI.BYTE.", String.format("%-10s%18s", "# Size", "Avg Latency(us)")),
                List.of(lines.get(0), lines.get(1), lines.get(3)), r.all());
        assertTrue(lines.get(2).matches("# Binding: OMB-J FFM binding [^ ]+, MPICH Version: 5\\.0\\.2"
                + " \\(MPI-5 standard ABI\\)"), r.all());
        List<String> rows = lines.subList(4, lines.size());
        assertEquals(23, rows.size(), "sizes 1 B to 4 MiB\n" + r.all());
        for (int i = 0; i < rows.size(); i++) {
            String[] cells = rows.get(i).trim().split("\\s+");
            assertEquals(2, cells.length, rows.get(i));
            assertEquals(1L << i, Long.parseLong(cells[0]), rows.get(i));
            double latency = Double.parseDouble(cells[1]);
            assertTrue(latency > 0 && Double.isFinite(latency), rows.get(i));
        }
    }

    private static boolean startsWith(Path file, byte[] magic) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(magic.length), magic);
        }
    }
}
