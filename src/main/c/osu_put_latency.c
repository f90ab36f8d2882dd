/*
 * osu_put_latency - C twin of OMB-J's mpi.onesided.OSUPutLatency: the latency of MPI_Put
 * with its synchronization, measured exactly as the Java benchmark does (omb_c_rma_latency.h):
 * one MPI_Put of MPI_BYTE per epoch.
 *
 * Usage: osu_put_latency [-m [MIN:]MAX] [-i N] [-x N] [-w create|allocate|dynamic]
 *        [-s lock|flush|flush_local|lock_all|pscw|fence] [-f] [-h] [-v]
 */
#define _POSIX_C_SOURCE 200809L

#include "omb_c_rma_latency.h"

#include <mpi.h>

static const struct omb_program PROGRAM = {
    .name = "osu_put_latency",
    .title = "MPI_Put Latency Test",
    .description = "the latency of MPI_Put with its synchronization, 2 processes",
    OMB_RMA_LATENCY_FIELDS,
};

static void ops(const struct omb_os *s, void *ctx, int count)
{
    struct omb_rma_latency *b = ctx;
    MPI_Put(b->origin, count, MPI_BYTE, s->peer, s->base, count, MPI_BYTE, s->win);
}

static void measure(void *ctx, long size, long warmup, long iters)
{
    struct omb_rma_latency *b = ctx;
    b->nanos = omb_os_measure(&b->os, (int)size, ops, b, (int)size, warmup, iters, b->times);
}

int main(int argc, char **argv)
{
    return omb_rma_latency_main(&PROGRAM, measure, argc, argv);
}
