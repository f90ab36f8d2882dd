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
#define _POSIX_C_SOURCE 200809L

#include <jni.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

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

/* A full memory fence when `on` (a compiler builtin: lock-prefixed on x86, dmb on ARM). */
#define FENCE(on)                                  \
    do {                                           \
        if (on) {                                  \
            __atomic_thread_fence(__ATOMIC_SEQ_CST); \
        }                                          \
    } while (0)

/*
 * n x (MPI_Send; MPI_Recv with a status) to self; with `fenced`, a full fence after each MPI
 * call, the one a JNI call makes on its way back from native code (BlockingSteps' cFenced).
 */
static jint blocking(JNIEnv *env, jobject sendbuf, jobject recvbuf, jint bytes, jint n,
                     int fenced)
{
    void *s = address(env, sendbuf), *r = address(env, recvbuf);
    if (s == NULL || r == NULL) {
        return -1;
    }
    MPI_Status st;
    st.MPI_SOURCE = -1;
    for (jint i = 0; i < n; i++) {
        CHECK(MPI_Send(s, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF));
        FENCE(fenced);
        CHECK(MPI_Recv(r, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &st));
        FENCE(fenced);
    }
    return st.MPI_SOURCE;
}

/* The twin of Comm.send + Comm.recv. */
JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_blocking(JNIEnv *env, jclass cls, jobject sendbuf,
                                                       jobject recvbuf, jint bytes, jint n)
{
    (void)cls;
    return blocking(env, sendbuf, recvbuf, bytes, n, 0);
}

JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_blockingFenced(JNIEnv *env, jclass cls,
                                                             jobject sendbuf, jobject recvbuf,
                                                             jint bytes, jint n)
{
    (void)cls;
    return blocking(env, sendbuf, recvbuf, bytes, n, 1);
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

/* ---- between two ranks of MPI_COMM_WORLD: osu_bw's iteration (WindowRate) ---- */

#define TAG_ACK 2
#define ACK_BYTES 4

static int64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t); /* System.nanoTime()'s clock */
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/*
 * osu_bw's iteration, C twin of mpi.pt2pt.OSUBandwidth.iteration: rank 0 posts `window`
 * MPI_Isend of `bytes` to rank 1, waits for them and receives an ack; rank 1 posts as many
 * MPI_Irecv, waits and sends the ack. A barrier, `warmup` untimed iterations, then `iters`
 * timed ones: returns their time in ns on this rank, or -1 with an exception pending. With
 * `fenced`, a full fence follows every MPI call, the one a JNI call makes on its way back
 * from native code (HotSpot's `lock addl` on x86): WindowRate's "cFenced" pattern.
 */
JNIEXPORT jlong JNICALL Java_mpi_jmh_CBaseline_window(JNIEnv *env, jclass cls, jobject sendbuf,
                                                      jobject recvbuf, jint bytes, jint window,
                                                      jint warmup, jint iters, jboolean fenced)
{
    (void)cls;
    void *s = address(env, sendbuf), *r = address(env, recvbuf);
    if (s == NULL || r == NULL) {
        return -1;
    }
    MPI_Request reqs[1024];
    char ack[ACK_BYTES] = {0};
    int rank;
    if (window < 1 || window > 1024) {
        fail(env, "window (1..1024)", MPI_ERR_ARG);
        return -1;
    }
    CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    CHECK(MPI_Barrier(MPI_COMM_WORLD));
    int64_t start = 0;
    for (jint i = 0; i < warmup + iters; i++) {
        if (i == warmup) {
            start = now_ns();
        }
        if (rank == 0) {
            for (jint w = 0; w < window; w++) {
                CHECK(MPI_Isend(s, bytes, MPI_INT8_T, 1, TAG, MPI_COMM_WORLD, &reqs[w]));
                FENCE(fenced);
            }
            CHECK(MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE));
            FENCE(fenced);
            CHECK(MPI_Recv(ack, ACK_BYTES, MPI_INT8_T, 1, TAG_ACK, MPI_COMM_WORLD,
                           MPI_STATUS_IGNORE));
            FENCE(fenced);
        } else {
            for (jint w = 0; w < window; w++) {
                CHECK(MPI_Irecv(r, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_WORLD, &reqs[w]));
                FENCE(fenced);
            }
            CHECK(MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE));
            FENCE(fenced);
            CHECK(MPI_Send(ack, ACK_BYTES, MPI_INT8_T, 0, TAG_ACK, MPI_COMM_WORLD));
            FENCE(fenced);
        }
    }
    return now_ns() - start;
}

