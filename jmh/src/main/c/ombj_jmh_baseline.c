/*
 * The C baseline of the JMH benchmarks (test-only, not part of the binding): each function
 * runs the same MPI call sequence as one Java benchmark operation, n times in a C loop, on the
 * memory of direct buffers, to self on MPI_COMM_SELF. One JNI transition per n operations is
 * amortised away (n = 1000 for small messages), so its time per operation is what C pays for
 * the MPI calls alone; the Java benchmark's time minus it is the binding's overhead.
 *
 * The datatype is MPI_INT8_T because that is what mpi.MPI.BYTE is. Every MPI return code is
 * checked: a failure throws IllegalStateException and ends the loop.
 */
#include <jni.h>
#include <mpi.h>
#include <stdio.h>

#include "mpi_jmh_CBaseline.h"

#define TAG 1

/* Throws IllegalStateException naming the failed call and MPI's message. */
static void fail(JNIEnv *env, const char *call, int rc)
{
    char msg[MPI_MAX_ERROR_STRING + 64];
    char err[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (MPI_Error_string(rc, err, &len) != MPI_SUCCESS) {
        snprintf(err, sizeof err, "MPI error %d", rc);
    }
    snprintf(msg, sizeof msg, "%s failed: %s", call, err);
    jclass cls = (*env)->FindClass(env, "java/lang/IllegalStateException");
    if (cls != NULL) { /* NULL: NoClassDefFoundError already pending */
        (*env)->ThrowNew(env, cls, msg);
    }
}

/* The address of a direct buffer, or NULL with an exception pending. */
static void *address(JNIEnv *env, jobject buf)
{
    void *p = buf == NULL ? NULL : (*env)->GetDirectBufferAddress(env, buf);
    if (p == NULL) {
        jclass cls = (*env)->FindClass(env, "java/lang/IllegalArgumentException");
        if (cls != NULL) {
            (*env)->ThrowNew(env, cls, "not a direct buffer");
        }
    }
    return p;
}

#define CHECK(call)                      \
    do {                                 \
        int rc_ = (call);                \
        if (rc_ != MPI_SUCCESS) {        \
            fail(env, #call, rc_);       \
            return -1;                   \
        }                                \
    } while (0)

/* n x (MPI_Send; MPI_Recv with a status): the twin of Comm.send + Comm.recv. */
JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_blocking(JNIEnv *env, jclass cls, jobject sendbuf,
                                                       jobject recvbuf, jint bytes, jint n)
{
    (void)cls;
    void *s = address(env, sendbuf), *r = address(env, recvbuf);
    if (s == NULL || r == NULL) {
        return -1;
    }
    MPI_Status st;
    st.MPI_SOURCE = -1;
    for (jint i = 0; i < n; i++) {
        CHECK(MPI_Send(s, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF));
        CHECK(MPI_Recv(r, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &st));
    }
    return st.MPI_SOURCE;
}

/* n x (MPI_Irecv; MPI_Isend; MPI_Wait on each): the twin of iRecv + iSend + 2 x waitFor. */
JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_nonBlocking(JNIEnv *env, jclass cls,
                                                          jobject sendbuf, jobject recvbuf,
                                                          jint bytes, jint n)
{
    (void)cls;
    void *s = address(env, sendbuf), *r = address(env, recvbuf);
    if (s == NULL || r == NULL) {
        return -1;
    }
    for (jint i = 0; i < n; i++) {
        MPI_Request rr, sr;
        CHECK(MPI_Irecv(r, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &rr));
        CHECK(MPI_Isend(s, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &sr));
        CHECK(MPI_Wait(&rr, MPI_STATUS_IGNORE));
        CHECK(MPI_Wait(&sr, MPI_STATUS_IGNORE));
    }
    return 0;
}

/* n x MPI_Sendrecv with a status: the twin of Comm.sendRecv. */
JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_sendRecv(JNIEnv *env, jclass cls, jobject sendbuf,
                                                       jobject recvbuf, jint bytes, jint n)
{
    (void)cls;
    void *s = address(env, sendbuf), *r = address(env, recvbuf);
    if (s == NULL || r == NULL) {
        return -1;
    }
    MPI_Status st;
    st.MPI_SOURCE = -1;
    for (jint i = 0; i < n; i++) {
        CHECK(MPI_Sendrecv(s, bytes, MPI_INT8_T, 0, TAG, r, bytes, MPI_INT8_T, 0, TAG,
                           MPI_COMM_SELF, &st));
    }
    return st.MPI_SOURCE;
}
