/*
 * osu_multi_lat - C twin of OMB-J's mpi.pt2pt.OSUMultiLatency: n/2 pairs
 * (rank i with rank i + n/2) ping-pong at once, measured exactly as the Java
 * benchmark does (see omb_c_util.h and osu_latency.c): each rank's one-way
 * latency sum / (2 x iterations) in us, averaged over all ranks at rank 0;
 * with -f the smallest and largest single iteration over all ranks, halved.
 *
 * Usage: osu_multi_lat [-m [MIN:]MAX] [-i N] [-x N] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_util.h"

#include <stdlib.h>

#include <mpi.h>

static const struct omb_program PROGRAM = {
    .name = "osu_multi_lat",
    .title = "Multi Latency Test",
    .description = "one-way latency of concurrent ping-pongs between n/2 pairs of processes, "
                   "averaged over the processes",
    .datatype = "MPI_BYTE",
    .elem_size = 1,
    .zero_size = 1,
    .column = "Latency (us)",
    .min_column = "Min Latency(us)",
    .max_column = "Max Latency(us)",
    .default_min_size = 1,
    .default_max_size = 4194304,
    .iters_small = 10000, .warmup_small = 100, .iters_large = 1000, .warmup_large = 10,
    .warm_up_round = 20000, /* PointToPointKind.Counts */
    .flags = 0,
    .ranks = OMB_RANKS_EVEN,
};

/* The pairing, buffers and times of a run; see omb_measure_fn. */
struct bench {
    int initiator, peer;
    char *sbuf, *rbuf;
    int64_t *times;
};

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct bench *b = ctx;
    MPI_Barrier(MPI_COMM_WORLD);
    omb_pingpong(b->initiator, b->peer, b->sbuf, b->rbuf, (int)size, iters, warmup, b->times);
}

int main(int argc, char **argv)
{
    int rank, np;
    struct omb_options o;
    omb_init(&PROGRAM, &argc, &argv, &rank, &np, &o);

    int half = np / 2;
    int initiator = rank < half;
    int peer = initiator ? rank + half : rank - half;
    int64_t *times = omb_alloc_times(rank, &o);
    char *sbuf = omb_alloc_buffer(rank, &o, 1);
    char *rbuf = omb_alloc_buffer(rank, &o, 2);

    struct bench b = {initiator, peer, sbuf, rbuf, times};

    omb_print_header(rank, &o);
    omb_warm_up(&o, measure, &b);
    for (long size = o.min_size; size <= o.max_size; size = omb_next_size(size)) {
        if (!omb_size_runs(&o, size))
            continue;
        long iters = omb_iterations_for(&o, size);
        measure(&b, size, omb_warmup_for(&o, size), iters);
        struct omb_stats t = omb_stats_of(times, iters);
        double avg = t.sum / 2e3 / (double)iters, min = t.min / 2e3, max = t.max / 2e3;
        omb_reduce_over_ranks(&avg, &min, &max, np);
        omb_print_stats(rank, &o, size, avg, min, max, iters);
    }

    free(rbuf);
    free(sbuf);
    free(times);
    MPI_Finalize();
    return 0;
}
