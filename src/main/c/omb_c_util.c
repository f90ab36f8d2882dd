/*
 * omb_c_util.c - code shared by the native C twins of the OMB-J benchmarks;
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
#include <unistd.h>

#include <mpi.h>

#define ERR_LEN 256
#define TAG_DATA 1

/* The largest message: a count of MPI_BYTE is an int. */
#define MAX_SIZE ((long)INT_MAX)

/* Options of the Java benchmarks that no twin implements: a clear error, not "unknown". */
#define JAVA_ONLY_OPTIONS "acTzM"

const char *const OMB_WIN_LABELS[3] = {"create", "allocate", "dynamic"};
const char *const OMB_WIN_CALLS[3] = {"MPI_Win_create", "MPI_Win_allocate",
                                      "MPI_Win_create_dynamic"};
const char *const OMB_SYNC_LABELS[6] = {"lock", "flush", "flush_local", "lock_all", "pscw",
                                        "fence"};
const char *const OMB_SYNC_CALLS[6] = {"MPI_Win_lock/unlock", "MPI_Win_flush",
                                       "MPI_Win_flush_local", "MPI_Win_lock_all/unlock_all",
                                       "MPI_Win_post/start/complete/wait", "MPI_Win_fence"};

/* The index of val in labels[0 .. n-1], or -1. */
static int label_index(const char *const *labels, int n, const char *val)
{
    for (int i = 0; i < n; i++)
        if (strcmp(labels[i], val) == 0)
            return i;
    return -1;
}

/* The program that called omb_init: its name for messages, its defaults. */
static const struct omb_program *program;

/* Parses a decimal integer in lo..hi occupying all of [s, end). */
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

/* Reads -m [MIN:]MAX, -m MIN: into o; on error writes a message into err. */
static int parse_sizes(const char *val, struct omb_options *o, char *err, size_t errlen)
{
    const char *colon = strchr(val, ':');
    const char *end = val + strlen(val);
    long mn = program->default_min_size, mx = program->default_max_size; /* not earlier -m */
    int bad;
    if (colon == NULL) {
        bad = parse_long(val, end, 0, MAX_SIZE, &mx);
    } else {
        bad = parse_long(val, colon, 0, MAX_SIZE, &mn);
        if (!bad && colon + 1 != end)
            bad = parse_long(colon + 1, end, 0, MAX_SIZE, &mx);
    }
    if (bad) {
        snprintf(err, errlen, "malformed -m '%s': expected [MIN:]MAX, e.g. -m 128, -m 2:128 or "
                 "-m 2:, sizes 0..%ld", val, MAX_SIZE);
        return -1;
    }
    if (mn > mx) {
        snprintf(err, errlen, "minimum message size %ld is above the maximum %ld (-m %s)", mn, mx,
                 val);
        return -1;
    }
    o->min_size = mn;
    o->max_size = mx;
    return 0;
}

/* Reads a count option's value in lo..hi; on error writes a message into err. */
static int parse_count(char opt, const char *val, long lo, long hi, long *out, char *err,
                       size_t errlen)
{
    if (parse_long(val, val + strlen(val), lo, hi, out) == 0)
        return 0;
    snprintf(err, errlen, "-%c needs a %s integer up to %ld, got '%s'", opt,
             lo > 0 ? "positive" : "non-negative", hi, val);
    return -1;
}

/* What -h or -v asked for. */
enum request { RUN, HELP, VERSION };

/* Fills *o from argv; on error writes a message into err and returns -1. */
static int parse_args(const struct omb_program *p, int argc, char **argv, struct omb_options *o,
                      enum request *req, char *err, size_t errlen)
{
    char optstring[32] = ":m:i:x:fhv" JAVA_ONLY_OPTIONS;
    if (p->flags & OMB_OPT_WINDOW)
        strcat(optstring, "W:");
    if (p->flags & OMB_OPT_ROOT)
        strcat(optstring, "k:");
    if (p->flags & OMB_OPT_IN_PLACE)
        strcat(optstring, "l");
    if (p->flags & OMB_OPT_ONE_SIDED)
        strcat(optstring, "w:s:");
    if (p->flags & OMB_OPT_PAIRS)
        strcat(optstring, "p:");
    if (p->flags & OMB_OPT_THREADS)
        strcat(optstring, "t:");

