/*
 * osu_allreduce - C twin of OMB-J's mpi.collective.OSUAllReduce: the latency
 * of MPI_Allreduce, an MPI_SUM of MPI_FLOAT (count = size / 4; sizes below
 * 4 bytes are skipped), measured exactly as the Java benchmark does (see
 * omb_c_util.h and osu_bcast.c): each call on its own with an untimed
 * MPI_Barrier after it, each rank's average, rank 0 reports the mean over
 * ranks and, with -f, the smallest and largest rank average. -l uses
 * MPI_IN_PLACE on the receive buffer.
 *
 * Usage: osu_allreduce [-m [MIN:]MAX] [-i N] [-x N] [-l] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_util.h"

#include <stdlib.h>

#include <mpi.h>

static const struct omb_program PROGRAM = {
    .name = "osu_allreduce",
    .title = "Allreduce Latency Test",
    .description = "latency of MPI_Allreduce, timed call by call with a barrier after each, "
                   "averaged over ranks",
    .datatype = "MPI_FLOAT",
    .elem_size = (int)sizeof(float),
    .zero_size = 0,
    .column = "Avg Latency(us)",
    .min_column = "Min Latency(us)",
    .max_column = "Max Latency(us)",
    .default_min_size = (long)sizeof(float),
    .default_max_size = 1048576,
    .iters_small = 1000, .warmup_small = 100, .iters_large = 100, .warmup_large = 10,
    .warm_up_round = 6000, /* TimedCallBenchmark.JIT_WARMUP_ITERATIONS */
    .flags = OMB_OPT_IN_PLACE,
    .ranks = OMB_RANKS_AT_LEAST_TWO,
};

/* The buffers and times of a run; see omb_measure_fn. */
struct bench {
    const void *send;
    float *rbuf;
    int64_t *times;
};

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct bench *b = ctx;
    int count = (int)(size / (long)sizeof(float));
    MPI_Barrier(MPI_COMM_WORLD);
    for (long c = 0; c < warmup + iters; c++) {
        int64_t t0 = omb_now_ns();
        MPI_Allreduce(b->send, b->rbuf, count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
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
    float *sbuf = omb_alloc_buffer(rank, &o, 0);
    float *rbuf = omb_alloc_buffer(rank, &o, 0);
    size_t n = o.max_size > 0 ? (size_t)o.max_size / sizeof(float) : 0;
    for (size_t k = 0; k < n; k++) {
        sbuf[k] = 1.0f;
        rbuf[k] = 2.0f;
    }
    const void *send = o.in_place ? MPI_IN_PLACE : (const void *)sbuf;

    struct bench b = {send, rbuf, times};

    omb_run_collective(rank, np, &o, measure, &b, times);

    free(rbuf);
    free(sbuf);
    free(times);
    MPI_Finalize();
    return 0;
}
