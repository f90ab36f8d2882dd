/*
 * omb_c_util.h - code shared by the C references of the OMB-J benchmarks
 * (omb_c_pt2pt.c, omb_c_coll.c), in the manner of C OMB's osu_util: the
 * clock, the command line, the per-size iteration counts, error exits,
 * allocation and the header and result rows. The benchmark files keep their
 * bench table, their timed loops and their main.
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

#define OMB_LARGE_MESSAGE_SIZE 8192L /* "large" means size > this */
#define OMB_MAX_ITERATIONS 1000000000L
#define OMB_DEFAULT_WINDOW 64
#define OMB_MAX_WINDOW (1 << 20)
#define OMB_PAGE_ALIGN 4096

/* One benchmark of a program: an entry of its bench table. */
struct omb_bench {
    const char *name;     /* on the command line, e.g. "latency" */
    const char *title;    /* first header line */
    const char *datatype; /* for "# Datatype: ...", e.g. "MPI_CHAR" */
    int elem_size;        /* bytes per element of datatype */
    const char *column;   /* heading of the result column */
    long default_min_size;
    long iters_small, warmup_small, iters_large, warmup_large;
};

/* Optional command-line options of a program (struct omb_program.flags). */
#define OMB_OPT_WINDOW 1u /* -W N: window size */
#define OMB_OPT_FULL 2u   /* -f: min, max and iteration columns */

/* A benchmark program: what its command line accepts. */
struct omb_program {
    const char *name; /* prefix of its messages, e.g. "omb_c_pt2pt" */
    const struct omb_bench *benches;
    size_t nbenches;
    long default_max_size;
    unsigned flags; /* OMB_OPT_* */
};

struct omb_options {
    int bench; /* index into the program's benches */
    long min_size;
    long max_size;
    long iterations; /* -1: per-size default */
    long warmup;     /* -1: per-size default */
    int window;      /* -W */
    int full;        /* -f */
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
 * Reads the command line into *o for program p, which the other functions
 * then use (for their messages and bench table). On a bad command line it
 * calls omb_fail. Call it after MPI_Init.
 */
void omb_process_options(const struct omb_program *p, int argc, char **argv, int rank,
                         struct omb_options *o);

/* The selected bench's entry of the bench table. */
const struct omb_bench *omb_bench_info(const struct omb_options *o);

/* Iterations and warmup iterations for one message size (-i, -x or the bench's defaults). */
long omb_iterations_for(const struct omb_options *o, long size);
long omb_warmup_for(const struct omb_options *o, long size);

/*
 * Rank 0 prints "<program>: <message>" as one line on stderr; then every rank
 * finalizes MPI and exits with status 1. The message is cut at 255 bytes.
 */
_Noreturn void omb_fail(int rank, const char *fmt, ...) OMB_PRINTF(2, 3);

/* malloc, or "<program>: rank R: out of memory" and MPI_Abort. */
void *omb_malloc(int rank, size_t len);

/* Length of the message buffers: MAX bytes, at least 1. */
size_t omb_buffer_len(const struct omb_options *o);

/* A page-aligned buffer of omb_buffer_len bytes, or out of memory as above. */
void *omb_alloc_buffer(int rank, const struct omb_options *o);

/* An array for the durations of the largest iteration count over all sizes. */
int64_t *omb_alloc_times(int rank, const struct omb_options *o);

/* On rank 0: the title, datatype and column headings (more with -f). */
void omb_print_header(int rank, const struct omb_options *o);

/* On rank 0: the row of one size; min, max and iters are printed only with -f. */
void omb_print_stats(int rank, const struct omb_options *o, long size, double avg, double min,
                     double max, long iters);

#endif
