/*
 * omb_c_onesided.h - the one-sided part of the C twins (osu_put_latency.c, osu_get_latency.c,
 * osu_put_bw.c), measured exactly as OMB-J's mpi.common.onesided.OneSidedBenchmark does:
 *
 *   - a new window for every size: MPI_Win_create over the rank's page-aligned buffer,
 *     MPI_Win_allocate, or MPI_Win_create_dynamic with the buffer attached and the ranks'
 *     MPI_Get_address swapped (rank 0 first, tag 1), displacement unit 1; an MPI_Barrier;
 *   - the synchronization recipe of -s around the program's operations (mpi.common.onesided.Epoch):
 *     lock: lock; OPS; unlock.  flush(_local): lock once; OPS; flush(_local) each; unlock after.
 *     lock_all: lock_all; OPS; unlock_all.  Latency programs: fence: fence; OPS; fence; fence
 *     against fence; fence; OPS; fence, and pscw: start; OPS; complete; post; wait against
 *     post; wait; start; OPS; complete.  Bandwidth: fence; OPS; fence against fence; fence,
 *     and start; OPS; complete against post; wait.  Rank 1 takes no part in the passive modes;
 *   - rank 0 times the timed epochs as one interval (clock_gettime(CLOCK_MONOTONIC), as
 *     System.nanoTime()); with -f it also reads the clock after every epoch;
 *   - an MPI_Barrier, and the window is freed.
 *
 * Header-only (static inline), so that each program's operation function is inlined into
 * the timed loop.
 */
#ifndef OMB_C_ONESIDED_H
#define OMB_C_ONESIDED_H

#include "omb_c_util.h"

#include <mpi.h>

#define OMB_ADDRESS_TAG 1

/* How the ranks take part in an epoch (mpi.common.onesided.OneSidedKind.Pattern). */
enum omb_os_pattern { OMB_PING_PONG, OMB_ONE_WAY };

/* The window of one size and what the operations need. */
struct omb_os {
    MPI_Win win;
    MPI_Group peer_group;    /* pscw only */
    MPI_Aint base;           /* the peer window's first byte: 0, or its address (dynamic) */
    int rank, peer;
    enum omb_sync sync;
    enum omb_win kind;
    enum omb_os_pattern pattern;
    char *memory;            /* create, dynamic: the rank's window memory */
};

/* The program's operations of one epoch, aimed at s->peer. */
typedef void omb_os_ops_fn(const struct omb_os *s, void *bench, int count);

static inline void omb_os_open(struct omb_os *s, int bytes)
{
    void *base = NULL;
    switch (s->kind) {
    case OMB_WIN_CREATE:
        MPI_Win_create(s->memory, bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &s->win);
        s->base = 0;
        break;
    case OMB_WIN_ALLOCATE:
        MPI_Win_allocate(bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &s->win);
        s->base = 0;
        break;
    case OMB_WIN_DYNAMIC: {
        MPI_Aint mine, theirs;
        MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &s->win);
        MPI_Win_attach(s->win, s->memory, bytes);
        MPI_Get_address(s->memory, &mine);
        if (s->rank == 0) {
            MPI_Send(&mine, 1, MPI_AINT, s->peer, OMB_ADDRESS_TAG, MPI_COMM_WORLD);
            MPI_Recv(&theirs, 1, MPI_AINT, s->peer, OMB_ADDRESS_TAG, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&theirs, 1, MPI_AINT, s->peer, OMB_ADDRESS_TAG, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            MPI_Send(&mine, 1, MPI_AINT, s->peer, OMB_ADDRESS_TAG, MPI_COMM_WORLD);
        }
        s->base = theirs;
        break;
    }
    }
    if (s->sync == OMB_SYNC_PSCW) {
        MPI_Group world;
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        MPI_Group_incl(world, 1, &s->peer, &s->peer_group);
        MPI_Group_free(&world);
    }
}

static inline void omb_os_close(struct omb_os *s)
{
    if (s->sync == OMB_SYNC_PSCW)
        MPI_Group_free(&s->peer_group);
    if (s->kind == OMB_WIN_DYNAMIC)
        MPI_Win_detach(s->win, s->memory);
    MPI_Win_free(&s->win);
}