    o->min_size = p->default_min_size;
    o->max_size = p->default_max_size;
    o->iterations = -1;
    o->warmup = -1;
    o->window = OMB_DEFAULT_WINDOW;
    o->full = 0;
    o->root = 0;
    o->in_place = 0;
    o->win = OMB_WIN_ALLOCATE;
    o->sync = OMB_SYNC_FLUSH;
    o->pairs = 0;
    o->senders = 1;
    o->receivers = 2;
    *req = RUN;

    opterr = 0;
    int c;
    long v;
    while ((c = getopt(argc, argv, optstring)) != -1) {
        switch (c) {
        case 'm':
            if (parse_sizes(optarg, o, err, errlen))
                return -1;
            break;
        case 'i':
            if (parse_count('i', optarg, 1, OMB_MAX_ITERATIONS, &o->iterations, err, errlen))
                return -1;
            break;
        case 'x':
            if (parse_count('x', optarg, 0, OMB_MAX_ITERATIONS, &o->warmup, err, errlen))
                return -1;
            break;
        case 'W':
            if (parse_count('W', optarg, 1, INT_MAX / 2, &v, err, errlen))
                return -1;
            o->window = (int)v;
            break;
        case 'k':
            if (strcmp(optarg, "rotate") == 0) {
                o->root = OMB_ROOT_ROTATE;
            } else if (parse_long(optarg, optarg + strlen(optarg), 0, INT_MAX, &v) == 0) {
                o->root = (int)v;
            } else {
                snprintf(err, errlen, "-k needs a rank or 'rotate', got '%s'", optarg);
                return -1;
            }
            break;
        case 'l':
            o->in_place = 1;
            break;
        case 'w':
            if ((v = label_index(OMB_WIN_LABELS, 3, optarg)) < 0) {
                snprintf(err, errlen, "-w must be create, allocate or dynamic, got '%s'", optarg);
                return -1;
            }
            o->win = (enum omb_win)v;
            break;
        case 's':
            if ((v = label_index(OMB_SYNC_LABELS, 6, optarg)) < 0) {
                snprintf(err, errlen, "-s must be one of lock, flush, flush_local, lock_all, "
                         "pscw, fence, got '%s'", optarg);
                return -1;
            }
            o->sync = (enum omb_sync)v;
            break;
        case 'p':
            if (parse_count('p', optarg, 1, INT_MAX / 2, &v, err, errlen))
                return -1;
            o->pairs = (int)v;
            break;
        case 't': {
            /* R, or S:R; each 1..127 as C OMB (mpi.common.threads.ThreadCounts) */
            const char *colon = strchr(optarg, ':');
            long s = 1, r;
            if (colon ? parse_long(optarg, colon, 1, 127, &s) != 0
                            || parse_long(colon + 1, colon + strlen(colon), 1, 127, &r) != 0
                      : parse_long(optarg, optarg + strlen(optarg), 1, 127, &r) != 0) {
                snprintf(err, errlen, "-t needs R or S:R with thread counts from 1 to 127, "
                         "got '%s'", optarg);
                return -1;
            }
            o->senders = (int)s;
            o->receivers = (int)r;
            break;
        }
        case 'f':
            o->full = 1;
            break;
        case 'h':
            *req = HELP;
            return 0;
        case 'v':
            *req = VERSION;
            return 0;
        case ':':
            snprintf(err, errlen, "-%c needs a value", optopt);
            return -1;
        case '?':
            snprintf(err, errlen, "unknown option -%c", optopt);
            return -1;
        default: /* an option of the Java benchmark only */
            snprintf(err, errlen, "-%c is an option of the Java benchmark that this C twin "
                     "does not support", c);
            return -1;
        }
    }
    if (optind < argc) {
        snprintf(err, errlen, "unexpected argument '%s'", argv[optind]);
        return -1;
    }
    long largest = o->min_size;
    while (omb_next_size(largest) <= o->max_size)
        largest = omb_next_size(largest);
    if (largest < p->elem_size) {
        snprintf(err, errlen, "no message size of %ld:%ld holds one %s (%d bytes)", o->min_size,
                 o->max_size, p->datatype, p->elem_size);
        return -1;
    }
    return 0;
}

