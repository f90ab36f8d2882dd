/*
 * What the MPI library does when a receive of MPI_FLOAT gets a message of 7 MPI_BYTE (not a
 * whole number of floats) on MPI_COMM_SELF with MPI_ERRORS_RETURN: the standard makes a send
 * and receive of unmatched types erroneous, and a library need not detect it. Prints
 * "partial_element returned <class> count <bytes>" if the receive returns. Open MPI 4.1
 * returns MPI_SUCCESS with 7 bytes; MPICH 5.0.2 (mpicc_abi) aborts the process in an assertion
 * (typerep_yaksa_pack.c: "*actual_unpack_bytes % element_size == 0"). The binding cannot know
 * a message's size before its receive: MisuseProbe sends every message in its receive's type
 * (docs/notes/2026-11-27-ffm-mpich5.md).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    char send[7] = {1, 2, 3, 4, 5, 6, 7};
    float recv[4];
    int rc, cls, bytes = -1;
    MPI_Request req;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Isend(send, 7, MPI_BYTE, 0, 0, MPI_COMM_SELF, &req);
    rc = MPI_Recv(recv, 4, MPI_FLOAT, 0, 0, MPI_COMM_SELF, &status);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Error_class(rc, &cls);
    MPI_Get_count(&status, MPI_BYTE, &bytes);
    printf("partial_element returned %d count %d\n", cls, bytes);
    MPI_Finalize();
    return 0;
}
