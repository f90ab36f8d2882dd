package mpi.common.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import mpi.common.data.ElementPattern;
import mpi.common.data.ElementType;
import mpi.common.data.TypedBuffer;
import mpi.common.options.Api;

/**
 * The expected values of the neighborhood collectives, MPI-free: each rank fills its data, a
 * model of the call (from the MPI standard: block k of a rank's send buffer goes to its k-th
 * destination, which receives it in the block of its sources' list that names the sender)
 * moves it, and every check passes; one wrong element, or stale data, fails where it lands.
 * On a ring, a 2-D grid's neighbourhood and an irregular graph with a rank of no neighbours.
 */
class NeighborhoodValidationTest {
    private static final int[] ELEMENTS = {1, 2, 5};

    /** Graphs as edge lists {src, dst}, no edge twice. */
    private static final int[][][] GRAPHS = {
        {{0, 1}, {1, 2}, {2, 0}, {1, 0}, {2, 1}, {0, 2}},      // the ring of cart:1:1 on 3
        {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 3}, {2, 0}},      // irregular, 4 ranks
        {{0, 1}, {2, 0}, {0, 2}},                               // rank 3 of 4 has no neighbours
    };
    /** The number of processes of each graph. */
    private static final int[] PROCESSES = {3, 4, 4};

    static List<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        ElementType[] types = ElementType.values();
        int t = 0;
        for (Collective c : Collective.values()) {
            if (!c.neighborhood()) {
                continue;
            }
            for (int g = 0; g < GRAPHS.length; g++) {
                for (Api api : Api.values()) {
                    all.add(Arguments.of(c, g, api, types[t++ % types.length]));
                }
            }
        }
        return all;
    }

    private static int[] ends(int[][] edges, int rank, boolean sources) {
        return java.util.Arrays.stream(edges).filter(e -> e[sources ? 1 : 0] == rank)
                .mapToInt(e -> e[sources ? 0 : 1]).toArray();
    }

    @ParameterizedTest(name = "{0} on graph {1}, {2} API, {3}")
    @MethodSource("cases")
    void correctDataPassesAndWrongDataFails(Collective c, int graph, Api api, ElementType type) {
        int[][] edges = GRAPHS[graph];
        int np = PROCESSES[graph];
        for (int elements : ELEMENTS) {
            CollectiveCall[] views = new CollectiveCall[np];
            for (int r = 0; r < np; r++) {
                views[r] = new CollectiveCall(np, r, false,
                        TypedBuffer.allocate(api, type, (int) c.sendElements(elements, np)),
                        TypedBuffer.allocate(api, type, (int) c.receiveElements(elements, np)),
                        new ElementPattern(type, np, false));
                views[r].size(c, elements);
                views[r].neighbors(ends(edges, r, true), ends(edges, r, false));
            }
            start(c, views, 7L * elements);
            move(c, views, elements);
            for (int r = 0; r < np; r++) {
                assertEquals(0, c.check(views[r]), c + " n=" + elements + ": rank " + r);
                // one wrong element in each received block is caught
                for (int k = 0; k < views[r].sources.length; k++) {
                    int at = k * elements + elements - 1;
                    long saved = views[r].recv.get(at);
                    views[r].recv.put(at, saved + 1);
                    assertEquals(1, c.check(views[r]), c + ": rank " + r + ", block " + k);
                    views[r].recv.put(at, saved);
                }
            }
            // the next call's data without the call: stale wherever a rank receives
            start(c, views, 7L * elements + 1);
            for (int r = 0; r < np; r++) {
                if (views[r].sources.length > 0) {
                    assertTrue(c.check(views[r]) > 0, c + ": rank " + r + " took stale data");
                }
            }
        }
    }

    private static void start(Collective c, CollectiveCall[] views, long exchange) {
        for (CollectiveCall v : views) {
            v.pattern.exchange(exchange);
            c.fill(v);
        }
    }

    /** The call, element by element: sender r's block for its k-th destination d. */
    private static void move(Collective c, CollectiveCall[] views, int n) {
        boolean personal = c == Collective.NEIGHBOR_ALLTOALL || c == Collective.NEIGHBOR_ALLTOALLV
                || c == Collective.NEIGHBOR_ALLTOALLW;
        for (CollectiveCall from : views) {
            for (int k = 0; k < from.destinations.length; k++) {
                CollectiveCall to = views[from.destinations[k]];
                int j = java.util.Arrays.stream(to.sources).boxed().toList().indexOf(from.rank);
                for (int i = 0; i < n; i++) {
                    to.recv.put(j * n + i, from.send.get((personal ? k * n : 0) + i));
                }
            }
        }
    }
}
