/*
 * Shared pieces of the OMB-J JNI library: MPI handle conversions, buffer access, and the
 * classes and field IDs cached once at load time (the only global state the library keeps).
 */
#ifndef OMBJ_H
#define OMBJ_H

#include <jni.h>
#include <mpi.h>
#include <stdint.h>

/*
 * MPI handles travel through Java as jlong. Open MPI's handles are pointers and MPICH's are
 * ints (MVAPICH, Intel MPI and Cray MPICH are MPICH's); a cast through intptr_t converts
 * either way for both (an int handle with its top bit set sign-extends and truncates back to
 * the same int). Java compares handles only with the library's own null handles, read at run
 * time (MPI.nConstant), and uses 0 for "no handle": 0 is no valid handle in either (a null
 * pointer; in MPICH, handle kind 0 is "invalid"). ombj.c checks that every handle fits a jlong.
 */
#define OMBJ_J(h)        ((jlong)(intptr_t)(h))
#define OMBJ_COMM(j)     ((MPI_Comm)(intptr_t)(j))
#define OMBJ_TYPE(j)     ((MPI_Datatype)(intptr_t)(j))
#define OMBJ_OP(j)       ((MPI_Op)(intptr_t)(j))
#define OMBJ_REQUEST(j)  ((MPI_Request)(intptr_t)(j))
#define OMBJ_INFO(j)     ((MPI_Info)(intptr_t)(j))

/* Classes and IDs resolved in JNI_OnLoad. */
struct ombj_ids {
    jclass mpi_exception;          /* mpi.MPIException */
    jmethodID mpi_exception_init;  /* (String, int, int) */
    jclass illegal_argument;       /* java.lang.IllegalArgumentException */
    jclass out_of_memory;          /* java.lang.OutOfMemoryError */
    jfieldID status_source, status_tag, status_error, status_bytes;
    jfieldID datatype_handle;      /* mpi.Datatype.handle, for calls with datatype arrays */
    jfieldID buffer_address;       /* java.nio.Buffer.address: a direct buffer's base address */
};
extern struct ombj_ids ombj;

/* Throws an mpi.MPIException for an MPI error code; the library's message and class. */
void ombj_throw_mpi(JNIEnv *env, int rc);

/* Throws an exception of the cached class with a message. */
void ombj_throw(JNIEnv *env, jclass cls, const char *msg);

/*
 * After a failed MPI_Wait or MPI_Test on the request of mpi.Request `self`: sets its handle
 * field to `r`, what MPI left (MPI may have freed it), then throws the MPIException for rc.
 * (mpi_Request.c)
 */
void ombj_request_failed(JNIEnv *env, jobject self, MPI_Request r, int rc);

/* Copies an MPI_Status into an mpi.Status object. */
void ombj_set_status(JNIEnv *env, jobject status, const MPI_Status *s);

/*
 * Copies bytes [offset, offset + bytes) of a Java primitive array of element kind `kind`
 * (mpi.ArrayCopy.kindOf, found in Java: no class lookup here) to `native`, or `native` into
 * those bytes of the array (to_array), with one Get/Set<Type>ArrayRegion: exactly those bytes,
 * without pinning the array (so the garbage collector never waits, and -Xcheck:jni does not
 * copy the whole array to check it). `offset` and `bytes` are whole numbers of elements.
 * Returns 0, or -1 with an exception pending. (mpi_ArrayCopy.c)
 */
int ombj_copy_array(JNIEnv *env, jobject array, jint kind, void *native, jint offset,
                    jint bytes, int to_array);

/*
 * ombj_copy_array for a copy whose kind and bounds Java has checked (BufferArgs, or the
 * binding's own bookkeeping): Get/Set<Type>ArrayRegion cannot throw then, so no
 * ExceptionCheck follows. That check is a transition into the VM of its own, as costly as
 * the copy of a small message (README, "Message rate"). ombj_throw_mpi checks for a pending
 * exception before it throws, as JNI requires after such a copy. (mpi_ArrayCopy.c)
 */
void ombj_copy_checked_array(JNIEnv *env, jobject array, jint kind, void *native, jint offset,
                             jint bytes, int to_array);

/*
 * The address of a direct buffer, or NULL with an IllegalArgumentException pending.
 * A null buffer (allowed where MPI ignores it) gives NULL with nothing pending.
 */
void *ombj_direct_address(JNIEnv *env, jobject buf);

/*
 * The address of a buffer that Java has already checked is direct (BufferArgs.isArray said
 * so, or it is the binding's own staging memory), read from java.nio.Buffer's address field.
 * GetDirectBufferAddress reads the same field, but first checks with IsInstanceOf that the
 * object is a direct buffer (about 10 ns a call, a third of the binding's cost per call for a
 * small message); here Java's check has done that once. Never use it on an unchecked object:
 * a heap buffer's address field holds an array offset, not an address.
 */
static inline void *ombj_checked_address(JNIEnv *env, jobject buf)
{
    return (void *)(intptr_t)(*env)->GetLongField(env, buf, ombj.buffer_address);
}

/*
 * A buffer argument: a direct buffer, or a Java array pinned with GetPrimitiveArrayCritical
 * (no copy). Between ombj_pin of an array and its ombj_unpin no other JNI function may be
 * called, so a call resolves every direct address before it pins any array.
 */
struct ombj_buf {
    jobject obj;
    jboolean is_array;
    void *ptr;
};

/* Inline: these sit on every call's hot path. */

/* Phase 1: resolves a direct buffer's address. Returns 0, or -1 with an exception pending. */
static inline int ombj_resolve(JNIEnv *env, struct ombj_buf *b)
{
    b->ptr = NULL;
    if (b->is_array || b->obj == NULL) {
        return 0;
    }
    b->ptr = (*env)->GetDirectBufferAddress(env, b->obj);
    if (b->ptr == NULL) {
        ombj_throw(env, ombj.illegal_argument, "not a direct buffer");
        return -1;
    }
    return 0;
}

/*
 * Phase 1 of the point-to-point calls, whose buffers BufferArgs.isArray has checked in Java
 * (is_array false means a direct buffer): the address without a second check. Returns 0.
 */
static inline int ombj_resolve_checked(JNIEnv *env, struct ombj_buf *b)
{
    b->ptr = b->is_array || b->obj == NULL ? NULL : ombj_checked_address(env, b->obj);
    return 0;
}

/* Phase 2: pins an array. Returns 0, or -1 with an exception pending (nothing pinned). */
static inline int ombj_pin(JNIEnv *env, struct ombj_buf *b)
{
    if (!b->is_array || b->obj == NULL) {
        return 0;
    }
    b->ptr = (*env)->GetPrimitiveArrayCritical(env, b->obj, NULL);
    return b->ptr == NULL ? -1 : 0; /* NULL: OutOfMemoryError pending */
}

/* Releases a pinned array: JNI_ABORT for data MPI only read, 0 for data MPI wrote. */
static inline void ombj_unpin(JNIEnv *env, struct ombj_buf *b, jint mode)
{
    if (b->is_array && b->obj != NULL && b->ptr != NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, b->obj, b->ptr, mode);
        b->ptr = NULL;
    }
}

/*
 * Topologies: a native copy of the first n entries of a Java int[] (n >= 0; jint is C's int),
 * read with GetIntArrayRegion (no pin). Returns memory to free(), or NULL with an exception
 * pending.
 */
int *ombj_ints(JNIEnv *env, jintArray array, jsize n);

#endif
