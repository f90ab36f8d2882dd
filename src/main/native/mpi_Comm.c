/*
 * Native side of mpi.Comm. Java has already checked every buffer argument (BufferArgs):
 * here a buffer is a direct buffer (used at its address) or an array of the right length,
 * pinned with GetPrimitiveArrayCritical for the length of a blocking call. No JNI function
 * is called while an array is pinned; exceptions are raised after the release.
 */
#include "ombj.h"
#include "mpi_Comm.h"

#include <string.h>

JNIEXPORT jint JNICALL Java_mpi_Comm_nRank(JNIEnv *env, jclass cls, jlong comm)
{
    (void)cls;
    int rank = -1;
    int rc = MPI_Comm_rank(OMBJ_COMM(comm), &rank);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return rank;
}

JNIEXPORT jint JNICALL Java_mpi_Comm_nSize(JNIEnv *env, jclass cls, jlong comm)
{
    (void)cls;
    int size = 0;
    int rc = MPI_Comm_size(OMBJ_COMM(comm), &size);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return size;
}

JNIEXPORT jlong JNICALL Java_mpi_Comm_nDup(JNIEnv *env, jclass cls, jlong comm)
{
    (void)cls;
    MPI_Comm dup = MPI_COMM_NULL;
    int rc = MPI_Comm_dup(OMBJ_COMM(comm), &dup);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(dup);
}

