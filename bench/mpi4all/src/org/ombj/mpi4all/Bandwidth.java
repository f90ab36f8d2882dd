package org.ombj.mpi4all;

import org.mpi.Mpi;
import org.mpi.Mpi.C_pointer;
import org.mpi.Mpi.MPI_Request;

/**
 * osu_bw on mpi4all's Java bindings (at 8 B, the message rate): bandwidth from rank 0 to
 * rank 1 with a window of messages in flight, measured as the C twin src/main/c/osu_bw.c
 * does: MPI_Barrier before each size, untimed warm-up iterations; one timed iteration is
 * rank 0 posting W MPI_Isend, MPI_Waitall and receiving a 4-byte ack, rank 1 posting W
 * MPI_Irecv, MPI_Waitall and sending the ack; MB/s = size x W x iterations / 1e6 / seconds.
 * Buffers and requests are native memory from an Arena, as the twin's are.
 *
 * <p>Usage: {@code Bandwidth [-m [MIN:]MAX] [-i N] [-x N] [-W N]}
 */
public final class Bandwidth {
    private static final int TAG_DATA = 1;
    private static final int TAG_ACK = 2;
    private static final int ACK_BYTES = 4;
    private static final Omb.Program PROGRAM = new Omb.Program("osu_bw", "Bandwidth Test",
            "Bandwidth (MB/s)", 100, 10, 20, 2, 1000, true, true);

    private Bandwidth() {
    }

    public static void main(String[] args) {
        Omb omb = new Omb(PROGRAM, args);
        C_pointer<Void> sbuf = omb.buffer(1);
        C_pointer<Void> rbuf = omb.buffer(2);
        C_pointer<Void> ack = new C_pointer<>(omb.arena.allocate(ACK_BYTES));
        // The values of mpi4all's *_IGNORE constants, not their variables' addresses (see Latency).
        C_pointer<Void> statusIgnore = new C_pointer<>(Mpi.MPI_STATUS_IGNORE.getAddress());
        C_pointer<Void> statusesIgnore = new C_pointer<>(Mpi.MPI_STATUSES_IGNORE.getAddress());
        int window = omb.window;
        C_pointer<MPI_Request> reqs = MPI_Request.array(omb.arena, window);
        // One pointer per request, made before anything is timed.
        @SuppressWarnings("unchecked")
        C_pointer<MPI_Request>[] req = new C_pointer[window];
        for (int w = 0; w < window; w++) {
            req[w] = new C_pointer<>(reqs.ms.asSlice((long) w * MPI_Request.byteSize(), MPI_Request.byteSize()));
        }
        long[] times = omb.times();
        boolean sender = omb.rank == 0;
        Omb.Measure measure = (size, warmup, iters) -> {
            Mpi.MPI_Barrier(Mpi.MPI_COMM_WORLD);
            int n = (int) size;
            for (long i = 0; i < warmup + iters; i++) {
                long t0 = System.nanoTime();
                if (sender) {
                    for (int w = 0; w < window; w++) {
                        Mpi.MPI_Isend(sbuf, n, Mpi.MPI_BYTE, 1, TAG_DATA, Mpi.MPI_COMM_WORLD, req[w]);
                    }
                    Mpi.MPI_Waitall(window, reqs, statusesIgnore);
                    Mpi.MPI_Recv(ack, ACK_BYTES, Mpi.MPI_BYTE, 1, TAG_ACK, Mpi.MPI_COMM_WORLD, statusIgnore);
                } else {
                    for (int w = 0; w < window; w++) {
                        Mpi.MPI_Irecv(rbuf, n, Mpi.MPI_BYTE, 0, TAG_DATA, Mpi.MPI_COMM_WORLD, req[w]);
                    }
                    Mpi.MPI_Waitall(window, reqs, statusesIgnore);
                    Mpi.MPI_Send(ack, ACK_BYTES, Mpi.MPI_BYTE, 0, TAG_ACK, Mpi.MPI_COMM_WORLD);
                }
                long t = System.nanoTime() - t0;
                if (i >= warmup) {
                    times[(int) (i - warmup)] = t;
                }
            }
        };
        omb.run(measure, times, (size, iters, ns) -> size == 0 ? 0 : (double) size * window * iters * 1e3 / ns);
    }
}
