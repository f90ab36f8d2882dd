/* Native side of mpi.StagingPool: copy an array into staging memory. */
#include "ombj.h"
#include "mpi_StagingPool.h"

JNIEXPORT void JNICALL Java_mpi_StagingPool_nCopyFromArray(JNIEnv *env, jclass cls,
                                                           jobject array, jobject staging,
                                                           jint bytes)
{
    (void)cls;
    void *copy = ombj_direct_address(env, staging);
    if (copy == NULL) {
        return;
    }
    ombj_copy_from_array(env, array, copy, bytes);
}