static void print_usage(const struct omb_program *p)
{
    printf("Usage: %s [options]\n", p->name);
    printf("OSU MPI %s (C twin of the OMB-J benchmark): %s.\n", p->title, p->description);
    printf("Options:\n");
    printf("  -m [MIN:]MAX   set the minimum and/or the maximum message size in bytes: -m 128 "
           "sets the\n                 maximum, -m 2:128 both, -m 2: the minimum "
           "(default %ld:%ld)\n", p->default_min_size, p->default_max_size);
    printf("  -x N           number of untimed warm-up iterations per size, 0 or more "
           "(default %ld,\n                 %ld above %ld bytes)\n", p->warmup_small,
           p->warmup_large, OMB_LARGE_MESSAGE_SIZE);
    printf("  -i N           number of timed iterations per size (default %ld, %ld above %ld "
           "bytes)\n", p->iters_small, p->iters_large, OMB_LARGE_MESSAGE_SIZE);
    if (p->flags & OMB_OPT_WINDOW)
        printf("  -W N           number of messages in flight per iteration (default %d)\n",
               OMB_DEFAULT_WINDOW);
    if (p->flags & OMB_OPT_ROOT)
        printf("  -k ROOT|rotate the root: a rank, or rotate for the next rank at every call "
               "(default 0)\n");
    if (p->flags & OMB_OPT_IN_PLACE)
        printf("  -l             use the in-place form of the call\n");
    if (p->flags & OMB_OPT_THREADS)
        printf("  -t R|S:R       R receiver threads (1 sender), or S sender and R receiver "
               "threads (default 1:2)\n");
    if (p->flags & OMB_OPT_ONE_SIDED) {
        printf("  -w create|allocate|dynamic  how the window is created (default allocate)\n");
        printf("  -s lock|flush|flush_local|lock_all|pscw|fence  how the window is synchronized "
               "(default\n                 flush)\n");
    }
    if (p->flags & OMB_OPT_PAIRS)
        printf("  -p P           number of sender/receiver pairs: rank i sends to rank i + P for "
               "i < P,\n                 ranks from 2P on stay idle (default: half the "
               "processes)\n");
    printf("  -f             add columns: the minimum and maximum %s,\n"
           "                 and the number of iterations\n",
           p->ranks == OMB_RANKS_AT_LEAST_TWO && !(p->flags & OMB_OPT_PAIRS) ? "over the ranks' average latencies"
                                              : "over single iterations");
    printf("  -h             print this help and exit\n");
    printf("  -v             print the version and exit\n");
    printf("The Java benchmark's -a, -c, -T, -z and -M are not supported.\n");
}

