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
 * Build: mpicc -O2 -Wall -Wextra -std=c11 -o omb_c_coll omb_c_coll.c
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mpi.h>

#define DEFAULT_MAX_SIZE 1048576L
#define LARGE_MESSAGE_SIZE 8192L /* "large" means size > this */
#define ITERS_SMALL 1000
#define WARMUP_SMALL 100
#define ITERS_LARGE 100
#define WARMUP_LARGE 10
#define MAX_ITERATIONS 1000000000L
#define PAGE_ALIGN 4096
#define BCAST_ROOT 0

enum bench { BENCH_BCAST, BENCH_ALLREDUCE };

struct options {
    enum bench bench;
    long min_size;
    long max_size;
    long iterations; /* -1: per-size default */
    long warmup;     /* -1: per-size default */
    int full;
};

struct bench_info {
    const char *name;
    const char *title;
    const char *datatype;
    long default_min_size;
    int elem_size; /* bytes per element: count = size / elem_size */
};

static const struct bench_info BENCHES[] = {
    [BENCH_BCAST] = {"bcast", "# OSU MPI Broadcast Latency Test v7.4", "MPI_CHAR", 1, 1},
    [BENCH_ALLREDUCE] = {"allreduce", "# OSU MPI Allreduce Latency Test v7.4", "MPI_FLOAT",
                         4, (int)sizeof(float)},
};

static inline int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + (int64_t)ts.tv_nsec;
}

