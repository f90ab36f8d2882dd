/*
 * osu_bcast_persistent - C twin of OMB-J's mpi.collective.persistent.OSUBcastPersistent:
 * the latency of a persistent broadcast of MPI_BYTE from the root (-k) to every rank,
 * measured exactly as the Java benchmark does (see osu_bcast.c): at each size the request
 * of each root is made once (MPI_Bcast_init, or Open MPI 4's MPIX_Bcast_init; untimed, at
 * the root's first call) and freed after the size; each call, timed alone, is MPI_Start
 * then MPI_Wait, with an untimed MPI_Barrier after it.
 *
 * Usage: osu_bcast_persistent [-m [MIN:]MAX] [-i N] [-x N] [-k ROOT|rotate] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_persistent.h"
#include "omb_c_util.h"

#include <stdlib.h>

#include <mpi.h>

static const struct omb_program PROGRAM = {
    .name = "osu_bcast_persistent",
    .title = "Broadcast Persistent Latency Test",
    .description = "latency of a request of MPI_Bcast_init (made once per size, untimed) "
                   "started and completed call by call (MPI_Start, MPI_Wait), averaged over "
                   "ranks",
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
    MPI_Request *requests; /* this size's, by root */
};

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct bench *b = ctx;
    int count = (int)size;
    MPI_Barrier(MPI_COMM_WORLD);
    for (long c = 0; c < warmup + iters; c++) {
        int root = b->root == OMB_ROOT_ROTATE ? (int)(c % b->np) : b->root;
        MPI_Request *r = &b->requests[root];
#if OMB_PERSISTENT
        if (*r == MPI_REQUEST_NULL)
            OMB_INIT(Bcast)(b->buf, count, MPI_BYTE, root, MPI_COMM_WORLD, MPI_INFO_NULL, r);
#endif
        int64_t t0 = omb_now_ns();
        MPI_Start(r);
        MPI_Wait(r, MPI_STATUS_IGNORE);
        int64_t dt = omb_now_ns() - t0;
        if (c >= warmup)
            b->times[c - warmup] = dt;
        MPI_Barrier(MPI_COMM_WORLD);
    }
    for (int k = 0; k < b->np; k++) {
        if (b->requests[k] != MPI_REQUEST_NULL)
            MPI_Request_free(&b->requests[k]);
    }
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
    char *buf = omb_alloc_buffer(rank, &o, 1);

    MPI_Request *requests = malloc((size_t)np * sizeof *requests);
    if (requests == NULL)
        omb_fail(rank, "out of memory for %d requests", np);
    for (int k = 0; k < np; k++)
        requests[k] = MPI_REQUEST_NULL;
    struct bench b = {np, o.root, buf, times, requests};

    omb_run_collective(rank, np, &o, measure, &b, times);

    free(requests);
    free(buf);
    free(times);
    MPI_Finalize();
    return 0;
}
