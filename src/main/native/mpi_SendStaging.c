/* Native side of mpi.SendStaging: copy an array into staging memory. */
#include "ombj.h"
#include "mpi_SendStaging.h"


JNIEXPORT void JNICALL Java_mpi_SendStaging_nCopyFromArray(JNIEnv *env, jclass cls,
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
