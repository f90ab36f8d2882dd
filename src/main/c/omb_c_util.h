/*
 * omb_c_util.h - code shared by the native C twins of the OMB-J benchmarks
 * (osu_latency.c, osu_bw.c, ...), in the manner of C OMB's osu_util: the
 * clock, the command line, the per-size iteration counts, error exits,
 * allocation, the timed ping-pong, statistics, and the header and result
 * rows. Each benchmark file holds its description, its timed loop and main.
 *
 * A twin measures exactly as its Java benchmark (mpi.pt2pt.*,
 * mpi.collective.*) does and prints the same table, so that C and Java
 * figures compare like for like. Only the title differs: C OMB's
 * "# OSU MPI Latency Test v7.4" for Java's
 * "# OSU MPI-Java Latency Test v7.4 (buffer API)"; the datatype line names
 * the same MPI datatype, in C spelling (MPI_BYTE for MPI.BYTE).
 *
 * Every file that includes this one defines _POSIX_C_SOURCE 200809L first.
 */
#ifndef OMB_C_UTIL_H
#define OMB_C_UTIL_H

#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200809L
#error "define _POSIX_C_SOURCE 200809L before including any header"
#endif

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#if defined(__GNUC__)
#define OMB_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define OMB_PRINTF(f, a)
#endif

#define OMB_VERSION "7.4"      /* the C OMB release followed (mpi.common.output.Version.OMB) */
#define OMB_J_VERSION "0.2.0"  /* this project's release (mpi.common.output.Version.OMB_J) */

#define OMB_LARGE_MESSAGE_SIZE 8192L /* "large" means size > this */
#define OMB_MAX_ITERATIONS 2147483647L
#define OMB_DEFAULT_WINDOW 64
#define OMB_PAGE_ALIGN 4096
#define OMB_ROOT_ROTATE (-1) /* -k rotate: the root of call c is c % np */

/* Optional command-line options of a program (struct omb_program.flags). */
#define OMB_OPT_WINDOW 1u   /* -W N: window size */
#define OMB_OPT_ROOT 2u     /* -k ROOT|rotate: root of a rooted collective */
#define OMB_OPT_IN_PLACE 4u /* -l: in-place form of the call */
#define OMB_OPT_ONE_SIDED 8u /* -w create|allocate|dynamic, -s SYNC: one-sided (omb_c_onesided.h) */
#define OMB_OPT_PAIRS 16u    /* -p P: sender/receiver pairs (osu_mbw_mr) */
#define OMB_OPT_THREADS 32u /* -t R|S:R: sender and receiver threads; MPI_THREAD_MULTIPLE */

/* One-sided window creation (-w) and synchronization (-s), in the order of their names below. */
enum omb_win { OMB_WIN_CREATE, OMB_WIN_ALLOCATE, OMB_WIN_DYNAMIC };
enum omb_sync {
    OMB_SYNC_LOCK, OMB_SYNC_FLUSH, OMB_SYNC_FLUSH_LOCAL, OMB_SYNC_LOCK_ALL, OMB_SYNC_PSCW,
    OMB_SYNC_FENCE
};
extern const char *const OMB_WIN_LABELS[3], *const OMB_WIN_CALLS[3];
extern const char *const OMB_SYNC_LABELS[6], *const OMB_SYNC_CALLS[6];

/* Which processes a program runs on (struct omb_program.ranks). */
enum omb_ranks { OMB_RANKS_TWO, OMB_RANKS_EVEN, OMB_RANKS_AT_LEAST_TWO };

/* A benchmark program: its output and what its command line accepts. */
struct omb_program {
    const char *name;        /* e.g. "osu_latency": messages, usage */
    const char *title;       /* e.g. "Latency Test": "# OSU MPI <title> v7.4" */
    const char *description; /* one line for -h */
    const char *datatype;    /* e.g. "MPI_BYTE": "# Datatype: MPI_BYTE." */
    int elem_size;           /* bytes per element of datatype; smaller sizes are skipped */
    int zero_size;           /* whether size 0 runs (point-to-point) or is skipped */
    const char *column;      /* heading of the result column */
    const char *min_column;  /* with -f */
    const char *max_column;  /* with -f */
    long default_min_size, default_max_size;
    long iters_small, warmup_small, iters_large, warmup_large;
    long warm_up_round; /* iterations of a round of omb_warm_up: the Java benchmark's */
    unsigned flags;     /* OMB_OPT_* */
    enum omb_ranks ranks;
};

struct omb_options {
    long min_size;
    long max_size;
    long iterations; /* -1: per-size default */
    long warmup;     /* -1: per-size default */
    int window;      /* -W */
    int full;        /* -f */
    int root;        /* -k: a rank or OMB_ROOT_ROTATE */
    int in_place;    /* -l */
    enum omb_win win;   /* -w, one-sided only (default allocate) */
    enum omb_sync sync; /* -s, one-sided only (default flush) */
    int pairs;          /* -p, 0 when not given: half the processes; omb_init checks 2P <= np */
    int senders;        /* -t S:R, OMB_OPT_THREADS only (default 1) */
    int receivers;      /* -t R or S:R (default 2) */
};

