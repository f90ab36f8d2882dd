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
 * Build: mpicc -O2 -Wall -Wextra -std=c11 -o omb_c_pt2pt omb_c_pt2pt.c
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

#define TAG_DATA 1
#define TAG_ACK 2
#define ACK_BYTES 4

#define DEFAULT_MIN_SIZE 1L
#define DEFAULT_MAX_SIZE 4194304L
#define DEFAULT_WINDOW 64
#define LARGE_MESSAGE_SIZE 8192L /* "large" means size > this */
#define MAX_WINDOW (1 << 20)
#define MAX_ITERATIONS 1000000000L
#define PAGE_ALIGN 4096

enum bench { BENCH_LATENCY, BENCH_BW, BENCH_BIBW, BENCH_MULTI_LAT };

struct options {
    enum bench bench;
    long min_size;
    long max_size;
    long iterations; /* -1: per-size default */
    long warmup;     /* -1: per-size default */
    int window;
};

struct bench_info {
    const char *name;
    const char *title;
    const char *column;
    long iters_small, warmup_small, iters_large, warmup_large;
};

static const struct bench_info BENCHES[] = {
    [BENCH_LATENCY] = {"latency", "# OSU MPI Latency Test v7.4", "Avg Latency(us)",
                       10000, 100, 1000, 10},
    [BENCH_BW] = {"bw", "# OSU MPI Bandwidth Test v7.4", "Bandwidth (MB/s)",
                  100, 10, 20, 2},
    [BENCH_BIBW] = {"bibw", "# OSU MPI Bi-Directional Bandwidth Test v7.4",
                    "Bandwidth (MB/s)", 100, 10, 20, 2},
    [BENCH_MULTI_LAT] = {"multi_lat", "# OSU MPI Multi Latency Test v7.4", "Latency (us)",
                         10000, 100, 1000, 10},
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
    o->min_size = DEFAULT_MIN_SIZE;
    o->max_size = DEFAULT_MAX_SIZE;
    o->iterations = -1;
    o->warmup = -1;
    o->window = DEFAULT_WINDOW;

    if (argc < 2) {
        snprintf(err, errlen, "usage: %s latency|bw|bibw|multi_lat "
                 "[-m [MIN:]MAX] [-i N] [-x N] [-W N]", argc > 0 ? argv[0] : "omb_c_pt2pt");
        return -1;
    }
    size_t nb = sizeof BENCHES / sizeof BENCHES[0];
    size_t b;
    for (b = 0; b < nb; b++)
        if (strcmp(argv[1], BENCHES[b].name) == 0)
            break;
    if (b == nb) {
        snprintf(err, errlen, "unknown benchmark '%s' (expected latency, bw, bibw or multi_lat)",
                 argv[1]);
        return -1;
    }
    o->bench = (enum bench)b;

    for (int a = 2; a < argc; a++) {
        const char *opt = argv[a];
        if (strcmp(opt, "-m") != 0 && strcmp(opt, "-i") != 0 && strcmp(opt, "-x") != 0 &&
            strcmp(opt, "-W") != 0) {
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
            long mn = DEFAULT_MIN_SIZE, mx = DEFAULT_MAX_SIZE;
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
        case 'W':
            if (parse_long(val, end, 1, MAX_WINDOW, &v)) {
                snprintf(err, errlen, "bad -W value '%s' (expected 1..%d)", val, MAX_WINDOW);
                return -1;
            }
            o->window = (int)v;
            break;
        }
    }
    return 0;
}

static long iterations_for(const struct options *o, long size)
{
    if (o->iterations >= 0)
        return o->iterations;
    const struct bench_info *bi = &BENCHES[o->bench];
    return size > LARGE_MESSAGE_SIZE ? bi->iters_large : bi->iters_small;
}

