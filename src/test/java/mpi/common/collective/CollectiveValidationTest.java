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
 * The expected values of every collective, MPI-free: each rank's view fills its data, a
 * model of the collective (written here from the MPI standard, independently of
 * {@link Collective}) moves it, and every rank's check must pass; then one wrong element,
 * stale data, or another exchange's data must fail on the rank that holds it. For 2, 3 and 4
 * ranks, every root, in place where MPI has it, both APIs, and sizes below and above the
 * number of ranks.
 */
class CollectiveValidationTest {
    private static final int[] ELEMENTS = {1, 2, 3, 5, 8};

    static List<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        ElementType[] types = ElementType.values();
        int t = 0;
        for (Collective c : Collective.values()) {
            if (!c.hasData() || c.neighborhood()) {
                continue; // neighborhood collectives: NeighborhoodValidationTest
            }
            for (int np = 2; np <= 4; np++) {
                for (boolean inPlace : c.hasInPlace() ? new boolean[] {false, true}
                        : new boolean[] {false}) {
                    for (Api api : Api.values()) {
                        // every type with every collective, over the cases
                        all.add(Arguments.of(c, np, inPlace, api, types[t++ % types.length]));
                    }
                }
            }
        }
        return all;
    }

    /** Every rank's buffers and view of one call. */
    private static CollectiveCall[] ranks(Collective c, int np, boolean inPlace, Api api,
            ElementType type, int elements) {
        CollectiveCall[] views = new CollectiveCall[np];
        int send = (int) c.sendElements(elements, np);
        int recv = (int) c.receiveElements(elements, np);
        for (int r = 0; r < np; r++) {
            TypedBuffer s = inPlace || send == 0 ? null : TypedBuffer.allocate(api, type, send);
            TypedBuffer v = inPlace ? TypedBuffer.allocate(api, type, Math.max(send, recv))
                    : recv == 0 ? null : TypedBuffer.allocate(api, type, recv);
            views[r] = new CollectiveCall(np, r, inPlace, s, v,
                    new ElementPattern(type, np, c.reduction()));
            views[r].size(c, elements);
        }
        return views;
    }

    private static void start(Collective c, CollectiveCall[] views, int root, long exchange) {
        for (CollectiveCall v : views) {
            v.root(root);
            v.pattern.exchange(exchange);
            c.fill(v);
        }
    }

    private static int[] errors(Collective c, CollectiveCall[] views) {
        int[] bad = new int[views.length];
        for (int r = 0; r < views.length; r++) {
            bad[r] = c.check(views[r]);
        }
        return bad;
    }

    @ParameterizedTest(name = "{0} on {1} ranks, in place {2}, {3} API, {4}")
    @MethodSource("cases")
    void correctDataPassesAndWrongDataFails(Collective c, int np, boolean inPlace, Api api,
            ElementType type) {
        for (int elements : ELEMENTS) {
            for (int root = 0; root < (c.rooted() ? np : 1); root++) {
                String what = c + " n=" + elements + " root=" + root;
                CollectiveCall[] views = ranks(c, np, inPlace, api, type, elements);
                long exchange = 1000L * elements + root;
                start(c, views, root, exchange);
                Model.run(c, views, root);
                int[] bad = errors(c, views);
                for (int r = 0; r < np; r++) {
                    assertEquals(0, bad[r], what + ": rank " + r + " after a correct call");
                }
                // One wrong element, wherever a rank receives data, is caught at that rank.
                for (int r = 0; r < np; r++) {
                    for (int[] at : Model.received(c, views[r], root)) {
                        TypedBuffer b = at[0] == 0 ? views[r].send : views[r].recv;
                        long saved = b.get(at[1]);
                        b.put(at[1], saved + 1);
                        assertEquals(1, c.check(views[r]),
                                what + ": rank " + r + ", element " + at[1] + " changed");
                        b.put(at[1], saved);
                    }
                }
                // The next call's data without the call: stale data fails where it lands.
                start(c, views, root, exchange + 1);
                bad = errors(c, views);
                for (int r = 0; r < np; r++) {
                    int received = Model.received(c, views[r], root).size();
                    boolean ownBlockOnly = inPlace && r == root
                            && (c == Collective.SCATTER || c == Collective.SCATTERV);
                    if (received > 0 && !ownBlockOnly) {
                        assertTrue(bad[r] > 0, what + ": rank " + r + " took stale data");
                    }
                }
            }
        }
    }

    /** The collectives as the MPI standard defines them, element by element. */
    static final class Model {
        private Model() {
        }

        /** What rank r contributes: its send buffer, or in place its receive buffer. */
        private static long[] data(CollectiveCall v, int at, int n) {
            TypedBuffer b = v.inPlace ? v.recv : v.send;
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = b.get(at + i);
            }
            return values;
        }

        private static void put(TypedBuffer b, int at, long[] values) {
            for (int i = 0; i < values.length; i++) {
                b.put(at + i, values[i]);
            }
        }

        static void run(Collective c, CollectiveCall[] v, int root) {
            int np = v.length;
            int n = v[0].elements;
            int[] counts = v[0].counts;
            int[] displs = v[0].displs;
            long[][] snapshot = new long[np][];
            switch (c) {
                case BCAST:
                    for (int r = 0; r < np; r++) {
                        put(v[r].send, 0, data(v[root], 0, n));
                    }
                    break;
                case REDUCE:
                case ALLREDUCE: {
                    long[] sum = new long[n];
                    for (int r = 0; r < np; r++) {
                        long[] d = data(v[r], 0, n);
                        for (int i = 0; i < n; i++) {
                            sum[i] += d[i];
                        }
                    }
                    for (int r = 0; r < np; r++) {
                        if (c == Collective.ALLREDUCE || r == root) {
                            put(v[r].recv, 0, sum);
                        }
                    }
                    break;
                }
                case GATHER:
                case GATHERV:
                case ALLGATHER:
                case ALLGATHERV: {
                    boolean all = c == Collective.ALLGATHER || c == Collective.ALLGATHERV;
                    for (int s = 0; s < np; s++) {
                        // in place, a rank's block is in its receive buffer where it belongs
                        boolean ownInPlace = v[s].inPlace && (all || s == root);
                        snapshot[s] = data(v[s], ownInPlace ? displs[s] : 0, counts[s]);
                    }
                    for (int r = 0; r < np; r++) {
                        if (all || r == root) {
                            for (int s = 0; s < np; s++) {
                                put(v[r].recv, displs[s], snapshot[s]);
                            }
                        }
                    }
                    break;
                }
                case SCATTER:
                case SCATTERV:
                    for (int r = 0; r < np; r++) {
                        long[] block = data(v[root], displs[r], counts[r]);
                        if (!(v[r].inPlace && r == root)) {
                            put(v[r].recv, 0, block);
                        }
                    }
                    break;
                case ALLTOALL:
                case ALLTOALLV:
                case ALLTOALLW:
                    for (int s = 0; s < np; s++) {
                        snapshot[s] = data(v[s], 0, displs[np - 1] + counts[np - 1]);
                    }
                    for (int r = 0; r < np; r++) {
                        for (int s = 0; s < np; s++) {
                            long[] block = new long[counts[r]];
                            System.arraycopy(snapshot[s], displs[r], block, 0, counts[r]);
                            put(v[r].recv, displs[s], block);
                        }
                    }
                    break;
                case REDUCE_SCATTER:
                case REDUCE_SCATTER_BLOCK: {
                    long[] sum = new long[n];
                    for (int s = 0; s < np; s++) {
                        long[] d = data(v[s], 0, n);
                        for (int i = 0; i < n; i++) {
                            sum[i] += d[i];
                        }
                    }
                    for (int r = 0; r < np; r++) {
                        long[] slice = new long[counts[r]];
                        System.arraycopy(sum, displs[r], slice, 0, counts[r]);
                        put(v[r].recv, 0, slice); // in place too: at the buffer's start
                    }
                    break;
                }
                default:
                    throw new AssertionError(c);
            }
        }

        /**
         * @return the elements a rank must check after the call: {buffer (0 send, 1 receive),
         *         index}
         */
        static List<int[]> received(Collective c, CollectiveCall v, int root) {
            List<int[]> at = new ArrayList<>();
            int np = v.processes;
            boolean isRoot = v.rank == root;
            switch (c) {
                case BCAST:
                    range(at, 0, 0, isRoot ? 0 : v.elements);
                    break;
                case REDUCE:
                    range(at, 1, 0, isRoot ? v.elements : 0);
                    break;
                case ALLREDUCE:
                    range(at, 1, 0, v.elements);
                    break;
                case GATHER:
                case GATHERV:
                    range(at, 1, 0, isRoot ? np * v.elements : 0);
                    break;
                case ALLGATHER:
                case ALLGATHERV:
                case ALLTOALL:
                case ALLTOALLV:
                case ALLTOALLW:
                    range(at, 1, 0, np * v.elements);
                    break;
                case SCATTER:
                case SCATTERV:
                    range(at, 1, v.inPlace && isRoot ? v.rank * v.elements : 0, v.elements);
                    break;
                case REDUCE_SCATTER:
                case REDUCE_SCATTER_BLOCK:
                    range(at, 1, 0, v.counts[v.rank]);
                    break;
                default:
                    throw new AssertionError(c);
            }
            return at;
        }

        private static void range(List<int[]> at, int buffer, int from, int n) {
            for (int i = from; i < from + n; i++) {
                at.add(new int[] {buffer, i});
            }
        }
    }
}