/* Whether this rank makes calls in the loop. */
static inline int omb_os_takes_part(const struct omb_os *s)
{
    return s->rank == 0 || s->sync == OMB_SYNC_PSCW || s->sync == OMB_SYNC_FENCE;
}

static inline void omb_os_begin(const struct omb_os *s)
{
    if (s->sync == OMB_SYNC_FLUSH || s->sync == OMB_SYNC_FLUSH_LOCAL)
        MPI_Win_lock(MPI_LOCK_SHARED, s->peer, 0, s->win);
}

static inline void omb_os_end(const struct omb_os *s)
{
    if (s->sync == OMB_SYNC_FLUSH || s->sync == OMB_SYNC_FLUSH_LOCAL)
        MPI_Win_unlock(s->peer, s->win);
}

/* One epoch of this rank (see the file comment). */
static inline void omb_os_epoch(const struct omb_os *s, omb_os_ops_fn *ops, void *bench,
                                int count)
{
    int origin = s->rank == 0;
    switch (s->sync) {
    case OMB_SYNC_LOCK:
        MPI_Win_lock(MPI_LOCK_SHARED, s->peer, 0, s->win);
        ops(s, bench, count);
        MPI_Win_unlock(s->peer, s->win);
        break;
    case OMB_SYNC_FLUSH:
        ops(s, bench, count);
        MPI_Win_flush(s->peer, s->win);
        break;
    case OMB_SYNC_FLUSH_LOCAL:
        ops(s, bench, count);
        MPI_Win_flush_local(s->peer, s->win);
        break;
    case OMB_SYNC_LOCK_ALL:
        MPI_Win_lock_all(0, s->win);
        ops(s, bench, count);
        MPI_Win_unlock_all(s->win);
        break;
    case OMB_SYNC_FENCE:
        MPI_Win_fence(0, s->win);
        if (origin)
            ops(s, bench, count);
        MPI_Win_fence(0, s->win);
        if (s->pattern == OMB_PING_PONG) {
            if (!origin)
                ops(s, bench, count);
            MPI_Win_fence(0, s->win);
        }
        break;
    case OMB_SYNC_PSCW:
        if (origin) {
            MPI_Win_start(s->peer_group, 0, s->win);
            ops(s, bench, count);
            MPI_Win_complete(s->win);
        }
        if (origin ? s->pattern == OMB_PING_PONG : 1) {
            MPI_Win_post(s->peer_group, 0, s->win);
            MPI_Win_wait(s->win);
        }
        if (!origin && s->pattern == OMB_PING_PONG) {
            MPI_Win_start(s->peer_group, 0, s->win);
            ops(s, bench, count);
            MPI_Win_complete(s->win);
        }
        break;
    }
}

/*
 * A size: open the window of bytes, barrier, the warm-up and timed epochs, barrier, close.
 * Returns rank 0's time of the timed epochs in ns; with times (-f) each epoch's time too.
 */
static inline int64_t omb_os_measure(struct omb_os *s, int bytes, omb_os_ops_fn *ops,
                                     void *bench, int count, long warmup, long iters,
                                     int64_t *times)
{
    int64_t nanos = 0;
    omb_os_open(s, bytes);
    MPI_Barrier(MPI_COMM_WORLD);
    if (omb_os_takes_part(s)) {
        omb_os_begin(s);
        for (long i = 0; i < warmup; i++)
            omb_os_epoch(s, ops, bench, count);
        int64_t t0 = omb_now_ns();
        if (times == NULL) {
            for (long i = 0; i < iters; i++)
                omb_os_epoch(s, ops, bench, count);
            nanos = omb_now_ns() - t0;
        } else {
            int64_t last = t0;
            for (long i = 0; i < iters; i++) {
                omb_os_epoch(s, ops, bench, count);
                int64_t now = omb_now_ns();
                times[i] = now - last;
                last = now;
            }
            nanos = last - t0;
        }
        omb_os_end(s);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    omb_os_close(s);
    return nanos;
}

#endif
