package mpi.common.collective.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveSpec;
import mpi.common.options.OptionParser;
import mpi.common.options.UsageException;
import mpi.common.pt2pt.PointToPointKind;

/** {@code --algorithm}'s values, and which benchmarks take it. */
class AlgorithmOptionTest {
    @Test
    void valuesAreListAllOrOneAlgorithm() throws UsageException {
        assertEquals(AlgorithmOption.Kind.LIST, AlgorithmOption.parse("list").kind());
        assertEquals(AlgorithmOption.Kind.ALL, AlgorithmOption.parse("ALL").kind());
        AlgorithmOption one = AlgorithmOption.parse("binomial");
        assertEquals(new AlgorithmOption(AlgorithmOption.Kind.ONE, "binomial"), one);
        assertEquals("binomial", one.label());
        assertEquals("6", AlgorithmOption.parse("6").label());
        assertEquals("default", AlgorithmOption.DEFAULT.label());
        assertEquals("--algorithm needs NAME, NUMBER, list or all, got ' '",
                assertThrows(UsageException.class, () -> AlgorithmOption.parse(" "))
                        .getMessage());
    }

    @Test
    void blockingAndNonBlockingCollectivesTakeIt() throws UsageException {
        assertEquals("all", new OptionParser(CollectiveSpec.blocking(Collective.BCAST))
                .parse("--algorithm", "all").algorithm().label());
        assertEquals("chain", new OptionParser(CollectiveSpec.nonBlocking(Collective.BCAST))
                .parse("--algorithm", "list", "--algorithm", "chain").algorithm().label());
        assertEquals(AlgorithmOption.DEFAULT, new OptionParser(
                CollectiveSpec.blocking(Collective.SCATTER)).parse().algorithm());
        assertEquals("bcast", CollectiveSpec.blocking(Collective.BCAST).algorithmOperation());
        assertEquals("reduce_scatter_block", CollectiveSpec.nonBlocking(
                Collective.REDUCE_SCATTER_BLOCK).algorithmOperation());
        assertTrue(CollectiveSpec.nonBlocking(Collective.BCAST).nonBlocking());
    }

    @Test
    void othersRefuseItAsUnknown() {
        for (var spec : new mpi.common.BenchmarkSpec[] {PointToPointKind.LATENCY,
                CollectiveSpec.persistent(Collective.BCAST),
                CollectiveSpec.blocking(Collective.NEIGHBOR_ALLGATHER)}) {
            UsageException e = assertThrows(UsageException.class,
                    () -> new OptionParser(spec).parse("--algorithm", "all"));
            assertTrue(e.getMessage().contains("--algorithm"), e.getMessage());
        }
    }
}
