/*
 * osu_allreduce_persistent - C twin of OMB-J's
 * mpi.collective.persistent.OSUAllReducePersistent: the latency of a persistent
 * MPI_SUM of MPI_FLOAT to every rank (count = size / 4), measured exactly as the Java
 * benchmark does (see osu_allreduce.c and osu_bcast_persistent.c): at each size one request
 * (MPI_Allreduce_init, or Open MPI 4's MPIX_Allreduce_init; untimed), freed after the size;
 * each call, timed alone, is MPI_Start then MPI_Wait, with an untimed MPI_Barrier after it.
 * -l uses MPI_IN_PLACE on the receive buffer.
 *
 * Usage: osu_allreduce_persistent [-m [MIN:]MAX] [-i N] [-x N] [-l] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_persistent.h"
#include "omb_c_util.h"

#include <stdlib.h>

#include <mpi.h>

static const struct omb_program PROGRAM = {
    .name = "osu_allreduce_persistent",
    .title = "Allreduce Persistent Latency Test",
    .description = "latency of a request of MPI_Allreduce_init (made once per size, untimed) "
                   "started and completed call by call (MPI_Start, MPI_Wait), averaged over "
                   "ranks",
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
    MPI_Request r = MPI_REQUEST_NULL;
#if OMB_PERSISTENT
    OMB_INIT(Allreduce)(b->send, b->rbuf, count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD,
                        MPI_INFO_NULL, &r);
#endif
    MPI_Barrier(MPI_COMM_WORLD);
    for (long c = 0; c < warmup + iters; c++) {
        int64_t t0 = omb_now_ns();
        MPI_Start(&r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        int64_t dt = omb_now_ns() - t0;
        if (c >= warmup)
            b->times[c - warmup] = dt;
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Request_free(&r);
}

int main(int argc, char **argv)
{
    int rank, np;
    struct omb_options o;
    omb_init(&PROGRAM, &argc, &argv, &rank, &np, &o);
    if (!OMB_PERSISTENT)
        omb_fail(rank, "this MPI has no persistent collectives (MPI-4, or Open MPI 4's "
                       "pcollreq extension)");

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
