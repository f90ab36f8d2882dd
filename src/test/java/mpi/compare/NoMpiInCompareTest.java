package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The comparison's JVM must not load the binding (class mpi.MPI and its package): it runs no
 * MPI itself, and may compare a binding that is not ours. No class of mpi.compare, nor of
 * mpi.installation (the MPI installations it launches on), refers to a class of package mpi or
 * mpi.common, as their class files' constant pools show.
 */
class NoMpiInCompareTest {
    private static final Pattern BINDING_REF = Pattern.compile("mpi/([A-Z]\\w*|common/\\w+)");

    @Test
    void compareClassesReferToNoBindingClass() throws IOException {
        assertNoBindingClassIn("compare", 10);
    }

    @Test
    void installationClassesReferToNoBindingClass() throws IOException {
        assertNoBindingClassIn("installation", 2);
    }

    private static void assertNoBindingClassIn(String pkg, int atLeast) throws IOException {
        Path dir = Path.of(Compare.class.getProtectionDomain().getCodeSource().getLocation().getPath(),
                "mpi", pkg);
        List<Path> classes;
        try (Stream<Path> s = Files.list(dir)) {
            classes = s.filter(p -> p.toString().endsWith(".class")).toList();
        }
        assertTrue(classes.size() >= atLeast, "found the classes in " + dir);
        for (Path c : classes) {
            String bytes = new String(Files.readAllBytes(c), StandardCharsets.ISO_8859_1);
            assertFalse(BINDING_REF.matcher(bytes).find(), c + " refers to " + find(bytes));
        }
    }

    private static String find(String bytes) {
        var m = BINDING_REF.matcher(bytes);
        return m.find() ? m.group() : "";
    }
}