void omb_init(const struct omb_program *p, int *argc, char ***argv, int *rank, int *np,
              struct omb_options *o)
{
    program = p;
    if (p->flags & OMB_OPT_THREADS) {
        int provided = MPI_THREAD_SINGLE;
        MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided);
        MPI_Comm_rank(MPI_COMM_WORLD, rank);
        if (provided < MPI_THREAD_MULTIPLE)
            omb_fail(*rank, "needs MPI_THREAD_MULTIPLE, but the MPI library provides only "
                     "level %d", provided);
    } else {
        MPI_Init(argc, argv);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, np);

    char err[ERR_LEN];
    enum request req;
    if (parse_args(p, *argc, *argv, o, &req, err, sizeof err) != 0)
        omb_fail(*rank, "%s; run with -h for usage", err);
    if (req != RUN) {
        if (*rank == 0) {
            if (req == HELP)
                print_usage(p);
            else
                printf("OSU MPI Micro-Benchmarks v%s (OMB-J %s, C twin)\n", OMB_VERSION,
                       OMB_J_VERSION);
            fflush(stdout);
        }
        MPI_Finalize();
        exit(0);
    }
    switch (p->ranks) {
    case OMB_RANKS_TWO:
        if (*np != 2)
            omb_fail(*rank, "needs exactly 2 processes, got %d", *np);
        break;
    case OMB_RANKS_EVEN:
        if (*np < 2 || *np % 2 != 0)
            omb_fail(*rank, "needs an even number of processes (at least 2), got %d", *np);
        break;
    case OMB_RANKS_AT_LEAST_TWO:
        if (*np < 2)
            omb_fail(*rank, "needs at least 2 processes, got %d", *np);
        break;
    }
    if (o->pairs > *np / 2)
        omb_fail(*rank, "-p %d needs %ld processes, got %d", o->pairs, 2L * o->pairs, *np);
    if (o->root >= *np)
        omb_fail(*rank, "root %d is not a rank of %d processes (-k)", o->root, *np);
}

int omb_size_runs(const struct omb_options *o, long size)
{
    (void)o;
    return size >= program->elem_size || (size == 0 && program->zero_size);
}

long omb_iterations_for(const struct omb_options *o, long size)
{
    if (o->iterations >= 0)
        return o->iterations;
    return size > OMB_LARGE_MESSAGE_SIZE ? program->iters_large : program->iters_small;
}

long omb_warmup_for(const struct omb_options *o, long size)
{
    if (o->warmup >= 0)
        return o->warmup;
    return size > OMB_LARGE_MESSAGE_SIZE ? program->warmup_large : program->warmup_small;
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
    fprintf(stderr, "%s: rank %d: out of memory (lower the maximum message size with -m)\n",
            program->name, rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1); /* MPI_Abort does not return */
}

void *omb_malloc(int rank, size_t len)
{
    void *p = malloc(len ? len : 1);
    if (p == NULL)
        out_of_memory(rank);
    return p;
}

void *omb_alloc_buffer(int rank, const struct omb_options *o, int fill)
{
    size_t len = o->max_size > 0 ? (size_t)o->max_size : 1;
    void *p = NULL;
    if (posix_memalign(&p, OMB_PAGE_ALIGN, len) != 0)
        out_of_memory(rank);
    memset(p, fill, len); /* touch every page before the first timed iteration */
    return p;
}

int64_t *omb_alloc_times(int rank, const struct omb_options *o)
{
    long max_iters = 1;
    for (long size = o->min_size; size <= o->max_size; size = omb_next_size(size)) {
        long it = omb_iterations_for(o, size);
        if (it > max_iters)
            max_iters = it;
    }
    if (program->warm_up_round > max_iters)
        max_iters = program->warm_up_round;
    return omb_malloc(rank, (size_t)max_iters * sizeof(int64_t));
}

struct omb_stats omb_stats_of(const int64_t *times, long n)
{
    int64_t sum = 0, min = INT64_MAX, max = INT64_MIN;
    for (long i = 0; i < n; i++) {
        sum += times[i];
        if (times[i] < min)
            min = times[i];
        if (times[i] > max)
            max = times[i];
    }
    struct omb_stats s = {n, (double)sum, (double)min, (double)max};
    return s;
}

