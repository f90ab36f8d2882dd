/*
 * Native side of mpi.Datatype's derived types: constructors, their size and bounds, commit
 * and free. Java has checked the arguments (non-negative counts, equal array lengths, a type
 * not freed); every MPI return is checked here and becomes an MPIException. A new type is
 * returned to Java only when MPI created it; on any later failure Java frees it.
 */
#include "ombj.h"

#include <stdlib.h>

/* Returns the new type's handle, or 0 with an MPIException pending. */
static jlong created(JNIEnv *env, int rc, MPI_Datatype type)
{
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(type);
}

JNIEXPORT jlong JNICALL Java_mpi_JniTypes_typeContiguous(JNIEnv *env, jobject backend, jint count,
                                                      jlong old)
{
    (void)backend;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    int rc = MPI_Type_contiguous(count, OMBJ_TYPE(old), &type);
    return created(env, rc, type);
}

JNIEXPORT jlong JNICALL Java_mpi_JniTypes_typeVector(JNIEnv *env, jobject backend, jint count,
                                                  jint block_length, jint stride, jlong old)
{
    (void)backend;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    int rc = MPI_Type_vector(count, block_length, stride, OMBJ_TYPE(old), &type);
    return created(env, rc, type);
}

JNIEXPORT jlong JNICALL Java_mpi_JniTypes_typeIndexed(JNIEnv *env, jobject backend,
                                                   jintArray block_lengths,
                                                   jintArray displacements, jlong old)
{
    (void)backend;
    jsize n = (*env)->GetArrayLength(env, block_lengths); /* Java: both non-null, same length */
    int *lengths = ombj_ints(env, block_lengths, n);
    if (lengths == NULL) {
        return 0;
    }
    int *displs = ombj_ints(env, displacements, n);
    if (displs == NULL) {
        free(lengths);
        return 0;
    }
    MPI_Datatype type = MPI_DATATYPE_NULL;
    int rc = MPI_Type_indexed(n, lengths, displs, OMBJ_TYPE(old), &type);
    free(displs);
    free(lengths);
    return created(env, rc, type);
}

/* Byte displacements widened to MPI_Aint, or NULL with an exception pending; free() it. */
static MPI_Aint *aints(JNIEnv *env, jintArray array, jsize n)
{
    int *narrow = ombj_ints(env, array, n);
    if (narrow == NULL) {
        return NULL;
    }
    MPI_Aint *wide = malloc(n > 0 ? (size_t)n * sizeof(MPI_Aint) : 1);
    if (wide == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for an MPI argument array");
    }
    for (jsize i = 0; wide != NULL && i < n; i++) {
        wide[i] = narrow[i];
    }
    free(narrow);
    return wide;
}

JNIEXPORT jlong JNICALL Java_mpi_JniTypes_typeStruct(JNIEnv *env, jobject backend,
                                                  jintArray block_lengths,
                                                  jintArray displacements, jlongArray types)
{
    (void)backend;
    jsize n = (*env)->GetArrayLength(env, block_lengths); /* Java: three arrays, one length */
    int *lengths = ombj_ints(env, block_lengths, n);
    MPI_Aint *displs = lengths == NULL ? NULL : aints(env, displacements, n);
    jlong *handles = displs == NULL ? NULL : malloc(n > 0 ? (size_t)n * sizeof(jlong) : 1);
    MPI_Datatype *olds = handles == NULL ? NULL
                         : malloc(n > 0 ? (size_t)n * sizeof(MPI_Datatype) : 1);
    jlong result = 0;
    if (olds != NULL) {
        (*env)->GetLongArrayRegion(env, types, 0, n, handles);
        for (jsize i = 0; i < n; i++) {
            olds[i] = OMBJ_TYPE(handles[i]);
        }
        MPI_Datatype type = MPI_DATATYPE_NULL;
        int rc = MPI_Type_create_struct(n, lengths, displs, olds, &type);
        result = created(env, rc, type);
    } else if (displs != NULL && !(*env)->ExceptionCheck(env)) {
        ombj_throw(env, ombj.out_of_memory, "no memory for an MPI argument array");
    }
    free(olds);
    free(handles);
    free(displs);
    free(lengths);
    return result;
}

JNIEXPORT jlong JNICALL Java_mpi_JniTypes_typeHVector(JNIEnv *env, jobject backend, jint count,
                                                   jint block_length, jint stride, jlong old)
{
    (void)backend;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    int rc = MPI_Type_create_hvector(count, block_length, (MPI_Aint)stride, OMBJ_TYPE(old),
                                     &type);
    return created(env, rc, type);
}

