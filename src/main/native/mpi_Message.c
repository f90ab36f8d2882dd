/*
 * Send modes, probes, matched probes and the buffered-send buffer: the JNI backend's calls of
 * Seam.PointToPoint for Comm.sSend/bSend/rSend and their i-forms, sendRecvReplace, probe,
 * iProbe, mpi.Message and MPI.attachBuffer. Buffers are direct: Java has staged an array.
 */
#include "ombj.h"
#include "mpi_Comm.h"

typedef int (*send_call)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
typedef int (*isend_call)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_commSendMode(JNIEnv *env, jobject backend,
    jint mode, jlong comm, jobject buf, jint count, jlong type, jint dest, jint tag)
{
    (void)backend;
    send_call call = mode == mpi_Comm_SEND_SYNCHRONOUS ? MPI_Ssend
                   : mode == mpi_Comm_SEND_BUFFERED ? MPI_Bsend : MPI_Rsend;
    int rc = call(ombj_checked_address(env, buf), count, OMBJ_TYPE(type), dest, tag,
                  OMBJ_COMM(comm));
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_commIsendMode(JNIEnv *env, jobject backend,
    jint mode, jlong comm, jobject buf, jint count, jlong type, jint dest, jint tag)
{
    (void)backend;
    isend_call call = mode == mpi_Comm_SEND_SYNCHRONOUS ? MPI_Issend
                    : mode == mpi_Comm_SEND_BUFFERED ? MPI_Ibsend : MPI_Irsend;
    MPI_Request request = MPI_REQUEST_NULL;
    int rc = call(ombj_checked_address(env, buf), count, OMBJ_TYPE(type), dest, tag,
                  OMBJ_COMM(comm), &request);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(request);
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_commSendRecvReplace(JNIEnv *env,
    jobject backend, jlong comm, jobject buf, jint count, jlong type, jint dest, jint sendtag,
    jint source, jint recvtag, jobject status)
{
    (void)backend;
    MPI_Status s;
    int rc = MPI_Sendrecv_replace(ombj_checked_address(env, buf), count, OMBJ_TYPE(type), dest,
                                  sendtag, source, recvtag, OMBJ_COMM(comm), &s);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return;
    }
    ombj_set_status(env, status, &s);
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_probe(JNIEnv *env, jobject backend,
    jlong comm, jint source, jint tag, jlong out)
{
    (void)backend;
    MPI_Status s;
    int rc = MPI_Probe(source, tag, OMBJ_COMM(comm), &s);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return;
    }
    ombj_store_status((char *)(intptr_t)out + mpi_JniOutArgs_STATUS_AT, &s);
}

JNIEXPORT jboolean JNICALL Java_mpi_JniPointToPoint_iProbe(JNIEnv *env, jobject backend,
    jlong comm, jint source, jint tag, jlong out)
{
    (void)backend;
    MPI_Status s;
    int flag = 0;
    int rc = MPI_Iprobe(source, tag, OMBJ_COMM(comm), &flag, &s);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return JNI_FALSE;
    }
    if (flag) {
        ombj_store_status((char *)(intptr_t)out + mpi_JniOutArgs_STATUS_AT, &s);
    }
    return flag ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_commMprobe(JNIEnv *env, jobject backend,
    jlong comm, jint source, jint tag, jobject status)
{
    (void)backend;
    MPI_Status s;
    MPI_Message message = MPI_MESSAGE_NULL;
    int rc = MPI_Mprobe(source, tag, OMBJ_COMM(comm), &message, &s);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return OMBJ_J(MPI_MESSAGE_NULL);
    }
    ombj_set_status(env, status, &s);
    return OMBJ_J(message);
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_commImprobe(JNIEnv *env, jobject backend,
    jlong comm, jint source, jint tag, jobject status)
{
    (void)backend;
    MPI_Status s;
    MPI_Message message = MPI_MESSAGE_NULL;
    int flag = 0;
    int rc = MPI_Improbe(source, tag, OMBJ_COMM(comm), &flag, &message, &s);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return OMBJ_J(MPI_MESSAGE_NULL);
    }
    if (!flag) {
        return OMBJ_J(MPI_MESSAGE_NULL);
    }
    ombj_set_status(env, status, &s);
    return OMBJ_J(message);
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_messageMrecv(JNIEnv *env, jobject backend,
    jlong message, jobject buf, jint count, jlong type, jobject status)
{
    (void)backend;
    MPI_Status s;
    MPI_Message m = (MPI_Message)(intptr_t)message;
    int rc = MPI_Mrecv(ombj_checked_address(env, buf), count, OMBJ_TYPE(type), &m, &s);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return message;
    }
    ombj_set_status(env, status, &s);
    return OMBJ_J(m);
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_messageImrecv(JNIEnv *env, jobject backend,
    jlong message, jobject buf, jint count, jlong type)
{
    (void)backend;
    MPI_Message m = (MPI_Message)(intptr_t)message;
    MPI_Request request = MPI_REQUEST_NULL;
    int rc = MPI_Imrecv(ombj_checked_address(env, buf), count, OMBJ_TYPE(type), &m, &request);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(request);
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_bufferAttach(JNIEnv *env, jobject backend,
    jobject buf, jint bytes)
{
    (void)backend;
    int rc = MPI_Buffer_attach(ombj_checked_address(env, buf), bytes);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_bufferDetach(JNIEnv *env, jobject backend)
{
    (void)backend;
    void *memory = NULL;
    int size = 0;
    int rc = MPI_Buffer_detach(&memory, &size);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}