JNIEXPORT void JNICALL Java_mpi_Comm_nFree(JNIEnv *env, jclass cls, jlong comm)
{
    (void)cls;
    MPI_Comm c = OMBJ_COMM(comm);
    int rc = MPI_Comm_free(&c);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_Comm_nAbort(JNIEnv *env, jclass cls, jlong comm, jint code)
{
    (void)cls;
    int rc = MPI_Abort(OMBJ_COMM(comm), code);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* ---- point-to-point ---- */

JNIEXPORT void JNICALL Java_mpi_Comm_nSend(JNIEnv *env, jclass cls, jlong comm, jobject buf,
                                           jboolean is_array, jint count, jlong type, jint dest,
                                           jint tag)
{
    (void)cls;
    struct ombj_buf b = { buf, is_array, NULL };
    if (ombj_resolve(env, &b) != 0 || ombj_pin(env, &b) != 0) {
        return;
    }
    int rc = MPI_Send(b.ptr, count, OMBJ_TYPE(type), dest, tag, OMBJ_COMM(comm));
    ombj_unpin(env, &b, JNI_ABORT);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* Receives; returns 0 with the status filled, or -1 with an exception pending. */
static inline int receive(JNIEnv *env, jlong comm, jobject buf, jboolean is_array, jint count,
                   jlong type, jint source, jint tag, MPI_Status *s)
{
    struct ombj_buf b = { buf, is_array, NULL };
    if (ombj_resolve(env, &b) != 0 || ombj_pin(env, &b) != 0) {
        return -1;
    }
    int rc = MPI_Recv(b.ptr, count, OMBJ_TYPE(type), source, tag, OMBJ_COMM(comm), s);
    ombj_unpin(env, &b, 0);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return -1;
    }
    return 0;
}

JNIEXPORT jlong JNICALL Java_mpi_Comm_nRecv(JNIEnv *env, jclass cls, jlong comm, jobject buf,
                                            jboolean is_array, jint count, jlong type,
                                            jint source, jint tag)
{
    (void)cls;
    MPI_Status s;
    if (receive(env, comm, buf, is_array, count, type, source, tag, &s) != 0) {
        return 0;
    }
    int bytes = 0;
    if (MPI_Get_count(&s, MPI_BYTE, &bytes) != MPI_SUCCESS || bytes == MPI_UNDEFINED) {
        bytes = 0;
    }
    return (jlong)(((uint64_t)(uint32_t)s.MPI_SOURCE << 32) | (uint32_t)bytes);
}

JNIEXPORT void JNICALL Java_mpi_Comm_nRecvStatus(JNIEnv *env, jclass cls, jlong comm,
                                                 jobject buf, jboolean is_array, jint count,
                                                 jlong type, jint source, jint tag,
                                                 jobject status)
{
    (void)cls;
    MPI_Status s;
    if (receive(env, comm, buf, is_array, count, type, source, tag, &s) == 0) {
        ombj_set_status(env, status, &s);
    }
}

JNIEXPORT void JNICALL Java_mpi_Comm_nSendRecv(JNIEnv *env, jclass cls, jlong comm,
                                               jobject sendbuf, jboolean send_array,
                                               jint sendcount, jlong sendtype, jint dest,
                                               jint sendtag, jobject recvbuf,
                                               jboolean recv_array, jint recvcount,
                                               jlong recvtype, jint source, jint recvtag,
                                               jobject status)
{
    (void)cls;
    struct ombj_buf sb = { sendbuf, send_array, NULL };
    struct ombj_buf rb = { recvbuf, recv_array, NULL };
    if (ombj_resolve(env, &sb) != 0 || ombj_resolve(env, &rb) != 0 || ombj_pin(env, &sb) != 0) {
        return;
    }
    if (ombj_pin(env, &rb) != 0) {
        ombj_unpin(env, &sb, JNI_ABORT);
        return;
    }
    MPI_Status s;
    int rc = MPI_Sendrecv(sb.ptr, sendcount, OMBJ_TYPE(sendtype), dest, sendtag,
                          rb.ptr, recvcount, OMBJ_TYPE(recvtype), source, recvtag,
                          OMBJ_COMM(comm), &s);
    ombj_unpin(env, &rb, 0);
    ombj_unpin(env, &sb, JNI_ABORT);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return;
    }
    ombj_set_status(env, status, &s);
}

/*
 * A staged send copies the array into the request's staging memory before MPI_Isend, since
 * the array may move once this call returns.
 */
JNIEXPORT jlong JNICALL Java_mpi_Comm_nIsend(JNIEnv *env, jclass cls, jlong comm, jobject buf,
                                             jobject staging, jint count, jlong type, jint dest,
                                             jint tag)
{
    (void)cls;
    void *ptr;
    if (staging != NULL) {
        int type_size = 0;
        int rc = MPI_Type_size(OMBJ_TYPE(type), &type_size);
        if (rc != MPI_SUCCESS) {
            ombj_throw_mpi(env, rc);
            return 0;
        }
        if ((ptr = ombj_direct_address(env, staging)) == NULL) {
            return 0;
        }
        void *array = (*env)->GetPrimitiveArrayCritical(env, buf, NULL);
        if (array == NULL) {
            return 0;
        }
        memcpy(ptr, array, (size_t)count * (size_t)type_size);
        (*env)->ReleasePrimitiveArrayCritical(env, buf, array, JNI_ABORT);
    } else if ((ptr = ombj_direct_address(env, buf)) == NULL) {
        return 0;
    }
    MPI_Request request = MPI_REQUEST_NULL;
    int rc = MPI_Isend(ptr, count, OMBJ_TYPE(type), dest, tag, OMBJ_COMM(comm), &request);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(request);
}

JNIEXPORT jlong JNICALL Java_mpi_Comm_nIrecv(JNIEnv *env, jclass cls, jlong comm, jobject buf,
                                             jint count, jlong type, jint source, jint tag)
{
    (void)cls;
    void *ptr = ombj_direct_address(env, buf);
    if (ptr == NULL) {
        return 0;
    }
    MPI_Request request = MPI_REQUEST_NULL;
    int rc = MPI_Irecv(ptr, count, OMBJ_TYPE(type), source, tag, OMBJ_COMM(comm), &request);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(request);
}

/* ---- collectives ---- */

JNIEXPORT void JNICALL Java_mpi_Comm_nBarrier(JNIEnv *env, jclass cls, jlong comm)
{
    (void)cls;
    int rc = MPI_Barrier(OMBJ_COMM(comm));
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_Comm_nBcast(JNIEnv *env, jclass cls, jlong comm, jobject buf,
                                            jboolean is_array, jint count, jlong type, jint root)
{
    (void)cls;
    struct ombj_buf b = { buf, is_array, NULL };
    if (ombj_resolve(env, &b) != 0 || ombj_pin(env, &b) != 0) {
        return;
    }
    int rc = MPI_Bcast(b.ptr, count, OMBJ_TYPE(type), root, OMBJ_COMM(comm));
    ombj_unpin(env, &b, 0);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* Resolves then pins two buffers; on failure nothing stays pinned. */
static int pin_pair(JNIEnv *env, struct ombj_buf *send, struct ombj_buf *recv)
{
    if (ombj_resolve(env, send) != 0 || ombj_resolve(env, recv) != 0 || ombj_pin(env, send) != 0) {
        return -1;
    }
    if (ombj_pin(env, recv) != 0) {
        ombj_unpin(env, send, JNI_ABORT);
        return -1;
    }
    return 0;
}

JNIEXPORT void JNICALL Java_mpi_Comm_nReduce(JNIEnv *env, jclass cls, jlong comm,
                                             jobject sendbuf, jboolean send_array,
                                             jobject recvbuf, jboolean recv_array, jint count,
                                             jlong type, jlong op, jint root)
{
    (void)cls;
    struct ombj_buf sb = { sendbuf, send_array, NULL };
    struct ombj_buf rb = { recvbuf, recv_array, NULL };
    if (pin_pair(env, &sb, &rb) != 0) {
        return;
    }
    int rc = MPI_Reduce(sb.ptr, rb.ptr, count, OMBJ_TYPE(type), OMBJ_OP(op), root,
                        OMBJ_COMM(comm));
    ombj_unpin(env, &rb, 0);
    ombj_unpin(env, &sb, JNI_ABORT);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_Comm_nAllReduce(JNIEnv *env, jclass cls, jlong comm,
                                                jobject sendbuf, jboolean send_array,
                                                jobject recvbuf, jboolean recv_array,
                                                jint count, jlong type, jlong op)
{
    (void)cls;
    struct ombj_buf sb = { sendbuf, send_array, NULL };
    struct ombj_buf rb = { recvbuf, recv_array, NULL };
    if (pin_pair(env, &sb, &rb) != 0) {
        return;
    }
    int rc = MPI_Allreduce(sb.ptr, rb.ptr, count, OMBJ_TYPE(type), OMBJ_OP(op),
                           OMBJ_COMM(comm));
    ombj_unpin(env, &rb, 0);
    ombj_unpin(env, &sb, JNI_ABORT);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}
