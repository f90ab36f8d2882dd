/*
 * omb_c_pt2pt.c - C reference for the OMB-J point-to-point benchmarks.
 *
 * Implements latency, bw, bibw and multi_lat with exactly the methodology of
 * the Java benchmarks (mpi.pt2pt.*), so that Java and C figures can be
 * compared like for like:
 *
 *   - MPI_Barrier before each message size;
 *   - every iteration (warmup included) is timed on its own with
 *     clock_gettime(CLOCK_MONOTONIC) -- the clock behind Java's
 *     System.nanoTime() -- and only the iteration itself lies between the two
 *     timestamps; post-warmup durations go into a preallocated int64 array;
 *   - one send and one receive buffer of MAX bytes, page aligned, set once.
 *
 * Usage: omb_c_pt2pt latency|bw|bibw|multi_lat [-m [MIN:]MAX] [-i N] [-x N] [-W N]
 *
 * Build: mpicc -O2 -Wall -Wextra -std=c11 -o omb_c_pt2pt omb_c_util.c omb_c_pt2pt.c
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#define TAG_DATA 1
#define TAG_ACK 2
#define ACK_BYTES 4

#define DEFAULT_MAX_SIZE 4194304L

enum bench { BENCH_LATENCY, BENCH_BW, BENCH_BIBW, BENCH_MULTI_LAT };

/* name, title, datatype, element size, column, default MIN, iterations and
   warmup for sizes up to 8 KiB, then above */
static const struct omb_bench BENCHES[] = {
    [BENCH_LATENCY] = {"latency", "# OSU MPI Latency Test v7.4", "MPI_CHAR", 1,
                       "Avg Latency(us)", 1, 10000, 100, 1000, 10},
    [BENCH_BW] = {"bw", "# OSU MPI Bandwidth Test v7.4", "MPI_CHAR", 1, "Bandwidth (MB/s)", 1,
                  100, 10, 20, 2},
    [BENCH_BIBW] = {"bibw", "# OSU MPI Bi-Directional Bandwidth Test v7.4", "MPI_CHAR", 1,
                    "Bandwidth (MB/s)", 1, 100, 10, 20, 2},
    [BENCH_MULTI_LAT] = {"multi_lat", "# OSU MPI Multi Latency Test v7.4", "MPI_CHAR", 1,
                         "Latency (us)", 1, 10000, 100, 1000, 10},
};

static const struct omb_program PROGRAM = {
    "omb_c_pt2pt", BENCHES, sizeof BENCHES / sizeof BENCHES[0], DEFAULT_MAX_SIZE, OMB_OPT_WINDOW,
};

static double sum_ns(const int64_t *times, long n)
{
    int64_t s = 0;
    for (long i = 0; i < n; i++)
        s += times[i];
    return (double)s;
}

/*
 * Ping-pong between this rank and peer; the sender sends first.
 * Returns the one-way latency in microseconds: sum(dt) / (2 * iters).
 */
