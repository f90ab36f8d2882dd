/*
 * What the MPI library does with MPI_Igatherv and MPI_Gatherv at the root when recvcounts
 * and displs are NULL (an in-place gatherv's non-root form, called at the root by mistake),
 * on MPI_COMM_SELF with MPI_ERRORS_RETURN: the standard makes the call erroneous, and a
 * library may return an error class. Prints "root_counts_null returned <class> from <call>"
 * for each call that returns. Open MPI 4.1 returns MPI_ERR_ARG (13) for both; MPICH 5.0.2
 * (its MPI-5 standard ABI, mpicc_abi) reads the NULL array and dies of SIGSEGV in
 * MPI_Igatherv (with MPI_DATATYPE_NULL as recvtype it returns MPI_ERR_TYPE first). The
 * binding refuses the non-root forms at the root before MPI sees them
 * (docs/notes/2026-11-27-ffm-mpich5.md).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    double send[1] = {0};
    int rc, cls;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    rc = MPI_Igatherv(send, 1, MPI_DOUBLE, NULL, NULL, NULL, MPI_DOUBLE, 0, MPI_COMM_SELF,
                      &req);
    if (rc == MPI_SUCCESS) {
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Error_class(rc, &cls);
    printf("root_counts_null returned %d from MPI_Igatherv\n", cls);
    fflush(stdout);
    rc = MPI_Gatherv(send, 1, MPI_DOUBLE, NULL, NULL, NULL, MPI_DOUBLE, 0, MPI_COMM_SELF);
    MPI_Error_class(rc, &cls);
    printf("root_counts_null returned %d from MPI_Gatherv\n", cls);
    MPI_Finalize();
    return 0;
}