/* Sum, minimum and maximum of the timed iterations' durations in ns. */
struct omb_stats {
    long count;
    double sum, min, max;
};

/* The clock behind Java's System.nanoTime(). Inline: it sits in the timed loops. */
static inline int64_t omb_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + (int64_t)ts.tv_nsec;
}

/* The size after size in the loop over message sizes: 0, 1, 2, 4, ... */
static inline long omb_next_size(long size)
{
    return size ? size * 2 : 1;
}

/*
 * Calls MPI_Init, reads the command line into *o and checks the number of
 * processes. With -h or -v, rank 0 prints the usage or the version and every
 * rank exits with 0; on a bad command line, omb_fail. Sets *rank and *np.
 */
void omb_init(const struct omb_program *p, int *argc, char ***argv, int *rank, int *np,
              struct omb_options *o);

/* Whether a message of size bytes is run: at least one element, or 0 if zero_size. */
int omb_size_runs(const struct omb_options *o, long size);

/* Iterations and warmup iterations for one message size (-i, -x or the defaults). */
long omb_iterations_for(const struct omb_options *o, long size);
long omb_warmup_for(const struct omb_options *o, long size);

/*
 * Rank 0 prints "<program>: <message>" as one line on stderr; then every rank
 * finalizes MPI and exits with status 1. The message is cut at 255 bytes.
 * Call it on every rank, after omb_init.
 */
_Noreturn void omb_fail(int rank, const char *fmt, ...) OMB_PRINTF(2, 3);

/* malloc, or "<program>: rank R: out of memory" and MPI_Abort. */
void *omb_malloc(int rank, size_t len);

/* A page-aligned buffer of MAX bytes (at least 1), every byte set to fill. */
void *omb_alloc_buffer(int rank, const struct omb_options *o, int fill);

/* An array for the durations of the largest iteration count over all sizes (and warm-up rounds). */
int64_t *omb_alloc_times(int rank, const struct omb_options *o);

/* Sum, min and max of times[0 .. n-1]. */
struct omb_stats omb_stats_of(const int64_t *times, long n);

/*
 * Ping-pong between this rank and peer, warmup untimed iterations then iters
 * timed ones into times; the initiator sends first. Messages are MPI_BYTE.
 */
void omb_pingpong(int initiator, int peer, void *sbuf, void *rbuf, int size, long iters,
                  long warmup, int64_t *times);

/*
 * What a program measures at one size: an MPI_Barrier, warmup untimed iterations, then iters
 * timed ones into its times array.
 */
typedef void omb_measure_fn(void *bench, long size, long warmup, long iters);

/*
 * The untimed warm-up before the first size, the same work as the Java harness's JIT warm-up
 * (mpi.common.BenchmarkHarness) when the JIT is quiet from the start: a round of
 * warm_up_round iterations at a small size (the first size, at most 1 KiB), every size of
 * the run twice, then rounds over the run's sizes up to 1 KiB, repeated within a round until
 * it lasts 10 ms, until three rounds in a row did. Both then start measuring with the peer, the caches
 * and this machine's processors in the same state. When the ranks run on more than one host
 * (their processor names differ), a round is a tenth of warm_up_round, as in the harness.
 */
void omb_warm_up(const struct omb_options *o, omb_measure_fn *measure, void *bench);

/*
 * A collective latency program's run (mpi.common.collective.TimedCallBenchmark): the header,
 * the warm-up, then at every size of the run measure's timed calls into times, each rank's
 * average, and rank 0's row of the mean over ranks (with -f the least and largest rank
 * average).
 */
void omb_run_collective(int rank, int np, const struct omb_options *o, omb_measure_fn *measure,
                        void *bench, const int64_t *times);

/* avg, min and max reduced to rank 0 over all ranks: SUM / np, MIN, MAX. */
void omb_reduce_over_ranks(double *avg, double *min, double *max, int np);

/* On rank 0: the blank line, title, datatype and column headings (more with -f). */
void omb_print_header(int rank, const struct omb_options *o);

/*
 * omb_print_header with the lines a program adds after the datatype (context: whole lines,
 * each ending in a newline; NULL for none) and its value columns (a NULL-terminated list;
 * NULL for the program's one column), before the -f columns.
 */
void omb_print_header_with(int rank, const struct omb_options *o, const char *context,
                           const char *const *columns);

/*
 * On rank 0, for a one-sided program: the blank line, title, datatype, "# Window creation:",
 * "# Synchronization:" and the column headings (more with -f), as mpi.common.onesided prints.
 */
void omb_print_one_sided_header(int rank, const struct omb_options *o);

/* On rank 0: the row of one size; min, max and iters are printed only with -f. */
void omb_print_stats(int rank, const struct omb_options *o, long size, double avg, double min,
                     double max, long iters);

#endif