/*
 * The least a JNI binding can do per call: static natives with primitive arguments only (an
 * address, not a buffer object; the request written to caller-owned native memory), on
 * MPI_COMM_WORLD. WindowRate's "floor" pattern makes osu_bw's calls through them, so that
 * its time over C is the JNI transition alone, and a binding's time over it is the binding.
 */

/* The address of a direct buffer, once per run (not per call). */
JNIEXPORT jlong JNICALL Java_mpi_jmh_CBaseline_address(JNIEnv *env, jclass cls, jobject buf)
{
    (void)cls;
    return (jlong)(intptr_t)address(env, buf);
}

/* Bytes of one MPI_Request: 8 in Open MPI (a pointer), 4 in MPICH (an int). */
JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_requestSize(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return (jint)sizeof(MPI_Request);
}

JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_isend(JNIEnv *env, jclass cls, jlong buf,
                                                    jint bytes, jint dest, jlong request)
{
    (void)cls;
    CHECK(MPI_Isend((void *)(intptr_t)buf, bytes, MPI_INT8_T, dest, TAG, MPI_COMM_WORLD,
                    (MPI_Request *)(intptr_t)request));
    return 0;
}

JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_irecv(JNIEnv *env, jclass cls, jlong buf,
                                                    jint bytes, jint source, jlong request)
{
    (void)cls;
    CHECK(MPI_Irecv((void *)(intptr_t)buf, bytes, MPI_INT8_T, source, TAG, MPI_COMM_WORLD,
                    (MPI_Request *)(intptr_t)request));
    return 0;
}

JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_waitAll(JNIEnv *env, jclass cls, jlong requests,
                                                      jint n)
{
    (void)cls;
    CHECK(MPI_Waitall(n, (MPI_Request *)(intptr_t)requests, MPI_STATUSES_IGNORE));
    return 0;
}

/* The ack: a blocking send or receive of ACK_BYTES with tag TAG_ACK. */
JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_ack(JNIEnv *env, jclass cls, jlong buf,
                                                  jint peer, jboolean send)
{
    (void)cls;
    if (send) {
        CHECK(MPI_Send((void *)(intptr_t)buf, ACK_BYTES, MPI_INT8_T, peer, TAG_ACK,
                       MPI_COMM_WORLD));
    } else {
        CHECK(MPI_Recv((void *)(intptr_t)buf, ACK_BYTES, MPI_INT8_T, peer, TAG_ACK,
                       MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    }
    return 0;
}

/*
 * The floor with a buffer object for an argument, as the binding's natives take it: its
 * address read from java.nio.Buffer.address (a JNI field read, what the binding does for a
 * buffer it checked in Java). WindowRate's "objects" pattern: its time over "floor" is what
 * an object argument costs a call.
 */
static jfieldID buffer_address;

/* A direct buffer's address read from its field, as the binding reads a checked buffer's. */
static inline void *field_address(JNIEnv *env, jobject buf)
{
    return (void *)(intptr_t)(*env)->GetLongField(env, buf, buffer_address);
}

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    (void)reserved;
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) {
        return JNI_ERR;
    }
    jclass buffer = (*env)->FindClass(env, "java/nio/Buffer");
    if (buffer == NULL
        || (buffer_address = (*env)->GetFieldID(env, buffer, "address", "J")) == NULL) {
        return JNI_ERR; /* exception pending */
    }
    return JNI_VERSION_1_8;
}

JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_isendBuffer(JNIEnv *env, jclass cls, jobject buf,
                                                          jint bytes, jint dest, jlong request)
{
    (void)cls;
    void *p = field_address(env, buf);
    CHECK(MPI_Isend(p, bytes, MPI_INT8_T, dest, TAG, MPI_COMM_WORLD,
                    (MPI_Request *)(intptr_t)request));
    return 0;
}

JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_irecvBuffer(JNIEnv *env, jclass cls, jobject buf,
                                                          jint bytes, jint source, jlong request)
{
    (void)cls;
    void *p = field_address(env, buf);
    CHECK(MPI_Irecv(p, bytes, MPI_INT8_T, source, TAG, MPI_COMM_WORLD,
                    (MPI_Request *)(intptr_t)request));
    return 0;
}

/*
 * The object floor with the binding's request flow: the MPI_Request returned to Java as a
 * jlong (what the binding keeps in Request.handle), and MPI_Waitall on a long[] of them,
 * copied in and out with Get/SetLongArrayRegion as the binding's Request.waitAll does.
 * WindowRate's "handles" pattern: its time over "objects" is that flow's cost.
 */
#define REQUEST_J(r) ((jlong)(intptr_t)(r))        /* Open MPI: a pointer; MPICH: an int */
#define J_REQUEST(j) ((MPI_Request)(intptr_t)(j))

JNIEXPORT jlong JNICALL Java_mpi_jmh_CBaseline_isendHandle(JNIEnv *env, jclass cls, jobject buf,
                                                           jint bytes, jint dest)
{
    (void)cls;
    void *p = field_address(env, buf);
    MPI_Request r = MPI_REQUEST_NULL;
    CHECK(MPI_Isend(p, bytes, MPI_INT8_T, dest, TAG, MPI_COMM_WORLD, &r));
    return REQUEST_J(r);
}

JNIEXPORT jlong JNICALL Java_mpi_jmh_CBaseline_irecvHandle(JNIEnv *env, jclass cls, jobject buf,
                                                           jint bytes, jint source)
{
    (void)cls;
    void *p = field_address(env, buf);
    MPI_Request r = MPI_REQUEST_NULL;
    CHECK(MPI_Irecv(p, bytes, MPI_INT8_T, source, TAG, MPI_COMM_WORLD, &r));
    return REQUEST_J(r);
}

JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_waitAllHandles(JNIEnv *env, jclass cls,
                                                             jlongArray handles, jint n)
{
    (void)cls;
    jlong values[1024];
    MPI_Request reqs[1024];
    if (n < 0 || n > 1024) {
        fail(env, "waitAllHandles (0..1024 requests)", MPI_ERR_ARG);
        return -1;
    }
    (*env)->GetLongArrayRegion(env, handles, 0, n, values);
    if ((*env)->ExceptionCheck(env)) {
        return -1;
    }
    for (jint i = 0; i < n; i++) {
        reqs[i] = J_REQUEST(values[i]);
    }
    CHECK(MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE));
    for (jint i = 0; i < n; i++) {
        values[i] = REQUEST_J(reqs[i]);
    }
    (*env)->SetLongArrayRegion(env, handles, 0, n, values);
    return 0;
}

/*
 * For the FFM floors of WindowRate, BlockingSteps and EpochSteps (FfmFloor, Java 22 and
 * later), which call the same MPI library through java.lang.foreign downcalls, as longs, in
 * this order (CBaseline.EP_*): the addresses of MPI_Isend, MPI_Irecv, MPI_Waitall, MPI_Send
 * and MPI_Recv; the handles MPI_COMM_WORLD, MPI_COMM_SELF and MPI_INT8_T;
 * MPI_STATUSES_IGNORE; sizeof(MPI_Comm) and sizeof(MPI_Status); the addresses of MPI_Put,
 * MPI_Get and MPI_Win_flush. Taken from this library's own link to MPI, they need no symbol
 * names or handle values of any one MPI.
 */
