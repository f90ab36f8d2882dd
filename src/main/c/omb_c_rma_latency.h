/*
 * omb_c_rma_latency.h - the body of osu_put_latency.c and osu_get_latency.c, which differ
 * only in their one operation per epoch (see either): a new window per size (-w), the
 * synchronization recipe of -s around the operation (omb_c_onesided.h), rank 0 timing the
 * timed epochs as one interval; latency = time / iterations in us, halved with -s fence or
 * pscw, where rank 1 answers each operation with its own.
 *
 * Header-only (static inline), as omb_c_onesided.h, so that the program's operation is
 * inlined into the timed loop.
 */
#ifndef OMB_C_RMA_LATENCY_H
#define OMB_C_RMA_LATENCY_H

#include "omb_c_onesided.h"

#include <stdlib.h>

#include <mpi.h>

/* The fields of both programs' struct omb_program but their name, title and description. */
#define OMB_RMA_LATENCY_FIELDS                                                                  \
    .datatype = "MPI_BYTE", .elem_size = 1, .zero_size = 0, .column = "Latency (us)",         \
    .min_column = "Min Latency(us)", .max_column = "Max Latency(us)", .default_min_size = 1,  \
    .default_max_size = 4194304, .iters_small = 10000, .warmup_small = 100,                   \
    .iters_large = 1000, .warmup_large = 10,                                                  \
    .warm_up_round = 5000, /* OneSidedKind.Counts, passive target */                          \
    .flags = OMB_OPT_ONE_SIDED, .ranks = OMB_RANKS_TWO

/* The buffers and times of a run; see omb_measure_fn. */
struct omb_rma_latency {
    struct omb_os os;
    char *origin;
    int64_t *times;     /* -f only */
    int64_t nanos;      /* rank 0's time of the last size's timed epochs */
};

/*
 * The program, measure being its omb_measure_fn over a struct omb_rma_latency: one size's
 * epochs of its operation through omb_os_measure, with the operation as a constant there,
 * which the compiler inlines into the timed loop.
 */
static inline int omb_rma_latency_main(const struct omb_program *program,
                                       omb_measure_fn *measure, int argc, char **argv)
{
    int rank, np;
    struct omb_options o;
    omb_init(program, &argc, &argv, &rank, &np, &o);

    struct omb_rma_latency b = {0};
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

#endif /* OMB_C_RMA_LATENCY_H */
