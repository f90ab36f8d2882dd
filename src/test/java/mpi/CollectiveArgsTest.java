package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

/**
 * The names {@link CollectiveArgs} gives a collective's forms in its messages (the non-root
 * form of an in-place gatherv or scatterv called at the root) are the public methods' names.
 */
class CollectiveArgsTest {
    @Test
    void eachModeNamesItsPublicMethod() {
        assertEquals("gatherv", CollectiveArgs.publicName(Comm.BLOCKING, "gatherv"));
        assertEquals("iGatherv", CollectiveArgs.publicName(Comm.F_NONBLOCKING, "gatherv"));
        assertEquals("gathervInit", CollectiveArgs.publicName(Comm.F_PERSISTENT, "gatherv"));
        assertEquals("iScatterv", CollectiveArgs.publicName(Comm.F_NONBLOCKING, "scatterv"));
        assertEquals("scattervInit", CollectiveArgs.publicName(Comm.F_PERSISTENT, "scatterv"));
    }

    @Test
    void theNamesAreMethodsOfIntracomm() {
        for (String call : new String[] {"gatherv", "scatterv"}) {
            for (int mode : new int[] {Comm.BLOCKING, Comm.F_NONBLOCKING, Comm.F_PERSISTENT}) {
                String name = CollectiveArgs.publicName(mode, call);
                assertTrue(Arrays.stream(Intracomm.class.getMethods()).map(Method::getName)
                        .anyMatch(name::equals), name);
            }
        }
    }
}
