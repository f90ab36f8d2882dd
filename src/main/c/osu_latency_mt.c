/*
 * osu_latency_mt - C twin of OMB-J's mpi.pt2pt.OSULatencyMultiThread (C OMB's
 * osu_latency_mt): the one-way latency of ping-pongs between S sender threads
 * on rank 0 and R receiver threads on rank 1 (-t R or -t S:R, default 1:2),
 * under MPI_THREAD_MULTIPLE, measured exactly as the Java benchmark does
 * (mpi.common.threads.MultiThreadBenchmark):
 *
 *   - the threads start once, each with its own buffers; per size the main
 *     thread calls MPI_Barrier and releases them through a pthread barrier;
 *   - thread t of a side runs iterations t, t+S, ... (t+R on rank 1); with one
 *     sender thread the ping has tag 1 and the pong tag 2, with more, iteration
 *     i uses tag i both ways;
 *   - a sender thread brackets each iteration with clock_gettime(CLOCK_MONOTONIC)
 *     into a preallocated array (each iteration is one thread's);
 *   - latency = sum / (2 x iterations / S), in us (C OMB's formula: the mean
 *     one-way latency times S); with -f the fastest and slowest round trip, halved.
 *
 * Usage: osu_latency_mt [-t R|S:R] [-m [MIN:]MAX] [-i N] [-x N] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_util.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

static const struct omb_program PROGRAM = {
    .name = "osu_latency_mt",
    .title = "Multi-threaded Latency Test",
    .description = "one-way latency of ping-pongs between S sender threads on rank 0 and R "
                   "receiver threads on rank 1 (-t), under MPI_THREAD_MULTIPLE",
    .datatype = "MPI_BYTE",
    .elem_size = 1,
    .zero_size = 0,
    .column = "Avg Latency(us)",
    .min_column = "Min Latency(us)",
    .max_column = "Max Latency(us)",
    .default_min_size = 1,
    .default_max_size = 4194304,
    .iters_small = 10000, .warmup_small = 100, .iters_large = 1000, .warmup_large = 10,
    .warm_up_round = 500, /* MultiThreadBenchmark.JIT_WARMUP */
    .flags = OMB_OPT_THREADS,
    .ranks = OMB_RANKS_TWO,
};

#define PING_TAG 1
#define PONG_TAG 2

/* What the threads share; the size's fields are written before `start`, read after it. */
struct bench {
    int rank, senders, threads;
    pthread_barrier_t start, done;
    int stop;
    long size, warmup, iters;
    int64_t *times;
};

struct worker {
    struct bench *b;
    int index;
    char *sbuf, *rbuf;
};

static void run_size(struct worker *w)
{
    struct bench *b = w->b;
    int peer = 1 - b->rank;
    int tagged = b->senders > 1;
    long end = b->warmup + b->iters;
    int size = (int)b->size;
    for (long i = w->index; i < end; i += b->threads) {
        int ping = tagged ? (int)i : PING_TAG;
        int pong = tagged ? (int)i : PONG_TAG;
        if (b->rank == 0) {
            int64_t t0 = omb_now_ns();
            MPI_Send(w->sbuf, size, MPI_BYTE, peer, ping, MPI_COMM_WORLD);
            MPI_Recv(w->rbuf, size, MPI_BYTE, peer, pong, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            int64_t dt = omb_now_ns() - t0;
            if (i >= b->warmup)
                b->times[i - b->warmup] = dt;
        } else {
            MPI_Recv(w->rbuf, size, MPI_BYTE, peer, ping, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(w->sbuf, size, MPI_BYTE, peer, pong, MPI_COMM_WORLD);
        }
    }
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    for (;;) {
        pthread_barrier_wait(&w->b->start);
        if (w->b->stop)
            return NULL;
        run_size(w);
        pthread_barrier_wait(&w->b->done);
    }
}

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct bench *b = ctx;
    b->size = size;
    b->warmup = warmup;
    b->iters = iters;
    MPI_Barrier(MPI_COMM_WORLD);
    pthread_barrier_wait(&b->start);
    pthread_barrier_wait(&b->done);
}

int main(int argc, char **argv)
{
    int rank, np;
    struct omb_options o;
    omb_init(&PROGRAM, &argc, &argv, &rank, &np, &o);

    struct bench b = {0};
    b.rank = rank;
    b.senders = o.senders;
    b.threads = rank == 0 ? o.senders : o.receivers;
    b.times = omb_alloc_times(rank, &o);
    pthread_barrier_init(&b.start, NULL, (unsigned)b.threads + 1);
    pthread_barrier_init(&b.done, NULL, (unsigned)b.threads + 1);
    struct worker *workers = omb_malloc(rank, sizeof *workers * (size_t)b.threads);
    pthread_t *ids = omb_malloc(rank, sizeof *ids * (size_t)b.threads);
    for (int t = 0; t < b.threads; t++) {
        workers[t] = (struct worker){&b, t, omb_alloc_buffer(rank, &o, 1),
                                     omb_alloc_buffer(rank, &o, 2)};
        if (pthread_create(&ids[t], NULL, worker_main, &workers[t]) != 0) {
            fprintf(stderr, "osu_latency_mt: cannot start thread %d\n", t);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }

    char context[128];
    snprintf(context, sizeof context,
             "# Number of Sender threads: %d\n# Number of Receiver threads: %d\n", o.senders,
             o.receivers);
    omb_print_header_with(rank, &o, context, NULL);
    omb_warm_up(&o, measure, &b);
    for (long size = o.min_size; size <= o.max_size; size = omb_next_size(size)) {
        if (!omb_size_runs(&o, size))
            continue;
        long iters = omb_iterations_for(&o, size);
        measure(&b, size, omb_warmup_for(&o, size), iters);
        struct omb_stats t = omb_stats_of(b.times, iters);
        omb_print_stats(rank, &o, size, t.sum / 2e3 / (double)iters * o.senders, t.min / 2e3,
                        t.max / 2e3, iters);
    }

    b.stop = 1;
    pthread_barrier_wait(&b.start);
    for (int t = 0; t < b.threads; t++) {
        pthread_join(ids[t], NULL);
        free(workers[t].sbuf);
        free(workers[t].rbuf);
    }
    free(ids);
    free(workers);
    free(b.times);
    pthread_barrier_destroy(&b.start);
    pthread_barrier_destroy(&b.done);
    MPI_Finalize();
    return 0;
}
