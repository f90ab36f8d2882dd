package org.ombj.mpi4all;

import org.mpi.Mpi;
import org.mpi.Mpi.C_pointer;

/**
 * osu_latency on mpi4all's Java bindings: the one-way latency of a ping-pong between 2
 * processes, measured as the C twin src/main/c/osu_latency.c does: MPI_Barrier before each
 * size, untimed warm-up iterations, each timed MPI_Send + MPI_Recv of MPI_BYTE bracketed by
 * System.nanoTime (the twin's CLOCK_MONOTONIC), latency = sum / (2 x iterations) in us.
 * Buffers are page-aligned native memory from an Arena, as the twin's are.
 *
 * <p>Usage: {@code Latency [-m [MIN:]MAX] [-i N] [-x N]}
 */
public final class Latency {
    private static final int TAG = 1;
    private static final Omb.Program PROGRAM = new Omb.Program("osu_latency", "Latency Test",
            "Avg Latency(us)", 10000, 100, 1000, 10, 20000, false, true);

    private Latency() {
    }

    public static void main(String[] args) {
        Omb omb = new Omb(PROGRAM, args);
        C_pointer<Void> sbuf = omb.buffer(1);
        C_pointer<Void> rbuf = omb.buffer(2);
        // mpi4all's MPI_STATUS_IGNORE is the address of its C library's variable, not the
        // variable's value (NULL): passed as is, MPI_Recv would write a status over it.
        C_pointer<Void> statusIgnore = new C_pointer<>(Mpi.MPI_STATUS_IGNORE.getAddress());
        long[] times = omb.times();
        boolean initiator = omb.rank == 0;
        int peer = 1 - omb.rank;
        Omb.Measure measure = (size, warmup, iters) -> {
            Mpi.MPI_Barrier(Mpi.MPI_COMM_WORLD);
            int n = (int) size;
            for (long i = 0; i < warmup + iters; i++) {
                long t0 = System.nanoTime();
                if (initiator) {
                    Mpi.MPI_Send(sbuf, n, Mpi.MPI_BYTE, peer, TAG, Mpi.MPI_COMM_WORLD);
                    Mpi.MPI_Recv(rbuf, n, Mpi.MPI_BYTE, peer, TAG, Mpi.MPI_COMM_WORLD, statusIgnore);
                } else {
                    Mpi.MPI_Recv(rbuf, n, Mpi.MPI_BYTE, peer, TAG, Mpi.MPI_COMM_WORLD, statusIgnore);
                    Mpi.MPI_Send(sbuf, n, Mpi.MPI_BYTE, peer, TAG, Mpi.MPI_COMM_WORLD);
                }
                long t = System.nanoTime() - t0;
                if (i >= warmup) {
                    times[(int) (i - warmup)] = t;
                }
            }
        };
        omb.run(measure, times, (size, iters, ns) -> ns / 2e3 / iters);
    }
}