void omb_pingpong(int initiator, int peer, void *sbuf, void *rbuf, int size, long iters,
                  long warmup, int64_t *times)
{
    long total = warmup + iters;
    for (long i = 0; i < total; i++) {
        int64_t t0 = omb_now_ns();
        if (initiator) {
            MPI_Send(sbuf, size, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD);
            MPI_Recv(rbuf, size, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(rbuf, size, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(sbuf, size, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD);
        }
        int64_t dt = omb_now_ns() - t0;
        if (i >= warmup)
            times[i - warmup] = dt;
    }
}

#define WARM_UP_MAX_SIZE 1024L /* BenchmarkHarness.JIT_WARMUP_MAX_SIZE */
#define WARM_UP_SIZE_SWEEP 2L   /* BenchmarkHarness.SIZE_SWEEP_ITERATIONS */
#define WARM_UP_LAST_ROUNDS 3   /* BenchmarkHarness.QUIET_ROUNDS */
#define WARM_UP_NETWORK_DIVISOR 10 /* BenchmarkHarness.NETWORK_ROUND_DIVISOR */
#define WARM_UP_SWEEP_MAX_SIZE (64L << 20) /* BenchmarkHarness.SIZE_SWEEP_MAX_SIZE */
#define WARM_UP_MIN_ROUND_US 10000L /* BenchmarkHarness.MIN_ROUND_MICROS */
#define WARM_UP_MAX_PASSES 100L     /* BenchmarkHarness.MAX_ROUND_PASSES */
#define WARM_UP_MAX_ROUNDS 40       /* BenchmarkHarness.MAX_JIT_ROUNDS */

/* BenchmarkHarness.passesFor: the passes of the next round, so that one lasts 10 ms. */
static long warm_up_passes(long passes, long micros)
{
    if (micros >= WARM_UP_MIN_ROUND_US)
        return passes;
    long needed = (passes * WARM_UP_MIN_ROUND_US + micros - 1) / (micros > 0 ? micros : 1);
    if (needed < passes)
        needed = passes;
    return needed < WARM_UP_MAX_PASSES ? needed : WARM_UP_MAX_PASSES;
}

/* Whether the ranks run on more than one host: their processor names differ (as Hosts.spanned). */
static int spans_hosts(void)
{
    char mine[MPI_MAX_PROCESSOR_NAME] = {0};
    int len = 0, np = 0, rank = 0, spans = 0;
    MPI_Get_processor_name(mine, &len);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *all = omb_malloc(rank, (size_t)np * MPI_MAX_PROCESSOR_NAME);
    MPI_Allgather(mine, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all, MPI_MAX_PROCESSOR_NAME, MPI_CHAR,
                  MPI_COMM_WORLD);
    for (int r = 1; r < np && !spans; r++)
        spans = strncmp(all, all + (size_t)r * MPI_MAX_PROCESSOR_NAME, MPI_MAX_PROCESSOR_NAME) != 0;
    free(all);
    return spans;
}

void omb_warm_up(const struct omb_options *o, omb_measure_fn *measure, void *bench)
{
    long first = -1;
    for (long size = o->min_size; size <= o->max_size && first < 0; size = omb_next_size(size))
        if (omb_size_runs(o, size))
            first = size;
    if (first < 0)
        return;
    long small = first < WARM_UP_MAX_SIZE ? first : WARM_UP_MAX_SIZE;
    long round = program->warm_up_round;
    if (spans_hosts())
        round = round / WARM_UP_NETWORK_DIVISOR > 0 ? round / WARM_UP_NETWORK_DIVISOR : 1;
    measure(bench, small, 0, round);
    for (long size = first; size <= o->max_size; size = omb_next_size(size))
        if (omb_size_runs(o, size) && size <= WARM_UP_SWEEP_MAX_SIZE)
            measure(bench, size, 0, WARM_UP_SIZE_SWEEP);
    /* A round runs every size of the run up to 1 KiB (or the first size), its iterations
       shared among them (BenchmarkHarness.roundSizes). */
    long round_sizes = 0;
    for (long size = first; size <= o->max_size && size <= WARM_UP_MAX_SIZE; size = omb_next_size(size))
        if (omb_size_runs(o, size))
            round_sizes++;
    long per_size = round_sizes > 0 && round / round_sizes > 0 ? round / round_sizes : 1;
    /* Rounds until three in a row lasted 10 ms on the slowest rank, as the harness's rounds
       until the JIT is quiet, with a JIT quiet from the start. */
    long passes = 1;
    int long_rounds = 0;
    for (int round_no = 0; round_no < WARM_UP_MAX_ROUNDS && long_rounds < WARM_UP_LAST_ROUNDS;
         round_no++) {
        int64_t t0 = omb_now_ns();
        for (long pass = 0; pass < passes; pass++) {
            if (round_sizes == 0) {
                measure(bench, small, 0, round);
                continue;
            }
            for (long size = first; size <= o->max_size && size <= WARM_UP_MAX_SIZE;
                 size = omb_next_size(size))
                if (omb_size_runs(o, size))
                    measure(bench, size, 0, per_size);
        }
        long micros = (long)((omb_now_ns() - t0) / 1000), slowest = 0;
        MPI_Allreduce(&micros, &slowest, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
        if (slowest >= WARM_UP_MIN_ROUND_US)
            long_rounds++;
        passes = warm_up_passes(passes, slowest);
    }
}

void omb_reduce_over_ranks(double *avg, double *min, double *max, int np)
{
    double in[3] = {*avg, *min, *max}, sum = 0.0, lo = 0.0, hi = 0.0;
    MPI_Reduce(&in[0], &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&in[1], &lo, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
    MPI_Reduce(&in[2], &hi, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    *avg = sum / np;
    *min = lo;
    *max = hi;
}

void omb_print_header(int rank, const struct omb_options *o)
{
    omb_print_header_with(rank, o, NULL, NULL);
}

void omb_print_header_with(int rank, const struct omb_options *o, const char *context,
                           const char *const *columns)
{
    if (rank != 0)
        return;
    printf("\n# OSU MPI %s v%s\n", program->title, OMB_VERSION);
    printf("# Datatype: %s.\n", program->datatype);
    if (context != NULL)
        fputs(context, stdout);
    printf("%-10s", "# Size");
    if (columns == NULL)
        printf("%18s", program->column);
    for (const char *const *c = columns; c != NULL && *c != NULL; c++)
        printf("%18s", *c);
    if (o->full)
        printf("%18s%18s%12s", program->min_column, program->max_column, "Iterations");
    printf("\n");
    fflush(stdout);
}

void omb_print_one_sided_header(int rank, const struct omb_options *o)
{
    char context[256];
    snprintf(context, sizeof context, "# Window creation: %s\n# Synchronization: %s\n",
             OMB_WIN_CALLS[o->win], OMB_SYNC_CALLS[o->sync]);
    omb_print_header_with(rank, o, context, NULL);
}

void omb_print_stats(int rank, const struct omb_options *o, long size, double avg, double min,
                     double max, long iters)
{
    if (rank != 0)
        return;
    printf("%-10ld%18.2f", size, avg);
    if (o->full)
        printf("%18.2f%18.2f%12ld", min, max, iters);
    printf("\n");
    fflush(stdout);
}

void omb_run_collective(int rank, int np, const struct omb_options *o, omb_measure_fn *measure,
                        void *bench, const int64_t *times)
{
    omb_print_header(rank, o);
    omb_warm_up(o, measure, bench);
    for (long size = o->min_size; size <= o->max_size; size = omb_next_size(size)) {
        if (!omb_size_runs(o, size))
            continue;
        long iters = omb_iterations_for(o, size);
        measure(bench, size, omb_warmup_for(o, size), iters);
        struct omb_stats t = omb_stats_of(times, iters);
        double avg = t.sum / 1e3 / (double)iters, min = avg, max = avg;
        omb_reduce_over_ranks(&avg, &min, &max, np);
        omb_print_stats(rank, o, size, avg, min, max, iters);
    }
}
