package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** What the srun stand-in of ReadmeCommandsIT reads and which lines it refuses. */
class SrunStandInTest {
    private static final List<String> TWO = List.of("h1", "h2");

    private static SrunStandIn.Line parse(String line) {
        return SrunStandIn.parse(List.of(line.split(" ")));
    }

    @Test
    void readsThePlacementAndThenTheProgram() {
        assertEquals(new SrunStandIn.Line(2, 2, 1, List.of("java", "-jar", "x.jar", "-n", "3")),
                parse("--mpi=pmix -N 2 --ntasks-per-node=1 -n 2 java -jar x.jar -n 3"));
        assertEquals(new SrunStandIn.Line(2, 2, 1, List.of("a")),
                parse("--nodes=2 --ntasks-per-node 1 --ntasks=2 a"));
    }

    @Test
    void oneRankOnEachNodeIsRun() {
        assertNull(SrunStandIn.refusal(parse("--mpi=pmix -N 2 --ntasks-per-node=1 -n 2 a"), TWO));
        assertNull(SrunStandIn.refusal(parse("-N 2 --ntasks-per-node=1 a"), TWO));
    }

    @Test
    void aLineThatMayPutTheRanksOnOneNodeIsRefused() {
        for (String line : List.of("--mpi=pmix -n 2 a", "-N 2 -n 2 a", "-n 2 --ntasks-per-node=1 a",
                "-N 1 --ntasks-per-node=2 a", "-N 2 --ntasks-per-node=1 -n 4 a")) {
            String why = SrunStandIn.refusal(parse(line), TWO);
            assertTrue(why != null && why.contains("give -N 2 --ntasks-per-node=1"), line);
        }
        assertEquals("no program to run", SrunStandIn.refusal(parse("-N 2 --ntasks-per-node=1"),
                TWO));
    }

    @Test
    void anUnknownOptionOrAMissingValueIsNamed() {
        assertEquals("option --exclusive is not one the stand-in knows", assertThrows(
                IllegalArgumentException.class, () -> parse("--exclusive -n 2 a")).getMessage());
        assertEquals("-n needs a value", assertThrows(IllegalArgumentException.class,
                () -> parse("-n")).getMessage());
    }
}
