package mpi.common.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The C twins print the same versions as the Java programs (their header lines are compared
 * side by side), and the project's version is the one Maven builds.
 */
class VersionTest {
    private static String cDefine(String name) throws Exception {
        String header = Files.readString(Path.of("src/main/c/omb_c_util.h"));
        Matcher m = Pattern.compile("#define " + name + " \"([^\"]+)\"").matcher(header);
        assertTrue(m.find(), name + " is not defined in omb_c_util.h");
        return m.group(1);
    }

    @Test
    void cTwinsPrintTheJavaVersions() throws Exception {
        assertEquals(Version.OMB, cDefine("OMB_VERSION"));
        assertEquals(Version.OMB_J, cDefine("OMB_J_VERSION"));
    }

    @Test
    void ombJVersionIsThePomVersion() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher m = Pattern.compile("<artifactId>omb-j</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertTrue(m.find(), "pom.xml has no omb-j version");
        assertEquals(m.group(1), Version.OMB_J);
    }
}
