/*
 * The message sizes (1 to 256 bytes, doubling) at which an MPI_Accumulate (MPI_SUM of
 * MPI_INT8_T) into a window of MPI_Win_allocate of exactly that size does not reach the
 * target, as osu_acc_latency -c checks it: each rank fills its window and origin with
 * 10 * (rank + 1), rank 0 accumulates into rank 1 under a shared lock and a flush, rank 1 expects
 * 30. Prints "accumulate_sizes ok" or "accumulate_sizes defect <sizes>" on rank 1. MPICH 4.0.2
 * over shared memory loses the data where the size is no multiple of 16 bytes; MpichIT
 * compares OSUAccLatency's validation column with it.
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank;
    char bad[256] = "";
    int8_t origin[256];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int size = 1; size <= 256; size *= 2) {
        int8_t *base;
        MPI_Win win;
        MPI_Win_allocate(size, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
        memset(origin, 10 * (rank + 1), size);
        memset(base, 10 * (rank + 1), size);
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) {
            MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
            MPI_Accumulate(origin, size, MPI_INT8_T, 1, 0, size, MPI_INT8_T, MPI_SUM, win);
            MPI_Win_flush(1, win);
            MPI_Win_unlock(1, win);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        int ok = 1;
        for (int i = 0; rank == 1 && i < size; i++) {
            ok &= base[i] == 30;
        }
        if (!ok) {
            snprintf(bad + strlen(bad), sizeof bad - strlen(bad), " %d", size);
        }
        MPI_Win_free(&win);
    }
    if (rank == 1) {
        printf("accumulate_sizes %s%s\n", bad[0] ? "defect" : "ok", bad);
    }
    MPI_Finalize();
    return 0;
}
