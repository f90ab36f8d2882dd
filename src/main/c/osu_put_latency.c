/*
 * osu_put_latency - C twin of OMB-J's mpi.onesided.OSUPutLatency: the latency of MPI_Put with its synchronization,
 * measured exactly as the Java benchmark does (see omb_c_onesided.h): a new window per size
 * (-w), the synchronization recipe of -s around one MPI_Put of MPI_BYTE per epoch, rank 0
 * timing the timed epochs as one interval; latency = time / iterations in us, halved with
 * -s fence or pscw, where rank 1 answers each operation with its own.
 *
 * Usage: osu_put_latency [-m [MIN:]MAX] [-i N] [-x N] [-w create|allocate|dynamic]
 *        [-s lock|flush|flush_local|lock_all|pscw|fence] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_onesided.h"

#include <stdlib.h>

#include <mpi.h>

static const struct omb_program PROGRAM = {
    .name = "osu_put_latency",
    .title = "MPI_Put Latency Test",
    .description = "the latency of MPI_Put with its synchronization, 2 processes",
    .datatype = "MPI_BYTE",
    .elem_size = 1,
    .zero_size = 0,
    .column = "Latency (us)",
    .min_column = "Min Latency(us)",
    .max_column = "Max Latency(us)",
    .default_min_size = 1,
    .default_max_size = 4194304,
    .iters_small = 10000, .warmup_small = 100, .iters_large = 1000, .warmup_large = 10,
    .warm_up_round = 5000, /* OneSidedKind.Counts, passive target */
    .flags = OMB_OPT_ONE_SIDED,
    .ranks = OMB_RANKS_TWO,
};

/* The buffers and times of a run; see omb_measure_fn. */
struct bench {
    struct omb_os os;
    char *origin;
    int64_t *times; /* -f only */
    int64_t nanos;  /* rank 0's time of the last size's timed epochs */
};

static void ops(const struct omb_os *s, void *ctx, int count)
{
    struct bench *b = ctx;
    MPI_Put(b->origin, count, MPI_BYTE, s->peer, s->base, count, MPI_BYTE, s->win);
}

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct bench *b = ctx;
    b->nanos = omb_os_measure(&b->os, (int)size, ops, b, (int)size, warmup, iters, b->times);
}

int main(int argc, char **argv)
{
    int rank, np;
    struct omb_options o;
    omb_init(&PROGRAM, &argc, &argv, &rank, &np, &o);

    struct bench b = {0};
    b.os.rank = rank;
    b.os.peer = 1 - rank;
    b.os.sync = o.sync;
    b.os.kind = o.win;
    b.os.pattern = OMB_PING_PONG;
    b.os.memory = omb_alloc_buffer(rank, &o, 'b');
    b.origin = omb_alloc_buffer(rank, &o, 'a');
    int64_t *times = omb_alloc_times(rank, &o);
    b.times = o.full ? times : NULL;
    double trips = o.sync == OMB_SYNC_FENCE || o.sync == OMB_SYNC_PSCW ? 2.0 : 1.0;

    omb_print_one_sided_header(rank, &o);
    omb_warm_up(&o, measure, &b);
    for (long size = o.min_size; size <= o.max_size; size = omb_next_size(size)) {
        if (!omb_size_runs(&o, size))
            continue;
        long iters = omb_iterations_for(&o, size);
        measure(&b, size, omb_warmup_for(&o, size), iters);
        struct omb_stats t = o.full ? omb_stats_of(times, iters)
                                    : (struct omb_stats){iters, (double)b.nanos, 0.0, 0.0};
        omb_print_stats(rank, &o, size, t.sum / 1e3 / trips / (double)iters, t.min / 1e3 / trips,
                        t.max / 1e3 / trips, iters);
    }

    free(times);
    free(b.origin);
    free(b.os.memory);
    MPI_Finalize();
    return 0;
}
