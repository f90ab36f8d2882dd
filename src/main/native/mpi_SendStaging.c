/* Native side of mpi.SendStaging: compare and copy an array against staging memory. */
#include "ombj.h"
#include "mpi_SendStaging.h"

#include <string.h>

JNIEXPORT jboolean JNICALL Java_mpi_SendStaging_nSameBytes(JNIEnv *env, jclass cls,
                                                           jobject array, jobject staging,
                                                           jint bytes)
{
    (void)cls;
    void *copy = ombj_direct_address(env, staging);
    if (copy == NULL) {
        return JNI_FALSE;
    }
    void *data = (*env)->GetPrimitiveArrayCritical(env, array, NULL);
    if (data == NULL) {
        return JNI_FALSE;
    }
    int same = memcmp(data, copy, (size_t)bytes) == 0;
    (*env)->ReleasePrimitiveArrayCritical(env, array, data, JNI_ABORT);
    return same ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL Java_mpi_SendStaging_nCopyFromArray(JNIEnv *env, jclass cls,
                                                           jobject array, jobject staging,
                                                           jint bytes)
{
    (void)cls;
    void *copy = ombj_direct_address(env, staging);
    if (copy == NULL) {
        return;
    }
    void *data = (*env)->GetPrimitiveArrayCritical(env, array, NULL);
    if (data == NULL) {
        return;
    }
    memcpy(copy, data, (size_t)bytes);
    (*env)->ReleasePrimitiveArrayCritical(env, array, data, JNI_ABORT);
}
