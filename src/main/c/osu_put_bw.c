/*
 * osu_put_bw - C twin of OMB-J's mpi.onesided.OSUPutBandwidth: the bandwidth of MPI_Put,
 * measured exactly as the Java benchmark does (see omb_c_onesided.h): a new window of
 * size x W bytes per size (-w); each epoch, rank 0 puts W messages of MPI_BYTE, message j
 * from byte j x size of its buffer to byte j x size of rank 1's window, inside the
 * synchronization recipe of -s; rank 0 times the timed epochs as one interval;
 * MB/s = size x W x iterations / 1e6 / seconds.
 *
 * Usage: osu_put_bw [-m [MIN:]MAX] [-i N] [-x N] [-W N] [-w create|allocate|dynamic]
 *        [-s lock|flush|flush_local|lock_all|pscw|fence] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_onesided.h"

#include <stdlib.h>

#include <mpi.h>

static const struct omb_program PROGRAM = {
    .name = "osu_put_bw",
    .title = "MPI_Put Bandwidth Test",
    .description = "bandwidth of a window of MPI_Put per epoch, 2 processes",
    .datatype = "MPI_BYTE",
    .elem_size = 1,
    .zero_size = 0,
    .column = "Bandwidth (MB/s)",
    .min_column = "Min BW (MB/s)",
    .max_column = "Max BW (MB/s)",
    .default_min_size = 1,
    .default_max_size = 4194304,
    .iters_small = 100, .warmup_small = 10, .iters_large = 20, .warmup_large = 2,
    .warm_up_round = 200, /* OneSidedKind.Counts, passive target */
    .flags = OMB_OPT_ONE_SIDED | OMB_OPT_WINDOW,
    .ranks = OMB_RANKS_TWO,
};

/* The buffers and times of a run; see omb_measure_fn. */
struct bench {
    struct omb_os os;
    char *origin;
    int window;
    int64_t *times; /* -f only */
    int64_t nanos;  /* rank 0's time of the last size's timed epochs */
};

static void ops(const struct omb_os *s, void *ctx, int count)
{
    struct bench *b = ctx;
    for (int j = 0; j < b->window; j++)
        MPI_Put(b->origin + (size_t)j * count, count, MPI_BYTE, s->peer,
                s->base + (MPI_Aint)j * count, count, MPI_BYTE, s->win);
}

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct bench *b = ctx;
    b->nanos = omb_os_measure(&b->os, (int)(size * b->window), ops, b, (int)size, warmup, iters,
                              b->times);
}

/* MB/s of bytes moved in ns nanoseconds (0 for no bytes). */
static double rate(double bytes, double ns)
{
    return bytes == 0 ? 0.0 : bytes * 1e3 / ns;
}

int main(int argc, char **argv)
{
    int rank, np;
    struct omb_options o;
    omb_init(&PROGRAM, &argc, &argv, &rank, &np, &o);
    if ((long)o.window * o.max_size > 2147483647L)
        omb_fail(rank, "a window of %ld bytes (the largest size times -W) is too large; lower "
                 "-m or -W", (long)o.window * o.max_size);

    struct bench b = {0};
    b.os.rank = rank;
    b.os.peer = 1 - rank;
    b.os.sync = o.sync;
    b.os.kind = o.win;
    b.os.pattern = OMB_ONE_WAY;
    b.window = o.window;
    struct omb_options whole = o; /* buffers of the largest window */
    whole.max_size = o.max_size * o.window;
    b.os.memory = omb_alloc_buffer(rank, &whole, 'b');
    b.origin = omb_alloc_buffer(rank, &whole, 'a');
    int64_t *times = omb_alloc_times(rank, &o);
    b.times = o.full ? times : NULL;

    omb_print_one_sided_header(rank, &o);
    omb_warm_up(&o, measure, &b);
    for (long size = o.min_size; size <= o.max_size; size = omb_next_size(size)) {
        if (!omb_size_runs(&o, size))
            continue;
        long iters = omb_iterations_for(&o, size);
        measure(&b, size, omb_warmup_for(&o, size), iters);
        struct omb_stats t = o.full ? omb_stats_of(times, iters)
                                    : (struct omb_stats){iters, (double)b.nanos, 0.0, 0.0};
        double bytes = (double)size * o.window;
        omb_print_stats(rank, &o, size, rate(bytes * (double)iters, t.sum), rate(bytes, t.max),
                        rate(bytes, t.min), iters);
    }

    free(times);
    free(b.origin);
    free(b.os.memory);
    MPI_Finalize();
    return 0;
}
