/*
 * osu_bibw - C twin of OMB-J's mpi.pt2pt.OSUBiBandwidth: bidirectional
 * bandwidth between 2 processes with a window of messages in flight each
 * way, measured exactly as the Java benchmark does (see omb_c_util.h):
 *
 *   - MPI_Barrier before each message size, then untimed warm-up iterations;
 *   - one timed iteration: both ranks post W MPI_Irecv, then W MPI_Isend,
 *     and wait for all 2W; bracketed by clock_gettime(CLOCK_MONOTONIC);
 *   - MB/s = 2 x size x W x iterations / 1e6 / seconds, rank 0's; with -f
 *     the rates of the slowest (Min) and fastest (Max) single iteration.
 *
 * Usage: osu_bibw [-m [MIN:]MAX] [-i N] [-x N] [-W N] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_util.h"

#include <stdlib.h>

#include <mpi.h>

#define TAG_DATA 1

static const struct omb_program PROGRAM = {
    .name = "osu_bibw",
    .title = "Bi-Directional Bandwidth Test",
    .description = "bandwidth both ways at once between 2 processes with a window of messages "
                   "in flight",
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

static void iteration(int peer, char *sbuf, char *rbuf, int size, int window, MPI_Request *reqs)
{
    for (int w = 0; w < window; w++)
        MPI_Irecv(rbuf, size, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &reqs[w]);
    for (int w = 0; w < window; w++)
        MPI_Isend(sbuf, size, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &reqs[window + w]);
    MPI_Waitall(2 * window, reqs, MPI_STATUSES_IGNORE);
}

/* The buffers, requests and times of a run; see omb_measure_fn. */
struct bench {
    int peer, window;
    char *sbuf, *rbuf;
    MPI_Request *reqs;
    int64_t *times;
};

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct bench *b = ctx;
    MPI_Barrier(MPI_COMM_WORLD);
    for (long i = 0; i < warmup; i++)
        iteration(b->peer, b->sbuf, b->rbuf, (int)size, b->window, b->reqs);
    for (long i = 0; i < iters; i++) {
        int64_t t0 = omb_now_ns();
        iteration(b->peer, b->sbuf, b->rbuf, (int)size, b->window, b->reqs);
        b->times[i] = omb_now_ns() - t0;
    }
}

/* MB/s of bytes moved each way in ns nanoseconds (0 for no bytes). */
static double rate(double bytes, double ns)
{
    return bytes == 0 ? 0.0 : 2.0 * bytes * 1e3 / ns;
}

int main(int argc, char **argv)
{
    int rank, np;
    struct omb_options o;
    omb_init(&PROGRAM, &argc, &argv, &rank, &np, &o);

    int peer = 1 - rank;
    int64_t *times = omb_alloc_times(rank, &o);
    MPI_Request *reqs = omb_malloc(rank, 2 * (size_t)o.window * sizeof *reqs);
    char *sbuf = omb_alloc_buffer(rank, &o, 1);
    char *rbuf = omb_alloc_buffer(rank, &o, 2);

    struct bench b = {peer, o.window, sbuf, rbuf, reqs, times};

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
