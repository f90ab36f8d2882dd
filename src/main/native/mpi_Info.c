/* Native side of mpi.Info. */
#include "ombj.h"

#include <stdlib.h>

JNIEXPORT jlong JNICALL Java_mpi_JniTypes_infoCreate(JNIEnv *env, jobject backend)
{
    (void)backend;
    MPI_Info info = MPI_INFO_NULL;
    int rc = MPI_Info_create(&info);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(info);
}

JNIEXPORT void JNICALL Java_mpi_JniTypes_infoSet(JNIEnv *env, jobject backend, jlong info, jstring key,
                                         jstring value)
{
    (void)backend;
    if (key == NULL || value == NULL) {
        ombj_throw(env, ombj.illegal_argument, "an Info key and value may not be null");
        return;
    }
    const char *k = (*env)->GetStringUTFChars(env, key, NULL);
    if (k == NULL) {
        return; /* OutOfMemoryError pending */
    }
    const char *v = (*env)->GetStringUTFChars(env, value, NULL);
    if (v == NULL) {
        (*env)->ReleaseStringUTFChars(env, key, k);
        return;
    }
    int rc = MPI_Info_set(OMBJ_INFO(info), k, v);
    (*env)->ReleaseStringUTFChars(env, value, v);
    (*env)->ReleaseStringUTFChars(env, key, k);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jstring JNICALL Java_mpi_JniTypes_infoGet(JNIEnv *env, jobject backend, jlong info, jstring key)
{
    (void)backend;
    if (key == NULL) {
        ombj_throw(env, ombj.illegal_argument, "an Info key may not be null");
        return NULL;
    }
    const char *k = (*env)->GetStringUTFChars(env, key, NULL);
    if (k == NULL) {
        return NULL;
    }
    int len = 0, flag = 0;
    int rc = MPI_Info_get_valuelen(OMBJ_INFO(info), k, &len, &flag);
    char *v = NULL;
    if (rc == MPI_SUCCESS && flag) {
        v = malloc((size_t)len + 1);
        if (v == NULL) {
            (*env)->ReleaseStringUTFChars(env, key, k);
            ombj_throw(env, ombj.out_of_memory, "no memory for an Info value");
            return NULL;
        }
        rc = MPI_Info_get(OMBJ_INFO(info), k, len, v, &flag);
        v[len] = '\0';
    }
    (*env)->ReleaseStringUTFChars(env, key, k);
    jstring result = NULL;
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    } else if (flag) {
        result = (*env)->NewStringUTF(env, v);
    }
    free(v);
    return result;
}

JNIEXPORT void JNICALL Java_mpi_JniTypes_infoFree(JNIEnv *env, jobject backend, jlong info)
{
    (void)backend;
    MPI_Info i = OMBJ_INFO(info);
    int rc = MPI_Info_free(&i);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jint JNICALL Java_mpi_JniTypes_infoSize(JNIEnv *env, jobject backend, jlong info)
{
    (void)backend;
    int n = 0;
    int rc = MPI_Info_get_nkeys(OMBJ_INFO(info), &n);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return n;
}

/* Java has checked n against the number of keys. */
JNIEXPORT jstring JNICALL Java_mpi_JniTypes_infoKey(JNIEnv *env, jobject backend, jlong info,
    jint n)
{
    (void)backend;
    char key[MPI_MAX_INFO_KEY + 1];
    int rc = MPI_Info_get_nthkey(OMBJ_INFO(info), n, key);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    key[MPI_MAX_INFO_KEY] = '\0';
    return (*env)->NewStringUTF(env, key);
}

JNIEXPORT void JNICALL Java_mpi_JniTypes_infoDelete(JNIEnv *env, jobject backend, jlong info,
    jstring key)
{
    (void)backend;
    const char *k = (*env)->GetStringUTFChars(env, key, NULL);
    if (k == NULL) {
        return; /* OutOfMemoryError pending */
    }
    int rc = MPI_Info_delete(OMBJ_INFO(info), k);
    (*env)->ReleaseStringUTFChars(env, key, k);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniTypes_infoDup(JNIEnv *env, jobject backend, jlong info)
{
    (void)backend;
    MPI_Info copy = MPI_INFO_NULL;
    int rc = MPI_Info_dup(OMBJ_INFO(info), &copy);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(copy);
}