static long warmup_for(const struct options *o, long size)
{
    if (o->warmup >= 0)
        return o->warmup;
    const struct bench_info *bi = &BENCHES[o->bench];
    return size > LARGE_MESSAGE_SIZE ? bi->warmup_large : bi->warmup_small;
}

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
            int64_t t0 = now_ns();
            MPI_Send(sbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD);
            MPI_Recv(rbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            int64_t dt = now_ns() - t0;
            if (i >= warmup)
                times[i - warmup] = dt;
        }
    } else {
        for (long i = 0; i < total; i++) {
            int64_t t0 = now_ns();
            MPI_Recv(rbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(sbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD);
            int64_t dt = now_ns() - t0;
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
            int64_t t0 = now_ns();
            for (int w = 0; w < window; w++)
                MPI_Isend(sbuf, size, MPI_CHAR, 1, TAG_DATA, MPI_COMM_WORLD, &reqs[w]);
            MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE);
            MPI_Recv(ack, ACK_BYTES, MPI_CHAR, 1, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            int64_t dt = now_ns() - t0;
            if (i >= warmup)
                times[i - warmup] = dt;
        }
    } else {
        for (long i = 0; i < total; i++) {
            int64_t t0 = now_ns();
            for (int w = 0; w < window; w++)
                MPI_Irecv(rbuf, size, MPI_CHAR, 0, TAG_DATA, MPI_COMM_WORLD, &reqs[w]);
            MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE);
            MPI_Send(ack, ACK_BYTES, MPI_CHAR, 0, TAG_ACK, MPI_COMM_WORLD);
            int64_t dt = now_ns() - t0;
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
        int64_t t0 = now_ns();
        for (int w = 0; w < window; w++)
            MPI_Irecv(rbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD, &reqs[w]);
        for (int w = 0; w < window; w++)
            MPI_Isend(sbuf, size, MPI_CHAR, peer, TAG_DATA, MPI_COMM_WORLD, &reqs[window + w]);
        MPI_Waitall(2 * window, reqs, MPI_STATUSES_IGNORE);
        int64_t dt = now_ns() - t0;
        if (i >= warmup)
            times[i - warmup] = dt;
    }
    double seconds = sum_ns(times, iters) / 1e9;
    return 2.0 * (double)size * (double)iters * (double)window / 1e6 / seconds;
}

/* Reports an error on rank 0, finalizes MPI and exits with status 1. */
static void fail(int rank, const char *msg)
{
    if (rank == 0) {
        fprintf(stderr, "omb_c_pt2pt: %s\n", msg);
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

    if (o.bench == BENCH_MULTI_LAT) {
        if (nranks < 2 || nranks % 2 != 0) {
            snprintf(err, sizeof err, "%s needs an even number of ranks (got %d)",
                     BENCHES[o.bench].name, nranks);
            fail(rank, err);
        }
    } else if (nranks != 2) {
        snprintf(err, sizeof err, "%s needs exactly 2 ranks (got %d)", BENCHES[o.bench].name,
                 nranks);
        fail(rank, err);
    }

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
    MPI_Request *reqs = malloc(2 * (size_t)o.window * sizeof *reqs);
    if (posix_memalign(&sbuf, PAGE_ALIGN, buflen) != 0 ||
        posix_memalign(&rbuf, PAGE_ALIGN, buflen) != 0 || times == NULL || reqs == NULL) {
        fprintf(stderr, "omb_c_pt2pt: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(sbuf, 'a', buflen);
    memset(rbuf, 'b', buflen);

    const struct bench_info *bi = &BENCHES[o.bench];
    if (rank == 0) {
        printf("\n%s\n", bi->title);
        printf("# Datatype: MPI_CHAR.\n");
        printf("%-10s%18s\n", "# Size", bi->column);
        fflush(stdout);
    }

    int half = nranks / 2;
    for (long size = o.min_size; size <= o.max_size; size = size ? size * 2 : 1) {
        long iters = iterations_for(&o, size);
        long warmup = warmup_for(&o, size);
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

        if (rank == 0) {
            printf("%-10d%18.2f\n", n, result);
            fflush(stdout);
        }
    }

    free(reqs);
    free(times);
    free(rbuf);
    free(sbuf);
    MPI_Finalize();
    return 0;
}
