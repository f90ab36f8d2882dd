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
 * ints; a cast through intptr_t converts either way for both.
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
    jclass array_class[8];         /* byte[], short[], char[], int[], long[], float[], double[], boolean[] */
    jfieldID datatype_handle;      /* mpi.Datatype.handle, for calls with datatype arrays */
};
extern struct ombj_ids ombj;

/* Throws an mpi.MPIException for an MPI error code; the library's message and class. */
void ombj_throw_mpi(JNIEnv *env, int rc);

/* Throws an exception of the cached class with a message. */
void ombj_throw(JNIEnv *env, jclass cls, const char *msg);

/* Copies an MPI_Status into an mpi.Status object. */
void ombj_set_status(JNIEnv *env, jobject status, const MPI_Status *s);

/*
 * Copies the first `bytes` bytes of a Java primitive array to native memory, or native memory
 * into the start of the array, with Get/Set<Type>ArrayRegion: exactly those bytes, without
 * pinning the array (so the garbage collector never waits, and -Xcheck:jni does not copy the
 * whole array to check it). `bytes` is a whole number of elements. Returns 0, or -1 with an
 * exception pending.
 */
int ombj_copy_from_array(JNIEnv *env, jobject array, void *dst, jint bytes);
int ombj_copy_to_array(JNIEnv *env, const void *src, jobject array, jint bytes);

/*
 * Copies blocks of native memory into the same byte offsets of a Java primitive array with
 * Set<Type>ArrayRegion, leaving the rest of the array as it is: `pairs` pairs of (byte offset,
 * bytes) in `blocks`, whole elements of the array. Returns 0, or -1 with an exception pending.
 */
int ombj_copy_blocks_to_array(JNIEnv *env, const void *src, jobject array, const jint *blocks,
                              jsize pairs);

/*
 * The address of a direct buffer, or NULL with an IllegalArgumentException pending.
 * A null buffer (allowed where MPI ignores it) gives NULL with nothing pending.
 */
void *ombj_direct_address(JNIEnv *env, jobject buf);

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
