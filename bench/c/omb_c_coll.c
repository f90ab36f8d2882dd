/*
 * omb_c_coll.c - C reference for the OMB-J collective benchmarks.
 *
 * Implements bcast and allreduce with exactly the methodology of the Java
 * benchmarks (mpi.collective.OSUBcast, mpi.collective.OSUAllReduce), so that
 * Java and C figures can be compared like for like:
 *
 *   - MPI_Barrier before each message size;
 *   - every call (warmup included) is timed on its own with
 *     clock_gettime(CLOCK_MONOTONIC) -- the clock behind Java's
 *     System.nanoTime() -- and only the one collective call lies between the
 *     two timestamps; post-warmup durations are summed and also stored in a
 *     preallocated int64 array;
 *   - an untimed MPI_Barrier after every call, warmup included;
 *   - each rank's average latency is sum / iterations; rank 0 reports the
 *     mean over ranks (MPI_SUM / numprocs) and, with -f, the smallest and
 *     largest rank average (MPI_MIN, MPI_MAX), as C OMB does;
 *   - bcast: MPI_CHAR, count = size, root 0;
 *     allreduce: MPI_FLOAT with MPI_SUM, count = size / 4, sizes below 4
 *     bytes skipped;
 *   - buffers of MAX bytes, page aligned, allocated and filled once, with the
 *     Java benchmarks' values: send elements 1, receive elements 2.
 *
 * Usage: omb_c_coll bcast|allreduce [-m [MIN:]MAX] [-i N] [-x N] [-f]
 *
 * Build: mpicc -O2 -Wall -Wextra -std=c11 -o omb_c_coll omb_c_util.c omb_c_coll.c
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#define DEFAULT_MAX_SIZE 1048576L
#define BCAST_ROOT 0

enum bench { BENCH_BCAST, BENCH_ALLREDUCE };

/* name, title, datatype, element size (count = size / element size), column,
   default MIN, iterations and warmup for sizes up to 8 KiB, then above */
static const struct omb_bench BENCHES[] = {
    [BENCH_BCAST] = {"bcast", "# OSU MPI Broadcast Latency Test v7.4", "MPI_CHAR", 1,
                     "Avg Latency(us)", 1, 1000, 100, 100, 10},
    [BENCH_ALLREDUCE] = {"allreduce", "# OSU MPI Allreduce Latency Test v7.4", "MPI_FLOAT",
                         (int)sizeof(float), "Avg Latency(us)", 4, 1000, 100, 100, 10},
};

static const struct omb_program PROGRAM = {
    "omb_c_coll", BENCHES, sizeof BENCHES / sizeof BENCHES[0], DEFAULT_MAX_SIZE, OMB_OPT_FULL,
};

/*
 * Times warmup + iters calls of the collective, each on its own, with an
 * untimed barrier after every call. Returns this rank's average latency in
 * microseconds over the timed (post-warmup) calls.
 */
static double run_coll(enum bench bench, void *sbuf, void *rbuf, int count, long iters,
                       long warmup, int64_t *times)
{
    long total = iters + warmup;
    int64_t sum = 0;
    for (long i = 0; i < total; i++) {
        int64_t t0 = omb_now_ns();
        if (bench == BENCH_BCAST)
            MPI_Bcast(sbuf, count, MPI_CHAR, BCAST_ROOT, MPI_COMM_WORLD);
        else
            MPI_Allreduce(sbuf, rbuf, count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
        int64_t dt = omb_now_ns() - t0;
        if (i >= warmup) {
            sum += dt;
            times[i - warmup] = dt;
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    return (double)sum / 1e3 / (double)iters;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);

    struct omb_options o;
    omb_process_options(&PROGRAM, argc, argv, rank, &o);
    if (nranks < 2)
        omb_fail(rank, "%s needs at least 2 ranks (got %d)", BENCHES[o.bench].name, nranks);

    const struct omb_bench *bi = &BENCHES[o.bench];

    size_t buflen = omb_buffer_len(&o);
    int64_t *times = omb_alloc_times(rank, &o);
    void *sbuf = omb_alloc_buffer(rank, &o);
    void *rbuf = o.bench == BENCH_ALLREDUCE ? omb_alloc_buffer(rank, &o) : NULL;
    if (o.bench == BENCH_BCAST) {
        memset(sbuf, 1, buflen);
    } else {
        float *s = sbuf, *r = rbuf;
        for (size_t k = 0; k < buflen / sizeof(float); k++) {
            s[k] = 1.0f;
            r[k] = 2.0f;
        }
    }

    omb_print_header(rank, &o);

    for (long size = o.min_size; size <= o.max_size; size = omb_next_size(size)) {
        int count = (int)(size / bi->elem_size);
        if (o.bench == BENCH_ALLREDUCE && count == 0)
            continue;
        long iters = omb_iterations_for(&o, size);
        long warmup = omb_warmup_for(&o, size);

        MPI_Barrier(MPI_COMM_WORLD);
        double lat = run_coll(o.bench, sbuf, rbuf, count, iters, warmup, times);

        double sum = 0.0, min = 0.0, max = 0.0;
        MPI_Reduce(&lat, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Reduce(&lat, &min, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
        MPI_Reduce(&lat, &max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

        omb_print_stats(rank, &o, size, sum / nranks, min, max, iters);
    }

    free(times);
    free(rbuf);
    free(sbuf);
    MPI_Finalize();
    return 0;
}