JNIEXPORT jlongArray JNICALL Java_mpi_jmh_CBaseline_mpiEntryPoints(JNIEnv *env, jclass cls)
{
    (void)cls;
    const jlong values[] = {
        (jlong)(intptr_t)&MPI_Isend, (jlong)(intptr_t)&MPI_Irecv, (jlong)(intptr_t)&MPI_Waitall,
        (jlong)(intptr_t)&MPI_Send, (jlong)(intptr_t)&MPI_Recv,
        (jlong)(intptr_t)MPI_COMM_WORLD, (jlong)(intptr_t)MPI_COMM_SELF,
        (jlong)(intptr_t)MPI_INT8_T, (jlong)(intptr_t)MPI_STATUSES_IGNORE,
        (jlong)sizeof(MPI_Comm), (jlong)sizeof(MPI_Status),
        (jlong)(intptr_t)&MPI_Put, (jlong)(intptr_t)&MPI_Get, (jlong)(intptr_t)&MPI_Win_flush,
    };
    const jsize n = (jsize)(sizeof values / sizeof values[0]);
    jlongArray out = (*env)->NewLongArray(env, n);
    if (out != NULL) { /* NULL: OutOfMemoryError pending */
        (*env)->SetLongArrayRegion(env, out, 0, n, values);
    }
    return out;
}

/*
 * The blocking pair's floor (BlockingSteps): MPI_Send and MPI_Recv of `bytes` to self on
 * MPI_COMM_SELF, one JNI call each, with primitive arguments only (the buffer's address).
 */
JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_sendSelf(JNIEnv *env, jclass cls, jlong buf,
                                                       jint bytes)
{
    (void)cls;
    CHECK(MPI_Send((void *)(intptr_t)buf, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF));
    return 0;
}

JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_recvSelf(JNIEnv *env, jclass cls, jlong buf,
                                                       jint bytes)
{
    (void)cls;
    MPI_Status st;
    CHECK(MPI_Recv((void *)(intptr_t)buf, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &st));
    return 0;
}

/*
 * The same with the buffer passed as an object, its address read as the binding reads it
 * (no null or direct check: BlockingSteps passes its own direct buffers, as the binding's
 * natives get buffers BufferArgs checked in Java).
 */
JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_sendSelfBuffer(JNIEnv *env, jclass cls,
                                                             jobject buf, jint bytes)
{
    (void)cls;
    void *p = field_address(env, buf);
    CHECK(MPI_Send(p, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF));
    return 0;
}

JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_recvSelfBuffer(JNIEnv *env, jclass cls,
                                                             jobject buf, jint bytes)
{
    (void)cls;
    void *p = field_address(env, buf);
    MPI_Status st;
    CHECK(MPI_Recv(p, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &st));
    return 0;
}

/*
 * recvSelfBuffer with what the binding's recv returns: the source in the high 32 bits and
 * the bytes received (MPI_Get_count) in the low 32, for Java to put in a status object.
 */
JNIEXPORT jlong JNICALL Java_mpi_jmh_CBaseline_recvSelfCount(JNIEnv *env, jclass cls,
                                                             jobject buf, jint bytes)
{
    (void)cls;
    void *p = field_address(env, buf);
    MPI_Status st;
    CHECK(MPI_Recv(p, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &st));
    int received = 0;
    CHECK(MPI_Get_count(&st, MPI_BYTE, &received));
    return (jlong)(((uint64_t)(uint32_t)st.MPI_SOURCE << 32) | (uint32_t)received);
}

/*
 * A window of `bytes` bytes on MPI_COMM_SELF by MPI_Win_allocate, locked shared at rank 0
 * (osu_put_latency's passive mode, -s flush), for epochs(); returns the MPI_Win as a long,
 * 0 with an exception pending. winFree() unlocks and frees it.
 */
JNIEXPORT jlong JNICALL Java_mpi_jmh_CBaseline_winAllocate(JNIEnv *env, jclass cls, jint bytes)
{
    (void)cls;
    void *base = NULL;
    MPI_Win win = MPI_WIN_NULL;
    int rc = MPI_Win_allocate(bytes, 1, MPI_INFO_NULL, MPI_COMM_SELF, &base, &win);
    if (rc != MPI_SUCCESS) {
        fail(env, "MPI_Win_allocate", rc);
        return 0;
    }
    rc = MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    if (rc != MPI_SUCCESS) {
        fail(env, "MPI_Win_lock", rc);
        MPI_Win_free(&win);
        return 0;
    }
    return (jlong)(intptr_t)win;
}

