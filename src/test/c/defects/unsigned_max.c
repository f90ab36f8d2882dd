/*
 * Whether the MPI library's MPI_MAX compares MPI_UINT16_T as unsigned (MPI.CHAR of the
 * binding): rank 0 gives 0xFFF0, the others 'a'; prints "unsigned_max ok" or
 * "unsigned_max defect <result>" on rank 0. MPICH 4.0.0-4.0.2 compares unsigned integers as
 * signed in MAX and MIN (pmodels/mpich#6083), so 'a' wins. MpichIT runs it beside the binding's
 * probe: the binding must give what C gives.
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    uint16_t mine = rank == 0 ? 0xFFF0 : 'a', max = 0;
    MPI_Allreduce(&mine, &max, 1, MPI_UINT16_T, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0) {
        if (max == 0xFFF0) {
            printf("unsigned_max ok\n");
        } else {
            printf("unsigned_max defect %u\n", (unsigned)max);
        }
    }
    MPI_Finalize();
    return 0;
}
