/*
 * omb_c_util.c - code shared by the C references of the OMB-J benchmarks;
 * see omb_c_util.h.
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_util.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#define ERR_LEN 256
#define NAMES_LEN 128 /* the bench names joined, as in the usage message */

/* The program whose options were processed last: its name and bench table. */
static const struct omb_program *program;

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

/*
 * Writes the bench names into buf, separated by sep, the last two by last_sep:
 * "bcast|allreduce", "latency, bw, bibw or multi_lat".
 */
static void join_names(const struct omb_program *p, const char *sep, const char *last_sep,
                       char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t b = 0; b < p->nbenches && used < len; b++) {
        const char *s = b == 0 ? "" : b + 1 == p->nbenches ? last_sep : sep;
        int n = snprintf(buf + used, len - used, "%s%s", s, p->benches[b].name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

/* Fills *o from argv; on error writes a message into err and returns -1. */
static int parse_args(const struct omb_program *p, int argc, char **argv, struct omb_options *o,
                      char *err, size_t errlen)
{
    char names[NAMES_LEN];
    o->max_size = p->default_max_size;
    o->iterations = -1;
    o->warmup = -1;
    o->window = OMB_DEFAULT_WINDOW;
    o->full = 0;

    if (argc < 2) {
        join_names(p, "|", "|", names, sizeof names);
        snprintf(err, errlen, "usage: %s %s [-m [MIN:]MAX] [-i N] [-x N]%s%s",
                 argc > 0 ? argv[0] : p->name, names,
                 p->flags & OMB_OPT_WINDOW ? " [-W N]" : "",
                 p->flags & OMB_OPT_FULL ? " [-f]" : "");
        return -1;
    }
    size_t b;
    for (b = 0; b < p->nbenches; b++)
        if (strcmp(argv[1], p->benches[b].name) == 0)
            break;
    if (b == p->nbenches) {
        join_names(p, ", ", " or ", names, sizeof names);
        snprintf(err, errlen, "unknown benchmark '%s' (expected %s)", argv[1], names);
        return -1;
    }
    o->bench = (int)b;
    o->min_size = p->benches[b].default_min_size;

    for (int a = 2; a < argc; a++) {
        const char *opt = argv[a];
        if ((p->flags & OMB_OPT_FULL) && strcmp(opt, "-f") == 0) {
            o->full = 1;
            continue;
        }
        if (strcmp(opt, "-m") != 0 && strcmp(opt, "-i") != 0 && strcmp(opt, "-x") != 0 &&
            !((p->flags & OMB_OPT_WINDOW) && strcmp(opt, "-W") == 0)) {
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
            long mn = p->benches[b].default_min_size, mx = p->default_max_size;
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
            if (parse_long(val, end, 1, OMB_MAX_ITERATIONS, &v)) {
                snprintf(err, errlen, "bad -i value '%s' (expected 1..%ld)", val,
                         OMB_MAX_ITERATIONS);
                return -1;
            }
            o->iterations = v;
            break;
        case 'x':
            if (parse_long(val, end, 0, OMB_MAX_ITERATIONS, &v)) {
                snprintf(err, errlen, "bad -x value '%s' (expected 0..%ld)", val,
                         OMB_MAX_ITERATIONS);
                return -1;
            }
            o->warmup = v;
            break;
        case 'W':
            if (parse_long(val, end, 1, OMB_MAX_WINDOW, &v)) {
                snprintf(err, errlen, "bad -W value '%s' (expected 1..%d)", val, OMB_MAX_WINDOW);
                return -1;
            }
            o->window = (int)v;
            break;
        }
    }
    return 0;
}

void omb_process_options(const struct omb_program *p, int argc, char **argv, int rank,
                         struct omb_options *o)
{
    char err[ERR_LEN];
    program = p;
    if (parse_args(p, argc, argv, o, err, sizeof err) != 0)
        omb_fail(rank, "%s", err);
}

const struct omb_bench *omb_bench_info(const struct omb_options *o)
{
    return &program->benches[o->bench];
}

long omb_iterations_for(const struct omb_options *o, long size)
{
    if (o->iterations >= 0)
        return o->iterations;
    const struct omb_bench *bi = omb_bench_info(o);
    return size > OMB_LARGE_MESSAGE_SIZE ? bi->iters_large : bi->iters_small;
}

long omb_warmup_for(const struct omb_options *o, long size)
{
    if (o->warmup >= 0)
        return o->warmup;
    const struct omb_bench *bi = omb_bench_info(o);
    return size > OMB_LARGE_MESSAGE_SIZE ? bi->warmup_large : bi->warmup_small;
}

void omb_fail(int rank, const char *fmt, ...)
{
    if (rank == 0) {
        char msg[ERR_LEN];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        fprintf(stderr, "%s: %s\n", program->name, msg);
        fflush(stderr);
    }
    MPI_Finalize();
    exit(1);
}

static _Noreturn void out_of_memory(int rank)
{
    fprintf(stderr, "%s: rank %d: out of memory\n", program->name, rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1); /* MPI_Abort does not return */
}

void *omb_malloc(int rank, size_t len)
{
    void *p = malloc(len);
    if (p == NULL)
        out_of_memory(rank);
    return p;
}

size_t omb_buffer_len(const struct omb_options *o)
{
    return o->max_size > 0 ? (size_t)o->max_size : 1;
}

void *omb_alloc_buffer(int rank, const struct omb_options *o)
{
    void *p = NULL;
    if (posix_memalign(&p, OMB_PAGE_ALIGN, omb_buffer_len(o)) != 0)
        out_of_memory(rank);
    return p;
}

int64_t *omb_alloc_times(int rank, const struct omb_options *o)
{
    long max_iters = 0;
    for (long size = o->min_size; size <= o->max_size; size = omb_next_size(size)) {
        long it = omb_iterations_for(o, size);
        if (it > max_iters)
            max_iters = it;
    }
    return omb_malloc(rank, (size_t)max_iters * sizeof(int64_t));
}

void omb_print_header(int rank, const struct omb_options *o)
{
    if (rank != 0)
        return;
    const struct omb_bench *bi = omb_bench_info(o);
    printf("\n%s\n", bi->title);
    printf("# Datatype: %s.\n", bi->datatype);
    printf("%-10s%18s", "# Size", bi->column);
    if (o->full)
        printf("%18s%18s%12s", "Min Latency(us)", "Max Latency(us)", "Iterations");
    printf("\n");
    fflush(stdout);
}

void omb_print_stats(int rank, const struct omb_options *o, long size, double avg, double min,
                     double max, long iters)
{
    if (rank != 0)
        return;
    printf("%-10d%18.2f", (int)size, avg);
    if (o->full)
        printf("%18.2f%18.2f%12d", min, max, (int)iters);
    printf("\n");
    fflush(stdout);
}
