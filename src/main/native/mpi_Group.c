/*
 * Native side of mpi.Group, and of Comm.getGroup. Handles travel by value; rank arrays are
 * copied in and out with Get/Set<Int>ArrayRegion (never pinned across an MPI call).
 */
#include "ombj.h"
#include "mpi_Comm.h"
#include "mpi_Group.h"

#include <stdlib.h>

#define OMBJ_GROUP(j) ((MPI_Group)(intptr_t)(j))

/* Up to this many ranks, a rank list lives on the stack. */
#define STACK_RANKS 64

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commGetGroup(JNIEnv *env, jobject backend, jlong comm)
{
    (void)backend;
    MPI_Group g = MPI_GROUP_NULL;
    int rc = MPI_Comm_group(OMBJ_COMM(comm), &g);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(g);
}

JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_groupSize(JNIEnv *env, jobject backend, jlong group)
{
    (void)backend;
    int size = 0;
    int rc = MPI_Group_size(OMBJ_GROUP(group), &size);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return size;
}

JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_groupRank(JNIEnv *env, jobject backend, jlong group)
{
    (void)backend;
    int rank = MPI_UNDEFINED;
    int rc = MPI_Group_rank(OMBJ_GROUP(group), &rank);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return rank;
}

/*
 * A Java int[] copied into C ints: on the stack when small. Returns the array (stack or
 * malloc'd; free it with release_ranks), or NULL with an exception pending.
 */
static int *copy_ranks(JNIEnv *env, jintArray ranks, jsize n, int *stack)
{
    int *out = n <= STACK_RANKS ? stack : malloc((size_t)n * sizeof *out);
    if (out == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for a rank list");
        return NULL;
    }
    /* jint is int on every platform JNI and MPI share; the region copy fills it directly. */
    (*env)->GetIntArrayRegion(env, ranks, 0, n, (jint *)out);
    if ((*env)->ExceptionCheck(env)) {
        if (out != stack) {
            free(out);
        }
        return NULL;
    }
    return out;
}

static void release_ranks(int *ranks, const int *stack)
{
    if (ranks != stack) {
        free(ranks);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_groupInclExcl(JNIEnv *env, jobject backend, jlong group,
                                                 jintArray ranks, jboolean incl)
{
    (void)backend;
    int stack[STACK_RANKS];
    jsize n = (*env)->GetArrayLength(env, ranks);
    int *r = copy_ranks(env, ranks, n, stack);
    if (r == NULL) {
        return OMBJ_J(MPI_GROUP_NULL);
    }
    MPI_Group out = MPI_GROUP_NULL;
    int rc = incl ? MPI_Group_incl(OMBJ_GROUP(group), n, r, &out)
                  : MPI_Group_excl(OMBJ_GROUP(group), n, r, &out);
    release_ranks(r, stack);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return OMBJ_J(MPI_GROUP_NULL);
    }
    return OMBJ_J(out);
}

JNIEXPORT jintArray JNICALL Java_mpi_JniCommunicators_groupTranslateRanks(JNIEnv *env, jobject backend,
                                                           jlong group1, jintArray ranks1,
                                                           jlong group2)
{
    (void)backend;
    int stack_in[STACK_RANKS], stack_out[STACK_RANKS];
    jsize n = (*env)->GetArrayLength(env, ranks1);
    int *in = copy_ranks(env, ranks1, n, stack_in);
    if (in == NULL) {
        return NULL;
    }
    int *out = n <= STACK_RANKS ? stack_out : malloc((size_t)n * sizeof *out);
    jintArray result = NULL;
    if (out == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for a rank list");
        goto done;
    }
    int rc = MPI_Group_translate_ranks(OMBJ_GROUP(group1), n, in, OMBJ_GROUP(group2), out);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        goto done;
    }
    result = (*env)->NewIntArray(env, n);
    if (result != NULL) {
        (*env)->SetIntArrayRegion(env, result, 0, n, (const jint *)out);
    }
done:
    release_ranks(in, stack_in);
    if (out != NULL) {
        release_ranks(out, stack_out);
    }
    return result;
}

JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_groupCompare(JNIEnv *env, jobject backend, jlong group1,
                                               jlong group2)
{
    (void)backend;
    int result = MPI_UNEQUAL;
    int rc = MPI_Group_compare(OMBJ_GROUP(group1), OMBJ_GROUP(group2), &result);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return result;
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_groupCombine(JNIEnv *env, jobject backend, jint operation,
                                                jlong group1, jlong group2)
{
    (void)backend;
    MPI_Group out = MPI_GROUP_NULL;
    MPI_Group a = OMBJ_GROUP(group1), b = OMBJ_GROUP(group2);
    int rc;
    switch (operation) {
    case mpi_Group_UNION:        rc = MPI_Group_union(a, b, &out); break;
    case mpi_Group_INTERSECTION: rc = MPI_Group_intersection(a, b, &out); break;
    case mpi_Group_DIFFERENCE:   rc = MPI_Group_difference(a, b, &out); break;
    default:
        ombj_throw(env, ombj.illegal_argument, "unknown group operation");
        return OMBJ_J(MPI_GROUP_NULL);
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(out);
}

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_groupFree(JNIEnv *env, jobject backend, jlong group)
{
    (void)backend;
    MPI_Group g = OMBJ_GROUP(group);
    int rc = MPI_Group_free(&g);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* Java has checked that the triplets come in threes. */
JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_groupRangeInclExcl(JNIEnv *env,
    jobject backend, jlong group, jintArray triplets, jboolean incl)
{
    (void)backend;
    int stack[STACK_RANKS];
    jsize n = (*env)->GetArrayLength(env, triplets);
    int *r = copy_ranks(env, triplets, n, stack);
    if (r == NULL) {
        return OMBJ_J(MPI_GROUP_NULL);
    }
    MPI_Group out = MPI_GROUP_NULL;
    int (*ranges)[3] = (int (*)[3])r;
    int rc = incl ? MPI_Group_range_incl(OMBJ_GROUP(group), n / 3, ranges, &out)
                  : MPI_Group_range_excl(OMBJ_GROUP(group), n / 3, ranges, &out);
    release_ranks(r, stack);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return OMBJ_J(MPI_GROUP_NULL);
    }
    return OMBJ_J(out);
}
