/* Native side of mpi.Intracomm. */
#include "ombj.h"
#include "mpi_Intracomm.h"

JNIEXPORT jlong JNICALL Java_mpi_Intracomm_nSplit(JNIEnv *env, jclass cls, jlong comm,
                                                  jint colour, jint key)
{
    (void)cls;
    MPI_Comm part = MPI_COMM_NULL;
    int rc = MPI_Comm_split(OMBJ_COMM(comm), colour, key, &part);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(part);
}
