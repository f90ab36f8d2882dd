/**
 * {@code --algorithm}: the collective algorithms the running MPI offers, read from its own
 * control variables (MPI_T), and the switch between them inside one launch. Open MPI's
 * {@code coll_tuned_<op>_algorithm} (blocking, with its enumeration) and
 * {@code coll_libnbc_i<op>_algorithm} (non-blocking); MPICH's
 * {@code MPIR_CVAR_<OP>_INTRA_ALGORITHM}, whose names are the lines of its description. An MPI
 * with neither (Intel MPI: {@code I_MPI_ADJUST_<OP>} at launch) is refused in one line.
 */
package mpi.common.collective.algorithms;
