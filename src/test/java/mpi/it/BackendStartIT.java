package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A binding backend that cannot start, under real mpirun, with JDK 17 (Maven's, the test
 * JVM's) and JDK 25 ({@code ombj.jdk25.home}): the FFM backend on a Java before 22, a library
 * that is missing, one that is no MPI, one that is an MPI the FFM backend cannot call (MPICH
 * 4's own ABI), a linker script whose library is missing, an unknown backend. Each is one
 * line naming the problem and what to do, with no exception class and no stack trace, exit
 * code 1, every rank gone (MpiRun fails a run that hangs), nothing on stdout.
 */
class BackendStartIT {
    private static final Path JDK17 = Path.of(System.getProperty("java.home"), "bin", "java");
    private static final Path JDK25 = Path.of(System.getProperty("ombj.jdk25.home",
            "/usr/lib/jvm/temurin-25-jdk-amd64"), "bin", "java");
    private static final String MPICH4 = "/usr/lib/x86_64-linux-gnu/libmpich.so.12";
    private static final String JAVA17_LINE = "OSULatency: error: -Dombj.backend=ffm needs Java 22"
            + " or later (this is Java 17): run a newer java, or use -Dombj.backend=jni";

    /**
     * @param jdk      17 or 25
     * @param backend  -Dombj.backend
     * @param library  -Dombj.mpi, or empty for none
     * @param expected the start of the line every rank prints (JDK 17 says it needs Java 22
     *                 before it looks at any library)
     */
    @ParameterizedTest(name = "JDK {0}, -Dombj.backend={1} -Dombj.mpi={2}")
    @CsvSource(delimiter = '|', value = {
        "17 | ffm  |                                 | " + JAVA17_LINE,
        "17 | ffm  | /nonexistent                    | " + JAVA17_LINE,
        "17 | ffm  | /lib/x86_64-linux-gnu/libz.so.1 | " + JAVA17_LINE,
        "25 | ffm  | /nonexistent                    | OSULatency: error: -Dombj.mpi=/nonexistent: cannot open it (/nonexistent: cannot open shared object file: No such file or directory); name the MPI library file with -Dombj.mpi=PATH",
        "25 | ffm  | /lib/x86_64-linux-gnu/libz.so.1 | OSULatency: error: /lib/x86_64-linux-gnu/libz.so.1 is neither an MPI-5 standard ABI library (libmpi_abi.so) nor Open MPI's libmpi: the FFM backend cannot call it; use -Dombj.backend=jni",
        "25 | ffm  | " + MPICH4 + " | OSULatency: error: " + MPICH4 + " is neither an MPI-5 standard ABI library (libmpi_abi.so) nor Open MPI's libmpi: the FFM backend cannot call it; use -Dombj.backend=jni",
        "17 | fast |                                 | OSULatency: error: -Dombj.backend=fast: no such backend (jni or ffm)",
        "25 | fast |                                 | OSULatency: error: -Dombj.backend=fast: no such backend (jni or ffm)",
    })
    void oneLineAndExitOneOnEveryRank(int jdk, String backend, String library, String expected)
            throws Exception {
        assertOneLineAndExitOne(jdk, backend, library, expected);
    }

    /**
     * A linker script (MPICH 5's wheel ships libmpi_abi.so as one) is followed to the library
     * it names; one whose library is missing is one line naming the script and what it names.
     */
    @Test
    void aLinkerScriptNamingAMissingLibrary(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("libmpi_abi.so"), "INPUT(libmpi_abi.so.1)\n");
        assertOneLineAndExitOne(25, "ffm", script.toString(), "OSULatency: error: -Dombj.mpi="
                + script + ": the linker script " + script + " names libmpi_abi.so.1, found"
                + " neither in " + dir + " nor in LD_LIBRARY_PATH; name the MPI library file with"
                + " -Dombj.mpi=PATH");
    }

    private static void assertOneLineAndExitOne(int jdk, String backend, String library,
            String expected) throws Exception {
        Path java = jdk == 17 ? JDK17 : JDK25;
        assertTrue(Files.isExecutable(java), "no JDK " + jdk + " at " + java
                + " (JDK 25: mvn -Djdk25.home=/path/to/jdk-25 verify)");
        if (jdk == 17) {
            assertEquals(17, Runtime.version().feature(), "the test JVM is JDK 17's java");
        }
        if (library != null && library.equals(MPICH4)) {
            assertTrue(Files.exists(Path.of(MPICH4)), "MPICH 4 (Debian's libmpich12) is needed");
        }
        List<String> args = new ArrayList<>();
        if (jdk >= 22) {
            args.add("--enable-native-access=ALL-UNNAMED");
        }
        args.add("-Dombj.backend=" + backend);
        if (library != null) {
            args.add("-Dombj.mpi=" + library);
        }
        args.addAll(List.of("-cp", MpiRun.jar().toString(), "mpi.pt2pt.OSULatency", "-m", "8"));
        MpiRun.Result r = MpiRun.runJava(java, 2, args, 120);

        assertEquals(1, r.exitCode(), r.all());
        List<String> ours = r.stderr().lines().filter(l -> l.startsWith("OSULatency")).toList();
        assertFalse(ours.isEmpty(), r.all());
        for (String line : ours) {
            assertTrue(line.startsWith(expected), "expected: " + expected + "\n" + r.all());
        }
        assertFalse(r.all().contains("java.lang.") || r.all().contains("\tat "),
                "no exception class, no stack trace\n" + r.all());
        assertEquals("", r.stdout(), r.all());
    }
}
