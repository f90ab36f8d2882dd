/**
 * The MPI installations the project runs on, and how each is launched: Debian's on PATH and
 * those of {@code scripts/install-mpi.sh} (Open MPI 5, MPICH 5 in its own and the MPI-5
 * standard ABI, Intel MPI), with the layout of the builds made for them. Shared by the
 * integration tests and the compare tool; it loads no MPI and needs no class of package
 * {@code mpi}.
 */
package mpi.installation;
