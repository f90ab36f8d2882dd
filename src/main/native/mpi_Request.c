/* Native side of mpi.Request: completion, and the copy of staged receives into arrays. */
#include "ombj.h"
#include "mpi_Request.h"

#include <stdlib.h>
#include <string.h>

/* Up to this many requests, MPI_Waitall's arrays live on the stack (no malloc per call). */
#define STACK_REQUESTS 256

static MPI_Request get_handle(JNIEnv *env, jobject request)
{
    return OMBJ_REQUEST((*env)->GetLongField(env, request, ombj.request_handle));
}

static void set_handle(JNIEnv *env, jobject request, MPI_Request handle)
{
    (*env)->SetLongField(env, request, ombj.request_handle, OMBJ_J(handle));
}

JNIEXPORT void JNICALL Java_mpi_Request_nWait(JNIEnv *env, jclass cls, jobject request,
                                              jobject status)
{
    (void)cls;
    MPI_Request r = get_handle(env, request);
    MPI_Status s;
    int rc = MPI_Wait(&r, status != NULL ? &s : MPI_STATUS_IGNORE);
    set_handle(env, request, r);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    } else if (status != NULL) {
        ombj_set_status(env, status, &s);
    }
}

JNIEXPORT jboolean JNICALL Java_mpi_Request_nTest(JNIEnv *env, jclass cls, jobject request)
{
    (void)cls;
    MPI_Request r = get_handle(env, request);
    int flag = 0;
    int rc = MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    set_handle(env, request, r);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return JNI_FALSE;
    }
    return flag ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL Java_mpi_Request_nFree(JNIEnv *env, jclass cls, jobject request)
{
    (void)cls;
    MPI_Request r = get_handle(env, request);
    int rc = MPI_Request_free(&r);
    set_handle(env, request, r);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* Reads element i's handle; a null element counts as MPI_REQUEST_NULL. */
static int read_handles(JNIEnv *env, jobjectArray requests, jsize n, MPI_Request *handles)
{
    for (jsize i = 0; i < n; i++) {
        jobject r = (*env)->GetObjectArrayElement(env, requests, i);
        if ((*env)->ExceptionCheck(env)) {
            return -1;
        }
        handles[i] = r != NULL ? get_handle(env, r) : MPI_REQUEST_NULL;
        (*env)->DeleteLocalRef(env, r); /* a window of requests would overflow the local frame */
    }
    return 0;
}

/* Writes the handles back (MPI nulls completed ones) and, if asked, the statuses. */
static void write_back(JNIEnv *env, jobjectArray requests, jobjectArray statuses, jsize n,
                       const MPI_Request *handles, const MPI_Status *s)
{
    for (jsize i = 0; i < n; i++) {
        jobject r = (*env)->GetObjectArrayElement(env, requests, i);
        if (r != NULL) {
            set_handle(env, r, handles[i]);
            (*env)->DeleteLocalRef(env, r);
        }
        if (statuses != NULL) {
            jobject st = (*env)->GetObjectArrayElement(env, statuses, i);
            if (st != NULL) {
                ombj_set_status(env, st, &s[i]);
                (*env)->DeleteLocalRef(env, st);
            }
        }
    }
}

JNIEXPORT void JNICALL Java_mpi_Request_nWaitAll(JNIEnv *env, jclass cls,
                                                 jobjectArray requests, jobjectArray statuses)
{
    (void)cls;
    if (requests == NULL) {
        ombj_throw(env, ombj.illegal_argument, "requests is null");
        return;
    }
    jsize n = (*env)->GetArrayLength(env, requests);
    MPI_Request stack_handles[STACK_REQUESTS];
    MPI_Status stack_statuses[STACK_REQUESTS];
    MPI_Request *handles = stack_handles;
    MPI_Status *s = statuses != NULL ? stack_statuses : MPI_STATUSES_IGNORE;
    if (n > STACK_REQUESTS) {
        handles = malloc((size_t)n * sizeof *handles);
        if (statuses != NULL) {
            s = malloc((size_t)n * sizeof *s);
        }
        if (handles == NULL || s == NULL) {
            free(handles);
            if (statuses != NULL) {
                free(s);
            }
            ombj_throw(env, ombj.out_of_memory, "no memory for MPI_Waitall's requests");
            return;
        }
    }
    int rc = MPI_SUCCESS;
    if (read_handles(env, requests, n, handles) == 0) {
        rc = MPI_Waitall(n, handles, s);
        write_back(env, requests, statuses, n, handles, s);
        if (rc != MPI_SUCCESS && !(*env)->ExceptionCheck(env)) {
            ombj_throw_mpi(env, rc);
        }
    }
    if (handles != stack_handles) {
        free(handles);
        if (statuses != NULL) {
            free(s);
        }
    }
}

JNIEXPORT void JNICALL Java_mpi_Request_nCopyToArray(JNIEnv *env, jclass cls, jobject staging,
                                                     jobject array, jint bytes)
{
    (void)cls;
    void *src = ombj_direct_address(env, staging);
    if (src == NULL) {
        return;
    }
    void *dst = (*env)->GetPrimitiveArrayCritical(env, array, NULL);
    if (dst == NULL) {
        return;
    }
    memcpy(dst, src, (size_t)bytes);
    (*env)->ReleasePrimitiveArrayCritical(env, array, dst, 0);
}
