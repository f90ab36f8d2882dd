/*
 * osu_bw - C twin of OMB-J's mpi.pt2pt.OSUBandwidth: unidirectional
 * bandwidth from rank 0 to rank 1 with a window of messages in flight,
 * measured exactly as the Java benchmark does (see omb_c_util.h):
 *
 *   - MPI_Barrier before each message size, then untimed warm-up iterations;
 *   - one timed iteration: rank 0 posts W MPI_Isend, waits for all and
 *     receives a 4-byte ack; rank 1 posts W MPI_Irecv, waits, sends the ack;
 *     each bracketed by clock_gettime(CLOCK_MONOTONIC), as System.nanoTime();
 *   - MB/s = size x W x iterations / 1e6 / seconds, rank 0's; with -f the
 *     rates of the slowest (Min) and fastest (Max) single iteration.
 *
 * Usage: osu_bw [-m [MIN:]MAX] [-i N] [-x N] [-W N] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_util.h"

#include <stdlib.h>

#include <mpi.h>

#define TAG_DATA 1
#define TAG_ACK 2
#define ACK_BYTES 4

static const struct omb_program PROGRAM = {
    .name = "osu_bw",
    .title = "Bandwidth Test",
    .description = "bandwidth from one process to another with a window of messages in flight",
    .datatype = "MPI_BYTE",
    .elem_size = 1,
    .zero_size = 1,
    .column = "Bandwidth (MB/s)",
    .min_column = "Min BW (MB/s)",
    .max_column = "Max BW (MB/s)",
    .default_min_size = 1,
    .default_max_size = 4194304,
    .iters_small = 100, .warmup_small = 10, .iters_large = 20, .warmup_large = 2,
    .warm_up_round = 1000, /* PointToPointKind.Counts */
    .flags = OMB_OPT_WINDOW,
    .ranks = OMB_RANKS_TWO,
};

static void iteration(int rank, char *sbuf, char *rbuf, int size, int window, char *ack,
                      MPI_Request *reqs)
{
    if (rank == 0) {
        for (int w = 0; w < window; w++)
            MPI_Isend(sbuf, size, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, &reqs[w]);
        MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE);
        MPI_Recv(ack, ACK_BYTES, MPI_BYTE, 1, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        for (int w = 0; w < window; w++)
            MPI_Irecv(rbuf, size, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD, &reqs[w]);
        MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE);
        MPI_Send(ack, ACK_BYTES, MPI_BYTE, 0, TAG_ACK, MPI_COMM_WORLD);
    }
}

/* MB/s of bytes moved in ns nanoseconds (0 for no bytes). */
/* The buffers, requests and times of a run; see omb_measure_fn. */
struct bench {
    int rank, window;
    char *sbuf, *rbuf, *ack;
    MPI_Request *reqs;
    int64_t *times;
};

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct bench *b = ctx;
    MPI_Barrier(MPI_COMM_WORLD);
    for (long i = 0; i < warmup; i++)
        iteration(b->rank, b->sbuf, b->rbuf, (int)size, b->window, b->ack, b->reqs);
    for (long i = 0; i < iters; i++) {
        int64_t t0 = omb_now_ns();
        iteration(b->rank, b->sbuf, b->rbuf, (int)size, b->window, b->ack, b->reqs);
        b->times[i] = omb_now_ns() - t0;
    }
}

static double rate(double bytes, double ns)
{
    return bytes == 0 ? 0.0 : bytes * 1e3 / ns;
}

int main(int argc, char **argv)
{
    int rank, np;
    struct omb_options o;
    omb_init(&PROGRAM, &argc, &argv, &rank, &np, &o);

    int64_t *times = omb_alloc_times(rank, &o);
    MPI_Request *reqs = omb_malloc(rank, (size_t)o.window * sizeof *reqs);
    char *sbuf = omb_alloc_buffer(rank, &o, 1);
    char *rbuf = omb_alloc_buffer(rank, &o, 2);
    char ack[ACK_BYTES] = {0};

    struct bench b = {rank, o.window, sbuf, rbuf, ack, reqs, times};

    omb_print_header(rank, &o);
    omb_warm_up(&o, measure, &b);
    for (long size = o.min_size; size <= o.max_size; size = omb_next_size(size)) {
        if (!omb_size_runs(&o, size))
            continue;
        long iters = omb_iterations_for(&o, size);
        measure(&b, size, omb_warmup_for(&o, size), iters);
        struct omb_stats t = omb_stats_of(times, iters);
        double bytes = (double)size * o.window;
        omb_print_stats(rank, &o, size, rate(bytes * (double)iters, t.sum), rate(bytes, t.max),
                        rate(bytes, t.min), iters);
    }

    free(rbuf);
    free(sbuf);
    free(reqs);
    free(times);
    MPI_Finalize();
    return 0;
}
