/*
 * Native side of mpi.Prequest: persistent requests. Buffers are direct buffers (the caller's,
 * or the staging memory of an array, which Java keeps until the request is freed), so nothing
 * is pinned past a call. A persistent request's handle never changes until it is freed.
 */
#include "ombj.h"
#include "mpi_Prequest.h"

#include <stdlib.h>

/* Up to this many requests, MPI_Startall's array lives on the stack (no malloc per call). */
#define STACK_REQUESTS 256

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_prequestInit(JNIEnv *env, jobject backend, jint kind, jlong comm,
                                                jobject buf, jint count, jlong type, jint peer,
                                                jint tag)
{
    (void)backend;
    void *ptr = ombj_direct_address(env, buf);
    if (ptr == NULL) {
        return 0;
    }
    MPI_Request r = MPI_REQUEST_NULL;
    MPI_Datatype t = OMBJ_TYPE(type);
    MPI_Comm c = OMBJ_COMM(comm);
    int rc;
    switch (kind) {
    case mpi_Prequest_K_SEND:
        rc = MPI_Send_init(ptr, count, t, peer, tag, c, &r);
        break;
    case mpi_Prequest_K_SSEND:
        rc = MPI_Ssend_init(ptr, count, t, peer, tag, c, &r);
        break;
    case mpi_Prequest_K_RSEND:
        rc = MPI_Rsend_init(ptr, count, t, peer, tag, c, &r);
        break;
    case mpi_Prequest_K_RECV:
        rc = MPI_Recv_init(ptr, count, t, peer, tag, c, &r);
        break;
    case mpi_Prequest_K_BSEND:
        rc = MPI_Bsend_init(ptr, count, t, peer, tag, c, &r);
        break;
    default:
        ombj_throw(env, ombj.illegal_argument, "unknown kind of persistent request");
        return 0;
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(r);
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_prequestStart(JNIEnv *env, jobject backend, jlong handle,
                                                jobject array, jint kind, jobject staging,
                                                jint bytes)
{
    (void)backend;
    if (array != NULL) {
        /* staging is the request's own direct memory (PersistentStaging); the array and
         * its bytes were checked by BufferArgs when the request was made, and an array's
         * length never changes: the copy cannot fail. */
        void *dst = ombj_checked_address(env, staging);
        ombj_copy_checked_array(env, array, kind, dst, 0, bytes, 0);
    }
    MPI_Request r = OMBJ_REQUEST(handle);
    int rc = MPI_Start(&r);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_prequestStartAll(JNIEnv *env, jobject backend, jlongArray handles,
                                                   jint n)
{
    (void)backend;
    jlong stack_values[STACK_REQUESTS];
    MPI_Request stack_requests[STACK_REQUESTS];
    jlong *values = stack_values;
    MPI_Request *requests = stack_requests;
    int allocated = n > STACK_REQUESTS;
    if (allocated) {
        values = malloc((size_t)n * sizeof *values);
        requests = malloc((size_t)n * sizeof *requests);
        if (values == NULL || requests == NULL) {
            ombj_throw(env, ombj.out_of_memory, "no memory for MPI_Startall's requests");
            goto out;
        }
    }
    (*env)->GetLongArrayRegion(env, handles, 0, n, values);
    if ((*env)->ExceptionCheck(env)) {
        goto out;
    }
    for (jint i = 0; i < n; i++) {
        requests[i] = OMBJ_REQUEST(values[i]);
    }
    int rc = MPI_Startall(n, requests);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
out:
    if (allocated) {
        free(values);
        free(requests);
    }
}

JNIEXPORT jboolean JNICALL Java_mpi_JniPointToPoint_prequestTest(JNIEnv *env, jobject backend, jobject self,
                                                   jlong handle)
{
    (void)backend;
    MPI_Request r = OMBJ_REQUEST(handle);
    int flag = 0;
    int rc = MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) {
        ombj_request_failed(env, self, r, rc); /* mpi_Request.c */
        return JNI_FALSE;
    }
    return flag ? JNI_TRUE : JNI_FALSE;
}