/* Unlocks and frees a window of winAllocate(). */
JNIEXPORT void JNICALL Java_mpi_jmh_CBaseline_winFree(JNIEnv *env, jclass cls, jlong handle)
{
    (void)cls;
    MPI_Win win = (MPI_Win)(intptr_t)handle;
    int rc = MPI_Win_unlock(0, win);
    if (rc != MPI_SUCCESS) {
        fail(env, "MPI_Win_unlock", rc);
        return;
    }
    rc = MPI_Win_free(&win);
    if (rc != MPI_SUCCESS) {
        fail(env, "MPI_Win_free", rc);
    }
}

/*
 * n x (MPI_Put, or MPI_Get with get, of bytes at the buffer to displacement 0 of rank 0;
 * MPI_Win_flush(0)) on a window of winAllocate(): osu_put_latency's and osu_get_latency's
 * epoch in passive mode, the twin of Win.put or Win.get + Win.flush.
 */
JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_epochs(JNIEnv *env, jclass cls, jlong handle,
                                                     jobject origin, jint bytes, jboolean get,
                                                     jint n)
{
    (void)cls;
    MPI_Win win = (MPI_Win)(intptr_t)handle;
    void *o = address(env, origin);
    if (o == NULL) {
        return -1;
    }
    for (jint i = 0; i < n; i++) {
        if (get) {
            CHECK(MPI_Get(o, bytes, MPI_INT8_T, 0, 0, bytes, MPI_INT8_T, win));
        } else {
            CHECK(MPI_Put(o, bytes, MPI_INT8_T, 0, 0, bytes, MPI_INT8_T, win));
        }
        CHECK(MPI_Win_flush(0, win));
    }
    return 0;
}

/*
 * n x one sequence of CallFloors (mpi.jmh.CallFloors.Call, by ordinal), the twin of its Java
 * pattern: PROBE  MPI_Send; MPI_Probe; MPI_Recv.  IPROBE  MPI_Send; MPI_Iprobe until found;
 * MPI_Recv.  SSEND  MPI_Irecv; MPI_Ssend; MPI_Wait.  RSEND  MPI_Irecv; MPI_Rsend; MPI_Wait.
 * WAITANY  MPI_Irecv; MPI_Send; MPI_Waitany of one.  TESTANY  MPI_Irecv; MPI_Send;
 * MPI_Testany of one until done.
 */
JNIEXPORT jint JNICALL Java_mpi_jmh_CBaseline_calls(JNIEnv *env, jclass cls, jint call,
                                                    jobject sendbuf, jobject recvbuf,
                                                    jint bytes, jint n)
{
    (void)cls;
    void *s = address(env, sendbuf), *r = address(env, recvbuf);
    if (s == NULL || r == NULL) {
        return -1;
    }
    for (jint i = 0; i < n; i++) {
        MPI_Request rr;
        MPI_Status st;
        int flag = 0, index = 0;
        switch (call) {
        case 0:
            CHECK(MPI_Send(s, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF));
            CHECK(MPI_Probe(0, TAG, MPI_COMM_SELF, &st));
            CHECK(MPI_Recv(r, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &st));
            break;
        case 1:
            CHECK(MPI_Send(s, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF));
            while (!flag) {
                CHECK(MPI_Iprobe(0, TAG, MPI_COMM_SELF, &flag, &st));
            }
            CHECK(MPI_Recv(r, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &st));
            break;
        case 2:
        case 3:
            CHECK(MPI_Irecv(r, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &rr));
            if (call == 2) {
                CHECK(MPI_Ssend(s, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF));
            } else {
                CHECK(MPI_Rsend(s, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF));
            }
            CHECK(MPI_Wait(&rr, &st));
            break;
        case 4:
        case 5:
            CHECK(MPI_Irecv(r, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF, &rr));
            CHECK(MPI_Send(s, bytes, MPI_INT8_T, 0, TAG, MPI_COMM_SELF));
            if (call == 4) {
                CHECK(MPI_Waitany(1, &rr, &index, &st));
            } else {
                while (!flag) {
                    CHECK(MPI_Testany(1, &rr, &index, &flag, &st));
                }
            }
            break;
        default:
            fail(env, "CallFloors: no such call", MPI_ERR_ARG);
            return -1;
        }
    }
    return 0;
}
