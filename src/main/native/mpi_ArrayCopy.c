/*
 * Native side of mpi.ArrayCopy: copies between a Java primitive array and native memory with
 * the element kind found in Java, so that a copy is one Get/Set<Type>ArrayRegion and no JNI
 * class lookup. Also used by the calls that copy an array as part of their own JNI call.
 */
#include "ombj.h"
#include "mpi_ArrayCopy.h"

#include <stdlib.h>

/* The copy; an exception (bounds) may be pending after it. */
static inline void copy_array(JNIEnv *env, jobject array, jint kind, void *native, jint offset,
                              jint bytes, int to_array)
{
#define OMBJ_COPY(Type, jtype)                                                            \
    {                                                                                     \
        jsize start = offset / (jsize)sizeof(jtype);                                      \
        jsize n = bytes / (jsize)sizeof(jtype);                                           \
        if (to_array) {                                                                   \
            (*env)->Set##Type##ArrayRegion(env, (jtype##Array)array, start, n,            \
                                           (const jtype *)native);                        \
        } else {                                                                          \
            (*env)->Get##Type##ArrayRegion(env, (jtype##Array)array, start, n,            \
                                           (jtype *)native);                              \
        }                                                                                 \
    }                                                                                     \
    break;
    switch (kind) {
    case mpi_ArrayCopy_K_BYTE:    OMBJ_COPY(Byte, jbyte)
    case mpi_ArrayCopy_K_CHAR:    OMBJ_COPY(Char, jchar)
    case mpi_ArrayCopy_K_SHORT:   OMBJ_COPY(Short, jshort)
    case mpi_ArrayCopy_K_BOOLEAN: OMBJ_COPY(Boolean, jboolean)
    case mpi_ArrayCopy_K_INT:     OMBJ_COPY(Int, jint)
    case mpi_ArrayCopy_K_LONG:    OMBJ_COPY(Long, jlong)
    case mpi_ArrayCopy_K_FLOAT:   OMBJ_COPY(Float, jfloat)
    case mpi_ArrayCopy_K_DOUBLE:  OMBJ_COPY(Double, jdouble)
    default:
        ombj_throw(env, ombj.illegal_argument, "unknown array kind");
    }
#undef OMBJ_COPY
}

int ombj_copy_array(JNIEnv *env, jobject array, jint kind, void *native, jint offset,
                    jint bytes, int to_array)
{
    copy_array(env, array, kind, native, offset, bytes, to_array);
    return (*env)->ExceptionCheck(env) ? -1 : 0;
}

void ombj_copy_checked_array(JNIEnv *env, jobject array, jint kind, void *native, jint offset,
                             jint bytes, int to_array)
{
    copy_array(env, array, kind, native, offset, bytes, to_array);
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_arrayCopy(JNIEnv *env, jobject backend, jobject array,
                                                jint kind, jobject staging, jint offset,
                                                jint bytes, jboolean to_array)
{
    (void)backend;
    /* ArrayCopy.checkStaging has checked that staging is direct: no second class check. */
    char *p = ombj_checked_address(env, staging);
    /* Straight back to Java, which sees any exception: no ExceptionCheck needed. */
    copy_array(env, array, kind, p + offset, offset, bytes, to_array);
}

/* Bytes per element of an array kind, or 0 for an unknown kind. */
static jint element_size(jint kind)
{
    switch (kind) {
    case mpi_ArrayCopy_K_BYTE:
    case mpi_ArrayCopy_K_BOOLEAN: return 1;
    case mpi_ArrayCopy_K_CHAR:
    case mpi_ArrayCopy_K_SHORT:   return 2;
    case mpi_ArrayCopy_K_INT:
    case mpi_ArrayCopy_K_FLOAT:   return 4;
    case mpi_ArrayCopy_K_LONG:
    case mpi_ArrayCopy_K_DOUBLE:  return 8;
    default:                      return 0;
    }
}

/* Up to this many ints of blocks live on the stack (no malloc per call). */
#define STACK_BLOCK_INTS 64

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_arrayCopyBlocks(JNIEnv *env, jobject backend, jobject array,
                                                      jint kind, jobject staging,
                                                      jintArray blocks)
{
    (void)backend;
    /* ArrayCopy.checkStaging has checked that staging is direct: no second class check. */
    char *p = ombj_checked_address(env, staging);
    jint size = element_size(kind);
    if (size == 0) {
        ombj_throw(env, ombj.illegal_argument, "unknown array kind");
        return;
    }
    jsize n = (*env)->GetArrayLength(env, blocks);
    jint local[STACK_BLOCK_INTS];
    jint *b = n <= STACK_BLOCK_INTS ? local : malloc(sizeof(jint) * (size_t)n);
    if (b == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for the blocks of a receive");
        return;
    }
    (*env)->GetIntArrayRegion(env, blocks, 0, n, b);
    for (jsize k = 0; k + 1 < n && !(*env)->ExceptionCheck(env); k += 2) {
        jint at = b[k];
        jint bytes = b[k + 1];
        if (at < 0 || bytes < 0 || at % size != 0 || bytes % size != 0) {
            ombj_throw(env, ombj.illegal_argument, "a block is not whole elements of the array");
            break;
        }
        copy_array(env, array, kind, p + at, at, bytes, 1);
    }
    if (b != local) {
        free(b);
    }
}
