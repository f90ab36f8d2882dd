package mpi.it;

import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;

/**
 * Scans and the local reduction on every rank of the world: scan, exScan (arrays, in place),
 * iScan and iExScan (direct buffers, in place), each of rank + 1 summed and of its rank's
 * maximum, against the values worked out here; Comm.reduceLocal on arrays and buffers. Each
 * rank prints {@code rank R ok}; a wrong value is an exception and exit status 1.
 */
public final class ScanProbe {
    private ScanProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int inclusive = (rank + 1) * (rank + 2) / 2; // 1 + 2 + ... + (rank + 1)
        int exclusive = rank * (rank + 1) / 2;
        int[] out = {-7, -7};
        world.scan(new int[] {rank + 1, rank}, out, 2, MPI.INT, MPI.SUM);
        require(out[0] == inclusive && out[1] == exclusive, "scan " + Arrays.toString(out));
        out = new int[] {-7};
        world.exScan(new int[] {rank + 1}, out, 1, MPI.INT, MPI.SUM);
        require(rank == 0 ? out[0] == -7 : out[0] == exclusive, "exScan (rank 0's array as it"
                + " was) " + Arrays.toString(out));
        long[] sum = {rank + 1};
        world.scan(sum, 1, MPI.LONG, MPI.SUM);
        require(sum[0] == inclusive, "in-place scan " + sum[0]);
        IntBuffer in = MPI.newIntBuffer(1).put(0, rank + 1);
        IntBuffer res = MPI.newIntBuffer(1);
        world.iScan(in, res, 1, MPI.INT, MPI.SUM).waitFor();
        require(res.get(0) == inclusive, "iScan " + res.get(0));
        res.put(0, rank + 1);
        world.iExScan(res, 1, MPI.INT, MPI.SUM).waitFor();
        require(rank == 0 || res.get(0) == exclusive, "in-place iExScan " + res.get(0));

        int[] inout = {1, 2, 3};
        Comm.reduceLocal(new int[] {10, 20, 30}, inout, 3, MPI.INT, MPI.SUM);
        require(Arrays.equals(inout, new int[] {11, 22, 33}), "reduceLocal " + Arrays.toString(inout));
        IntBuffer a = MPI.newIntBuffer(2).put(0, 5).put(1, 9);
        IntBuffer b = MPI.newIntBuffer(2).put(0, 7).put(1, 3);
        Comm.reduceLocal(a, b, 2, MPI.INT, MPI.MAX);
        require(b.get(0) == 7 && b.get(1) == 9, "reduceLocal of buffers");
        System.out.println("rank " + rank + " ok");
        MPI.Finalize();
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