/* Parses a non-negative decimal integer occupying all of [s, end). */
static int parse_long(const char *s, const char *end, long lo, long hi, long *out)
{
    if (s == end || *s < '0' || *s > '9')
        return -1;
    char buf[32];
    size_t len = (size_t)(end - s);
    if (len >= sizeof buf)
        return -1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *stop;
    errno = 0;
    long v = strtol(buf, &stop, 10);
    if (errno != 0 || *stop != '\0' || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* Fills *o from argv; on error writes a message into err and returns -1. */
static int parse_args(int argc, char **argv, struct options *o, char *err, size_t errlen)
{
    o->max_size = DEFAULT_MAX_SIZE;
    o->iterations = -1;
    o->warmup = -1;
    o->full = 0;

    if (argc < 2) {
        snprintf(err, errlen, "usage: %s bcast|allreduce [-m [MIN:]MAX] [-i N] [-x N] [-f]",
                 argc > 0 ? argv[0] : "omb_c_coll");
        return -1;
    }
    size_t nb = sizeof BENCHES / sizeof BENCHES[0];
    size_t b;
    for (b = 0; b < nb; b++)
        if (strcmp(argv[1], BENCHES[b].name) == 0)
            break;
    if (b == nb) {
        snprintf(err, errlen, "unknown benchmark '%s' (expected bcast or allreduce)", argv[1]);
        return -1;
    }
    o->bench = (enum bench)b;
    o->min_size = BENCHES[b].default_min_size;

    for (int a = 2; a < argc; a++) {
        const char *opt = argv[a];
        if (strcmp(opt, "-f") == 0) {
            o->full = 1;
            continue;
        }
        if (strcmp(opt, "-m") != 0 && strcmp(opt, "-i") != 0 && strcmp(opt, "-x") != 0) {
            snprintf(err, errlen, "unknown option '%s'", opt);
            return -1;
        }
        if (a + 1 >= argc) {
            snprintf(err, errlen, "option %s needs a value", opt);
            return -1;
        }
        const char *val = argv[++a];
        const char *end = val + strlen(val);
        long v;
        switch (opt[1]) {
        case 'm': {
            const char *colon = strchr(val, ':');
            long mn = BENCHES[b].default_min_size, mx = DEFAULT_MAX_SIZE;
            int bad;
            if (colon == NULL) {
                bad = parse_long(val, end, 0, INT_MAX, &mx);
            } else {
                bad = parse_long(val, colon, 0, INT_MAX, &mn);
                if (!bad && colon + 1 != end)
                    bad = parse_long(colon + 1, end, 0, INT_MAX, &mx);
            }
            if (bad) {
                snprintf(err, errlen, "bad -m value '%s' (expected [MIN:]MAX or MIN:, "
                         "sizes 0..%d)", val, INT_MAX);
                return -1;
            }
            if (mn > mx) {
                snprintf(err, errlen, "bad -m value '%s': MIN %ld > MAX %ld", val, mn, mx);
                return -1;
            }
            o->min_size = mn;
            o->max_size = mx;
            break;
        }
        case 'i':
            if (parse_long(val, end, 1, MAX_ITERATIONS, &v)) {
                snprintf(err, errlen, "bad -i value '%s' (expected 1..%ld)", val, MAX_ITERATIONS);
                return -1;
            }
            o->iterations = v;
            break;
        case 'x':
            if (parse_long(val, end, 0, MAX_ITERATIONS, &v)) {
                snprintf(err, errlen, "bad -x value '%s' (expected 0..%ld)", val, MAX_ITERATIONS);
                return -1;
            }
            o->warmup = v;
            break;
        }
    }
    return 0;
}

static long iterations_for(const struct options *o, long size)
{
    if (o->iterations >= 0)
        return o->iterations;
    return size > LARGE_MESSAGE_SIZE ? ITERS_LARGE : ITERS_SMALL;
}

static long warmup_for(const struct options *o, long size)
{
    if (o->warmup >= 0)
        return o->warmup;
    return size > LARGE_MESSAGE_SIZE ? WARMUP_LARGE : WARMUP_SMALL;
}

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
        int64_t t0 = now_ns();
        if (bench == BENCH_BCAST)
            MPI_Bcast(sbuf, count, MPI_CHAR, BCAST_ROOT, MPI_COMM_WORLD);
        else
            MPI_Allreduce(sbuf, rbuf, count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
        int64_t dt = now_ns() - t0;
        if (i >= warmup) {
            sum += dt;
            times[i - warmup] = dt;
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    return (double)sum / 1e3 / (double)iters;
}

/* Reports an error on rank 0, finalizes MPI and exits with status 1. */
static void fail(int rank, const char *msg)
{
    if (rank == 0) {
        fprintf(stderr, "omb_c_coll: %s\n", msg);
        fflush(stderr);
    }
    MPI_Finalize();
    exit(1);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);

    struct options o;
    char err[256];
    if (parse_args(argc, argv, &o, err, sizeof err) != 0)
        fail(rank, err);
    if (nranks < 2) {
        snprintf(err, sizeof err, "%s needs at least 2 ranks (got %d)", BENCHES[o.bench].name,
                 nranks);
        fail(rank, err);
    }

    const struct bench_info *bi = &BENCHES[o.bench];

    /* Largest iteration count over all sizes, for the timing array. */
    long max_iters = 0;
    for (long size = o.min_size; size <= o.max_size; size = size ? size * 2 : 1) {
        long it = iterations_for(&o, size);
        if (it > max_iters)
            max_iters = it;
    }

    size_t buflen = o.max_size > 0 ? (size_t)o.max_size : 1;
    void *sbuf = NULL, *rbuf = NULL;
    int64_t *times = max_iters > 0 ? malloc((size_t)max_iters * sizeof *times) : NULL;
    if (posix_memalign(&sbuf, PAGE_ALIGN, buflen) != 0 ||
        (o.bench == BENCH_ALLREDUCE && posix_memalign(&rbuf, PAGE_ALIGN, buflen) != 0) ||
        times == NULL) {
        fprintf(stderr, "omb_c_coll: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (o.bench == BENCH_BCAST) {
        memset(sbuf, 1, buflen);
    } else {
        float *s = sbuf, *r = rbuf;
        for (size_t k = 0; k < buflen / sizeof(float); k++) {
            s[k] = 1.0f;
            r[k] = 2.0f;
        }
    }

    if (rank == 0) {
        printf("\n%s\n", bi->title);
        printf("# Datatype: %s.\n", bi->datatype);
        printf("%-10s%18s", "# Size", "Avg Latency(us)");
        if (o.full)
            printf("%18s%18s%12s", "Min Latency(us)", "Max Latency(us)", "Iterations");
        printf("\n");
        fflush(stdout);
    }

    for (long size = o.min_size; size <= o.max_size; size = size ? size * 2 : 1) {
        int count = (int)(size / bi->elem_size);
        if (o.bench == BENCH_ALLREDUCE && count == 0)
            continue;
        long iters = iterations_for(&o, size);
        long warmup = warmup_for(&o, size);

        MPI_Barrier(MPI_COMM_WORLD);
        double lat = run_coll(o.bench, sbuf, rbuf, count, iters, warmup, times);

        double sum = 0.0, min = 0.0, max = 0.0;
        MPI_Reduce(&lat, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Reduce(&lat, &min, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
        MPI_Reduce(&lat, &max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

        if (rank == 0) {
            printf("%-10d%18.2f", (int)size, sum / nranks);
            if (o.full)
                printf("%18.2f%18.2f%12d", min, max, (int)iters);
            printf("\n");
            fflush(stdout);
        }
    }

    free(times);
    free(rbuf);
    free(sbuf);
    MPI_Finalize();
    return 0;
}
