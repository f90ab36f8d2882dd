package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The one table of MPI constants (src/main/resources/mpi/constants.tsv) as both backends read
 * it: the JNI backend's values, compiled from its C column against the MPI's mpi.h, are the FFM
 * backend's, taken from its Open MPI column (global symbols of libmpi and numbers), for every
 * row, in one process on JDK 25 under the default MPI (Open MPI).
 */
class MpiConstantsIT {

    @Test
    void theJniBackendsValuesAreTheTablesForOpenMpi() throws Exception {
        Path java = Paths.get(System.getProperty("ombj.jdk25.home",
                "/usr/lib/jvm/temurin-25-jdk-amd64"), "bin", "java");
        String classPath = MpiRun.jar() + File.pathSeparator
                + Paths.get("target", "test-classes").toAbsolutePath();
        MpiRun.Result r = MpiRun.runJava(java, 1, List.of("--enable-native-access=ALL-UNNAMED",
                "-Dombj.backend=jni", "-cp", classPath, "mpi.ConstantsProbe"), 120);
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().matches("(?s)agree [1-9][0-9]*\\n"), r.all());
    }
}
