/*
 * Native side of mpi.CartComm. Java has checked array lengths against the grid's dimensions;
 * arrays are copied with Get/Set<Type>ArrayRegion (no pins), and MPI errors become
 * MPIException.
 */
#include "ombj.h"

#include <stdlib.h>

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_cartCreateDims(JNIEnv *env, jobject backend, jint nnodes,
                                                     jintArray dims)
{
    (void)backend;
    jsize n = (*env)->GetArrayLength(env, dims);
    int *c = ombj_ints(env, dims, n);
    if (c == NULL) {
        return;
    }
    int rc = MPI_Dims_create(nnodes, n, c);
    if (rc == MPI_SUCCESS) {
        (*env)->SetIntArrayRegion(env, dims, 0, n, (const jint *)c);
    }
    free(c);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_cartDims(JNIEnv *env, jobject backend, jlong comm)
{
    (void)backend;
    int ndims = 0;
    int rc = MPI_Cartdim_get(OMBJ_COMM(comm), &ndims);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return ndims;
}

/* The three arrays have the grid's number of dimensions (Java made them). */
JNIEXPORT void JNICALL Java_mpi_JniCommunicators_cartGet(JNIEnv *env, jobject backend, jlong comm,
                                              jintArray dims, jbooleanArray periods,
                                              jintArray coords)
{
    (void)backend;
    jsize n = (*env)->GetArrayLength(env, dims);
    int *c = malloc(3 * (size_t)(n > 0 ? n : 1) * sizeof(int));
    if (c == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for the grid's topology");
        return;
    }
    int *d = c, *p = c + n, *x = c + 2 * n;
    int rc = MPI_Cart_get(OMBJ_COMM(comm), n, d, p, x);
    if (rc == MPI_SUCCESS) {
        (*env)->SetIntArrayRegion(env, dims, 0, n, (const jint *)d);
        (*env)->SetIntArrayRegion(env, coords, 0, n, (const jint *)x);
        for (jsize i = 0; i < n && !(*env)->ExceptionCheck(env); i++) {
            jboolean b = p[i] ? JNI_TRUE : JNI_FALSE;
            (*env)->SetBooleanArrayRegion(env, periods, i, 1, &b);
        }
    }
    free(c);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_cartCoords(JNIEnv *env, jobject backend, jlong comm,
                                                 jint rank, jintArray coords)
{
    (void)backend;
    jsize n = (*env)->GetArrayLength(env, coords);
    int *c = ombj_ints(env, coords, n);
    if (c == NULL) {
        return;
    }
    int rc = MPI_Cart_coords(OMBJ_COMM(comm), rank, n, c);
    if (rc == MPI_SUCCESS) {
        (*env)->SetIntArrayRegion(env, coords, 0, n, (const jint *)c);
    }
    free(c);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* MPI reads one coordinate per dimension: Java has checked that coords has that many. */
JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_cartRank(JNIEnv *env, jobject backend, jlong comm,
                                               jintArray coords)
{
    (void)backend;
    int *c = ombj_ints(env, coords, (*env)->GetArrayLength(env, coords));
    if (c == NULL) {
        return -1;
    }
    int rank = -1;
    int rc = MPI_Cart_rank(OMBJ_COMM(comm), c, &rank);
    free(c);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return rank;
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_cartShift(JNIEnv *env, jobject backend, jlong comm,
                                                 jint direction, jint disp)
{
    (void)backend;
    int source = MPI_PROC_NULL, dest = MPI_PROC_NULL;
    int rc = MPI_Cart_shift(OMBJ_COMM(comm), direction, disp, &source, &dest);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return (jlong)(((uint64_t)(uint32_t)source << 32) | (uint32_t)dest);
}

/* MPI_Cart_map: dims and periods (0 or 1) of equal length, as Java checked them. */
JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_cartMap(JNIEnv *env, jobject backend,
    jlong comm, jintArray dims, jintArray periods)
{
    (void)backend;
    jsize n = (*env)->GetArrayLength(env, dims);
    int *d = ombj_ints(env, dims, n);
    if (d == NULL) {
        return 0;
    }
    int *p = ombj_ints(env, periods, n);
    if (p == NULL) {
        free(d);
        return 0;
    }
    int rank = MPI_UNDEFINED;
    int rc = MPI_Cart_map(OMBJ_COMM(comm), n, d, p, &rank);
    free(d);
    free(p);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return rank;
}

/* MPI_Cart_sub: one 0 or 1 per dimension of the grid, as Java checked them. */
JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_cartSub(JNIEnv *env, jobject backend,
    jlong comm, jintArray remain)
{
    (void)backend;
    int *r = ombj_ints(env, remain, (*env)->GetArrayLength(env, remain));
    if (r == NULL) {
        return 0;
    }
    MPI_Comm sub = MPI_COMM_NULL;
    int rc = MPI_Cart_sub(OMBJ_COMM(comm), r, &sub);
    free(r);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(sub);
}
