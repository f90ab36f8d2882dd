/*
 * Which of C OMB 7.4's persistent collectives (MPI-4's MPI_<Op>_init) lose data on this MPI:
 * each is made once per size (4 to 256 bytes, doubling, 2 or more ranks), started and waited
 * for 5 times with new data before each start, and every element checked as
 * osu_<op>_persistent -c checks it. Prints, on rank 0, "persistent_collectives ok" or
 * "persistent_collectives defect <ops>". MPICH 4.0.2 loses data in allgather, gather and
 * scatter (MPICH 5.0 does not); MpichIT checks that the runner refuses exactly those there.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX 256
#define STARTS 5

enum { BCAST, ALLGATHER, ALLTOALL, GATHER, SCATTER, ALLREDUCE, REDUCE, ALLGATHERV, ALLTOALLV,
       GATHERV, SCATTERV, REDUCE_SCATTER, BARRIER, ALLTOALLW, OPS };
static const char *NAMES[OPS] = {"bcast", "allgather", "alltoall", "gather", "scatter",
    "allreduce", "reduce", "allgatherv", "alltoallv", "gatherv", "scatterv", "reduce_scatter",
    "barrier", "alltoallw"};

/* The byte rank p sends in start s. */
static char value(int p, int s)
{
    return (char)(p * 16 + s + 1);
}

static void init(int op, int n, char *sb, char *rb, int *counts, int *displs,
                 MPI_Datatype *types, MPI_Request *q)
{
    MPI_Comm w = MPI_COMM_WORLD;
    MPI_Info i = MPI_INFO_NULL;
    switch (op) {
    case BCAST: MPI_Bcast_init(sb, n, MPI_BYTE, 0, w, i, q); break;
    case ALLGATHER: MPI_Allgather_init(sb, n, MPI_BYTE, rb, n, MPI_BYTE, w, i, q); break;
    case ALLTOALL: MPI_Alltoall_init(sb, n, MPI_BYTE, rb, n, MPI_BYTE, w, i, q); break;
    case GATHER: MPI_Gather_init(sb, n, MPI_BYTE, rb, n, MPI_BYTE, 0, w, i, q); break;
    case SCATTER: MPI_Scatter_init(sb, n, MPI_BYTE, rb, n, MPI_BYTE, 0, w, i, q); break;
    case ALLREDUCE: MPI_Allreduce_init(sb, rb, n, MPI_BYTE, MPI_BOR, w, i, q); break;
    case REDUCE: MPI_Reduce_init(sb, rb, n, MPI_BYTE, MPI_BOR, 0, w, i, q); break;
    case ALLGATHERV:
        MPI_Allgatherv_init(sb, n, MPI_BYTE, rb, counts, displs, MPI_BYTE, w, i, q);
        break;
    case ALLTOALLV:
        MPI_Alltoallv_init(sb, counts, displs, MPI_BYTE, rb, counts, displs, MPI_BYTE, w, i, q);
        break;
    case GATHERV:
        MPI_Gatherv_init(sb, n, MPI_BYTE, rb, counts, displs, MPI_BYTE, 0, w, i, q);
        break;
    case SCATTERV:
        MPI_Scatterv_init(sb, counts, displs, MPI_BYTE, rb, n, MPI_BYTE, 0, w, i, q);
        break;
    case REDUCE_SCATTER: MPI_Reduce_scatter_init(sb, rb, counts, MPI_BYTE, MPI_BOR, w, i, q); break;
    case BARRIER: MPI_Barrier_init(w, i, q); break;
    default:
        MPI_Alltoallw_init(sb, counts, displs, types, rb, counts, displs, types, w, i, q);
        break;
    }
}

/* The elements of this rank's result in start s that are wrong. */
static int wrong(int op, int n, int rank, int np, int s, const char *sb, const char *rb)
{
    int bad = 0;
    char or = 0;
    for (int p = 0; p < np; p++)
        or |= value(p, s);
    for (int k = 0; k < n; k++) {
        switch (op) {
        case BCAST: bad += sb[k] != value(0, s); break;
        case SCATTER: case SCATTERV: bad += rb[k] != value(0, s); break;
        case ALLREDUCE: case REDUCE_SCATTER: bad += rb[k] != or; break;
        case REDUCE: bad += rank == 0 && rb[k] != or; break;
        case BARRIER: break;
        case GATHER: case GATHERV:
            if (rank != 0)
                break;
            /* fall through: the root holds every rank's block */
        default:
            for (int p = 0; p < np; p++)
                bad += rb[p * n + k] != value(p, s);
            break;
        }
    }
    return bad;
}

int main(int argc, char **argv)
{
    int rank, np;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    char *sb = malloc((size_t)MAX * np), *rb = malloc((size_t)MAX * np);
    int *counts = malloc(np * sizeof *counts), *displs = malloc(np * sizeof *displs);
    MPI_Datatype *types = malloc(np * sizeof *types);
    if (sb == NULL || rb == NULL || counts == NULL || displs == NULL || types == NULL) {
        fprintf(stderr, "persistent_collectives: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    char defects[256] = "";
    for (int op = 0; op < OPS; op++) {
        int bad = 0;
        for (int n = 4; n <= MAX; n *= 2) {
            for (int p = 0; p < np; p++) {
                counts[p] = n;
                displs[p] = p * n;
                types[p] = MPI_BYTE;
            }
            MPI_Request q;
            init(op, n, sb, rb, counts, displs, types, &q);
            for (int s = 0; s < STARTS; s++) {
                memset(sb, value(rank, s), (size_t)MAX * np);
                memset(rb, 0, (size_t)MAX * np);
                MPI_Start(&q);
                MPI_Wait(&q, MPI_STATUS_IGNORE);
                bad += wrong(op, n, rank, np, s, sb, rb);
            }
            MPI_Request_free(&q);
        }
        int all = 0;
        MPI_Allreduce(&bad, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        if (all > 0) {
            strcat(defects, " ");
            strcat(defects, NAMES[op]);
        }
    }
    if (rank == 0)
        printf("persistent_collectives %s%s\n", defects[0] ? "defect" : "ok", defects);
    free(types);
    free(displs);
    free(counts);
    free(rb);
    free(sb);
    MPI_Finalize();
    return 0;
}
