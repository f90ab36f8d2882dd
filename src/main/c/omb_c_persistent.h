/*
 * omb_c_persistent.h - the persistent collectives of the C twins (osu_bcast_persistent.c,
 * osu_allreduce_persistent.c): MPI-4's MPI_<Op>_init (MPICH 4 and 5, Intel MPI 2021, and
 * Open MPI 5, whose mpi.h still says MPI 3.1), or Open MPI 4's MPIX_<Op>_init from its
 * pcollreq extension, as the JNI library finds them (mpi_Comm.c). OMB_PERSISTENT is 0 where
 * the MPI has neither: the programs then say so in one line and exit 1.
 */
#ifndef OMB_C_PERSISTENT_H
#define OMB_C_PERSISTENT_H

#include <mpi.h>

#if MPI_VERSION >= 4 || (defined(OMPI_MAJOR_VERSION) && OMPI_MAJOR_VERSION >= 5)
#define OMB_PERSISTENT 1
#define OMB_INIT(name) MPI_##name##_init
#elif defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#if defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
#define OMB_PERSISTENT 1
#define OMB_INIT(name) MPIX_##name##_init
#endif
#endif
#ifndef OMB_PERSISTENT
#define OMB_PERSISTENT 0
#endif

#endif /* OMB_C_PERSISTENT_H */
