package mpi.it;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.clock.ClockModel;
import mpi.common.clock.ClockSync;

/**
 * Synchronizes the ranks' clocks ({@link ClockSync}), then checks causality on the mapped
 * clocks: rank 0 sends each other rank its reference time, which must not be later than the
 * receiver's mapped time of the arrival by more than the receiver's error bound; and the same
 * back. Prints, per rank, the synchronization's time, the bound and the worst violation found
 * (0 if none), in microseconds.
 */
public final class ClockSyncProbe {
    private ClockSyncProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        MPI.COMM_WORLD.barrier();
        long begin = System.nanoTime();
        ClockSync sync = ClockSync.synchronize(MPI.COMM_WORLD);
        long took = System.nanoTime() - begin;
        ClockModel model = sync.model();
        long[] time = new long[1];
        double worst = 0;
        for (int round = 0; round < 100; round++) {
            for (int peer = 1; peer < size; peer++) {
                if (rank == 0) {
                    time[0] = Math.round(model.toReference(System.nanoTime()));
                    MPI.COMM_WORLD.send(time, 1, MPI.LONG, peer, 7);
                    MPI.COMM_WORLD.recv(time, 1, MPI.LONG, peer, 7);
                    worst = Math.max(worst, time[0] - model.toReference(System.nanoTime()));
                } else if (rank == peer) {
                    MPI.COMM_WORLD.recv(time, 1, MPI.LONG, 0, 7);
                    double arrived = model.toReference(System.nanoTime());
                    worst = Math.max(worst, time[0] - arrived - sync.errorBound());
                    time[0] = Math.round(model.toReference(System.nanoTime()));
                    MPI.COMM_WORLD.send(time, 1, MPI.LONG, 0, 7);
                }
            }
        }
        if (rank == 0) {
            worst -= maxBound(sync);
        } else {
            maxBound(sync);
        }
        System.out.print(String.format(java.util.Locale.ROOT,
                "clock rank %d took %.1f ms bound %.2f us violation %.2f us%n", rank, took / 1e6,
                sync.errorBound() / 1e3, Math.max(0, worst) / 1e3));
        System.out.flush();
        MPI.Finalize();
    }

    /** Every rank calls it; rank 0's answer is the largest bound over ranks. */
    private static long maxBound(ClockSync sync) throws MPIException {
        long[] mine = {sync.errorBound()};
        long[] most = new long[1];
        MPI.COMM_WORLD.allReduce(mine, most, 1, MPI.LONG, MPI.MAX);
        return most[0];
    }
}
