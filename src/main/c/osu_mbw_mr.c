/*
 * osu_mbw_mr - C twin of OMB-J's mpi.pt2pt.OSUMultiBandwidth: the aggregate
 * bandwidth and message rate of P pairs (-p, default np/2), measured exactly
 * as the Java benchmark does (see omb_c_util.h):
 *
 *   - rank i < P sends to rank i + P; ranks from 2P on use MPI_PROC_NULL as
 *     their peer, so they only join the barriers;
 *   - MPI_Barrier before each message size, then untimed warm-up iterations;
 *   - before every iteration (timed or not) an MPI_Barrier of all ranks,
 *     untimed, as C OMB's osu_mbw_mr;
 *   - one timed iteration: a sender posts W MPI_Isend, waits for all and
 *     receives a 4-byte ack; its receiver posts W MPI_Irecv, waits, sends the
 *     ack; each bracketed by clock_gettime(CLOCK_MONOTONIC);
 *   - the senders' summed times reduced to rank 0, averaged over the pairs:
 *     MB/s = P x size x W x iterations / 1e6 / mean seconds, and
 *     Messages/s = P x W x iterations / mean seconds; with -f the pairs times
 *     the rate of the slowest (Min) and fastest (Max) single iteration of any
 *     sender.
 *
 * Usage: osu_mbw_mr [-m [MIN:]MAX] [-i N] [-x N] [-W N] [-p P] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_util.h"

#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

#define TAG_DATA 1
#define TAG_ACK 2
#define ACK_BYTES 4

static const struct omb_program PROGRAM = {
    .name = "osu_mbw_mr",
    .title = "Multiple Bandwidth / Message Rate Test",
    .description = "aggregate bandwidth and message rate of P pairs, rank i sending to rank i + P",
    .datatype = "MPI_BYTE",
    .elem_size = 1,
    .zero_size = 1,
    .column = "MB/s",
    .min_column = "Min MB/s",
    .max_column = "Max MB/s",
    .default_min_size = 1,
    .default_max_size = 4194304,
    .iters_small = 100, .warmup_small = 10, .iters_large = 100, .warmup_large = 10,
    .warm_up_round = 1000, /* PointToPointKind.Counts.MULTI_BANDWIDTH */
    .flags = OMB_OPT_WINDOW | OMB_OPT_PAIRS,
    .ranks = OMB_RANKS_AT_LEAST_TWO,
};

/* The buffers, requests and times of a run; see omb_measure_fn. */
struct bench {
    int sender, peer, window;
    char *sbuf, *rbuf, *ack;
    MPI_Request *reqs;
    int64_t *times;
};

static void iteration(const struct bench *b, int size)
{
    if (b->sender) {
        for (int w = 0; w < b->window; w++)
            MPI_Isend(b->sbuf, size, MPI_BYTE, b->peer, TAG_DATA, MPI_COMM_WORLD, &b->reqs[w]);
        MPI_Waitall(b->window, b->reqs, MPI_STATUSES_IGNORE);
        MPI_Recv(b->ack, ACK_BYTES, MPI_BYTE, b->peer, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        for (int w = 0; w < b->window; w++)
            MPI_Irecv(b->rbuf, size, MPI_BYTE, b->peer, TAG_DATA, MPI_COMM_WORLD, &b->reqs[w]);
        MPI_Waitall(b->window, b->reqs, MPI_STATUSES_IGNORE);
        MPI_Send(b->ack, ACK_BYTES, MPI_BYTE, b->peer, TAG_ACK, MPI_COMM_WORLD);
    }
}

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct bench *b = ctx;
    MPI_Barrier(MPI_COMM_WORLD);
    for (long i = 0; i < warmup; i++) {
        MPI_Barrier(MPI_COMM_WORLD);
        iteration(b, (int)size);
    }
    for (long i = 0; i < iters; i++) {
        MPI_Barrier(MPI_COMM_WORLD);
        int64_t t0 = omb_now_ns();
        iteration(b, (int)size);
        b->times[i] = omb_now_ns() - t0;
    }
}

/* Bytes per ns x 1e3 is decimal MB/s (0 for no bytes). */
static double rate(double bytes, double ns)
{
    return bytes == 0 ? 0.0 : bytes * 1e3 / ns;
}

int main(int argc, char **argv)
{
    int rank, np;
    struct omb_options o;
    omb_init(&PROGRAM, &argc, &argv, &rank, &np, &o);
    int pairs = o.pairs > 0 ? o.pairs : np / 2;

    int64_t *times = omb_alloc_times(rank, &o);
    MPI_Request *reqs = omb_malloc(rank, (size_t)o.window * sizeof *reqs);
    char *sbuf = omb_alloc_buffer(rank, &o, 1);
    char *rbuf = omb_alloc_buffer(rank, &o, 2);
    char ack[ACK_BYTES] = {0};
    int peer = rank < 2 * pairs ? (rank + pairs) % (2 * pairs) : MPI_PROC_NULL;
    struct bench b = {rank < pairs, peer, o.window, sbuf, rbuf, ack, reqs, times};

    char context[128];
    snprintf(context, sizeof context, "# [ pairs: %d ] [ window size: %d ]\n", pairs,
             o.window);
    static const char *const columns[] = {"MB/s", "Messages/s", NULL};
    omb_print_header_with(rank, &o, context, columns);
    omb_warm_up(&o, measure, &b);
    for (long size = o.min_size; size <= o.max_size; size = omb_next_size(size)) {
        if (!omb_size_runs(&o, size))
            continue;
        long iters = omb_iterations_for(&o, size);
        measure(&b, size, omb_warmup_for(&o, size), iters);
        struct omb_stats t = omb_stats_of(times, iters);
        double bytes = (double)size * o.window;
        double in[3] = {b.sender ? t.sum : 0.0, b.sender ? rate(bytes, t.max) : 1e300,
                        b.sender ? rate(bytes, t.min) : 0.0};
        double total = 0.0, lo = 0.0, hi = 0.0;
        MPI_Reduce(&in[0], &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Reduce(&in[1], &lo, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
        MPI_Reduce(&in[2], &hi, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            double mean_iteration = total / pairs / (double)iters;
            printf("%-10ld%18.2f%18.2f", size, pairs * rate(bytes, mean_iteration),
                   pairs * o.window * 1e9 / mean_iteration);
            if (o.full)
                printf("%18.2f%18.2f%12ld", pairs * lo, pairs * hi, iters);
            printf("\n");
            fflush(stdout);
        }
    }

    free(rbuf);
    free(sbuf);
    free(reqs);
    free(times);
    MPI_Finalize();
    return 0;
}
