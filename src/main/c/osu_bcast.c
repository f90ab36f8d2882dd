/*
 * osu_bcast - C twin of OMB-J's mpi.collective.OSUBcast: the latency of
 * MPI_Bcast of MPI_BYTE from the root (-k) to every rank, measured exactly as
 * the Java benchmark does (see omb_c_util.h):
 *
 *   - MPI_Barrier before each message size;
 *   - every call, warm-up included, on its own: the root of call c (counted
 *     from 0 at each size, warm-up included) is -k's rank, or c % np with
 *     -k rotate; only the call lies between two clock_gettime(CLOCK_MONOTONIC)
 *     readings; an untimed MPI_Barrier follows every call;
 *   - each rank averages its timed calls; rank 0 reports the mean over ranks
 *     (SUM / np) and, with -f, the smallest and largest rank average.
 *
 * Usage: osu_bcast [-m [MIN:]MAX] [-i N] [-x N] [-k ROOT|rotate] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_util.h"

#include <stdlib.h>

#include <mpi.h>

static const struct omb_program PROGRAM = {
    .name = "osu_bcast",
    .title = "Broadcast Latency Test",
    .description = "latency of MPI_Bcast, timed call by call with a barrier after each, "
                   "averaged over ranks",
    .datatype = "MPI_BYTE",
    .elem_size = 1,
    .zero_size = 0,
    .column = "Avg Latency(us)",
    .min_column = "Min Latency(us)",
    .max_column = "Max Latency(us)",
    .default_min_size = 1,
    .default_max_size = 1048576,
    .iters_small = 1000, .warmup_small = 100, .iters_large = 100, .warmup_large = 10,
    .warm_up_round = 6000, /* TimedCallBenchmark.JIT_WARMUP_ITERATIONS */
    .flags = OMB_OPT_ROOT,
    .ranks = OMB_RANKS_AT_LEAST_TWO,
};

/* The buffer, root choice and times of a run; see omb_measure_fn. */
struct bench {
    int np, root;
    char *buf;
    int64_t *times;
};

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct bench *b = ctx;
    int count = (int)size;
    MPI_Barrier(MPI_COMM_WORLD);
    for (long c = 0; c < warmup + iters; c++) {
        int root = b->root == OMB_ROOT_ROTATE ? (int)(c % b->np) : b->root;
        int64_t t0 = omb_now_ns();
        MPI_Bcast(b->buf, count, MPI_BYTE, root, MPI_COMM_WORLD);
        int64_t dt = omb_now_ns() - t0;
        if (c >= warmup)
            b->times[c - warmup] = dt;
        MPI_Barrier(MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv)
{
    int rank, np;
    struct omb_options o;
    omb_init(&PROGRAM, &argc, &argv, &rank, &np, &o);

    int64_t *times = omb_alloc_times(rank, &o);
    char *buf = omb_alloc_buffer(rank, &o, 1);

    struct bench b = {np, o.root, buf, times};

    omb_run_collective(rank, np, &o, measure, &b, times);

    free(buf);
    free(times);
    MPI_Finalize();
    return 0;
}