static double run_pingpong(int sender, int peer, char *sbuf, char *rbuf, int size,
                           long iters, long warmup, int64_t *times)
{
    long total = iters + warmup;
    if (sender) {
        for (long i = 0; i < total; i++) {
            int64_t t0 = omb_now_ns();
            MPI_Send(sbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD);
            MPI_Recv(rbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            int64_t dt = omb_now_ns() - t0;
            if (i >= warmup)
                times[i - warmup] = dt;
        }
    } else {
        for (long i = 0; i < total; i++) {
            int64_t t0 = omb_now_ns();
            MPI_Recv(rbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(sbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD);
            int64_t dt = omb_now_ns() - t0;
            if (i >= warmup)
                times[i - warmup] = dt;
        }
    }
    return sum_ns(times, iters) / 1e3 / (2.0 * (double)iters);
}

/* Unidirectional window bandwidth; returns MB/s (meaningful on rank 0). */
static double run_bw(int rank, char *sbuf, char *rbuf, int size, int window, long iters,
                     long warmup, int64_t *times, MPI_Request *reqs)
{
    long total = iters + warmup;
    char ack[ACK_BYTES] = {0};
    if (rank == 0) {
        for (long i = 0; i < total; i++) {
            int64_t t0 = omb_now_ns();
            for (int w = 0; w < window; w++)
                MPI_Isend(sbuf, size, MPI_CHAR, 1, TAG_DATA, MPI_COMM_WORLD, &reqs[w]);
            MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE);
            MPI_Recv(ack, ACK_BYTES, MPI_CHAR, 1, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            int64_t dt = omb_now_ns() - t0;
            if (i >= warmup)
                times[i - warmup] = dt;
        }
    } else {
        for (long i = 0; i < total; i++) {
            int64_t t0 = omb_now_ns();
            for (int w = 0; w < window; w++)
                MPI_Irecv(rbuf, size, MPI_CHAR, 0, TAG_DATA, MPI_COMM_WORLD, &reqs[w]);
            MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE);
            MPI_Send(ack, ACK_BYTES, MPI_CHAR, 0, TAG_ACK, MPI_COMM_WORLD);
            int64_t dt = omb_now_ns() - t0;
            if (i >= warmup)
                times[i - warmup] = dt;
        }
    }
    double seconds = sum_ns(times, iters) / 1e9;
    return (double)size * (double)iters * (double)window / 1e6 / seconds;
}

/* Bidirectional window bandwidth; returns MB/s (meaningful on rank 0). */
static double run_bibw(int rank, char *sbuf, char *rbuf, int size, int window, long iters,
                       long warmup, int64_t *times, MPI_Request *reqs)
{
    long total = iters + warmup;
    int peer = 1 - rank;
    for (long i = 0; i < total; i++) {
        int64_t t0 = omb_now_ns();
        for (int w = 0; w < window; w++)
            MPI_Irecv(rbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD, &reqs[w]);
        for (int w = 0; w < window; w++)
            MPI_Isend(sbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD, &reqs[window + w]);
        MPI_Waitall(2 * window, reqs, MPI_STATUSES_IGNORE);
        int64_t dt = omb_now_ns() - t0;
        if (i >= warmup)
            times[i - warmup] = dt;
    }
    double seconds = sum_ns(times, iters) / 1e9;
    return 2.0 * (double)size * (double)iters * (double)window / 1e6 / seconds;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);

    struct omb_options o;
    omb_process_options(&PROGRAM, argc, argv, rank, &o);

    if (o.bench == BENCH_MULTI_LAT) {
        if (nranks < 2 || nranks % 2 != 0)
            omb_fail(rank, "%s needs an even number of ranks (got %d)", BENCHES[o.bench].name,
                     nranks);
    } else if (nranks != 2) {
        omb_fail(rank, "%s needs exactly 2 ranks (got %d)", BENCHES[o.bench].name, nranks);
    }

    size_t buflen = omb_buffer_len(&o);
    int64_t *times = omb_alloc_times(rank, &o);
    MPI_Request *reqs = omb_malloc(rank, 2 * (size_t)o.window * sizeof *reqs);
    char *sbuf = omb_alloc_buffer(rank, &o);
    char *rbuf = omb_alloc_buffer(rank, &o);
    memset(sbuf, 'a', buflen);
    memset(rbuf, 'b', buflen);

    omb_print_header(rank, &o);

    int half = nranks / 2;
    for (long size = o.min_size; size <= o.max_size; size = omb_next_size(size)) {
        long iters = omb_iterations_for(&o, size);
        long warmup = omb_warmup_for(&o, size);
        int n = (int)size;
        double result = 0.0;

        MPI_Barrier(MPI_COMM_WORLD);
        switch (o.bench) {
        case BENCH_LATENCY:
            result = run_pingpong(rank == 0, 1 - rank, sbuf, rbuf, n, iters, warmup, times);
            break;
        case BENCH_BW:
            result = run_bw(rank, sbuf, rbuf, n, o.window, iters, warmup, times, reqs);
            break;
        case BENCH_BIBW:
            result = run_bibw(rank, sbuf, rbuf, n, o.window, iters, warmup, times, reqs);
            break;
        case BENCH_MULTI_LAT: {
            int sender = rank < half;
            int peer = sender ? rank + half : rank - half;
            double lat = run_pingpong(sender, peer, sbuf, rbuf, n, iters, warmup, times);
            double sum = 0.0;
            MPI_Reduce(&lat, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
            result = sum / nranks;
            break;
        }
        }

        omb_print_stats(rank, &o, size, result, result, result, iters);
    }

    free(reqs);
    free(times);
    free(rbuf);
    free(sbuf);
    MPI_Finalize();
    return 0;
}