JNIEXPORT jlong JNICALL Java_mpi_JniTypes_typeHIndexed(JNIEnv *env, jobject backend,
                                                    jintArray block_lengths,
                                                    jintArray displacements, jlong old)
{
    (void)backend;
    jsize n = (*env)->GetArrayLength(env, block_lengths); /* Java: both non-null, same length */
    int *lengths = ombj_ints(env, block_lengths, n);
    if (lengths == NULL) {
        return 0;
    }
    MPI_Aint *displs = aints(env, displacements, n);
    if (displs == NULL) {
        free(lengths);
        return 0;
    }
    MPI_Datatype type = MPI_DATATYPE_NULL;
    int rc = MPI_Type_create_hindexed(n, lengths, displs, OMBJ_TYPE(old), &type);
    free(displs);
    free(lengths);
    return created(env, rc, type);
}

JNIEXPORT jlong JNICALL Java_mpi_JniTypes_typeResized(JNIEnv *env, jobject backend, jlong old,
                                                   jint lb, jint extent)
{
    (void)backend;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    int rc = MPI_Type_create_resized(OMBJ_TYPE(old), (MPI_Aint)lb, (MPI_Aint)extent, &type);
    return created(env, rc, type);
}

JNIEXPORT void JNICALL Java_mpi_JniTypes_typeLayout(JNIEnv *env, jobject backend, jlong handle,
                                                 jlongArray layout)
{
    (void)backend;
    MPI_Datatype type = OMBJ_TYPE(handle);
    MPI_Count size = 0, lb = 0, extent = 0, true_lb = 0, true_extent = 0;
    int rc = MPI_Type_size_x(type, &size);
    if (rc == MPI_SUCCESS) {
        rc = MPI_Type_get_extent_x(type, &lb, &extent);
    }
    if (rc == MPI_SUCCESS) {
        rc = MPI_Type_get_true_extent_x(type, &true_lb, &true_extent);
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return;
    }
    if (size == MPI_UNDEFINED) {
        ombj_throw(env, ombj.illegal_argument, "the datatype's size does not fit in a count");
        return;
    }
    jlong values[5] = { (jlong)size, (jlong)lb, (jlong)extent, (jlong)true_lb,
                        (jlong)true_extent };
    (*env)->SetLongArrayRegion(env, layout, 0, 5, values); /* Java passes a long[5] */
}

JNIEXPORT void JNICALL Java_mpi_JniTypes_typeCommit(JNIEnv *env, jobject backend, jlong handle)
{
    (void)backend;
    MPI_Datatype type = OMBJ_TYPE(handle);
    int rc = MPI_Type_commit(&type);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniTypes_typeFree(JNIEnv *env, jobject backend, jlong handle)
{
    (void)backend;
    MPI_Datatype type = OMBJ_TYPE(handle);
    int rc = MPI_Type_free(&type);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniTypes_typeDup(JNIEnv *env, jobject backend, jlong old)
{
    (void)backend;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    int rc = MPI_Type_dup(OMBJ_TYPE(old), &type);
    return created(env, rc, type);
}

JNIEXPORT void JNICALL Java_mpi_JniTypes_typeSetName(JNIEnv *env, jobject backend, jlong type,
    jstring name)
{
    (void)backend;
    const char *chars = (*env)->GetStringUTFChars(env, name, NULL);
    if (chars == NULL) {
        return; /* OutOfMemoryError pending */
    }
    int rc = MPI_Type_set_name(OMBJ_TYPE(type), chars);
    (*env)->ReleaseStringUTFChars(env, name, chars);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* ---- packing: Java hands direct buffers only (arrays are staged), bounds checked ---- */

JNIEXPORT jint JNICALL Java_mpi_JniTypes_pack(JNIEnv *env, jobject backend, jobject in,
    jint count, jlong type, jobject out, jint out_bytes, jint position, jlong comm)
{
    (void)backend;
    int at = position;
    int rc = MPI_Pack(ombj_checked_address(env, in), count, OMBJ_TYPE(type),
                      ombj_checked_address(env, out), out_bytes, &at, OMBJ_COMM(comm));
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return at;
}

JNIEXPORT jint JNICALL Java_mpi_JniTypes_unpack(JNIEnv *env, jobject backend, jobject in,
    jint in_bytes, jint position, jobject out, jint count, jlong type, jlong comm)
{
    (void)backend;
    int at = position;
    int rc = MPI_Unpack(ombj_checked_address(env, in), in_bytes, &at,
                        ombj_checked_address(env, out), count, OMBJ_TYPE(type),
                        OMBJ_COMM(comm));
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return at;
}

JNIEXPORT jint JNICALL Java_mpi_JniTypes_packSize(JNIEnv *env, jobject backend, jint count,
    jlong type, jlong comm)
{
    (void)backend;
    int size = 0;
    int rc = MPI_Pack_size(count, OMBJ_TYPE(type), OMBJ_COMM(comm), &size);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return size;
}
