/* Native side of mpi.Intracomm. */
#include "ombj.h"

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_intracommSplit(JNIEnv *env, jobject backend, jlong comm,
                                                  jint colour, jint key)
{
    (void)backend;
    MPI_Comm part = MPI_COMM_NULL;
    int rc = MPI_Comm_split(OMBJ_COMM(comm), colour, key, &part);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(part);
}

/* ---- topologies ---- */

#include <stdlib.h>

/* Java has checked that periods has an entry per dimension. */
JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_intracommCreateCart(JNIEnv *env, jobject backend, jlong comm,
                                                       jintArray dims, jbooleanArray periods,
                                                       jboolean reorder)
{
    (void)backend;
    jsize n = (*env)->GetArrayLength(env, dims);
    int *d = ombj_ints(env, dims, n);
    if (d == NULL) {
        return 0;
    }
    int *p = malloc((n > 0 ? (size_t)n : 1) * sizeof(int));
    jboolean *jp = malloc((n > 0 ? (size_t)n : 1) * sizeof(jboolean));
    if (p == NULL || jp == NULL) {
        free(d);
        free(p);
        free(jp);
        ombj_throw(env, ombj.out_of_memory, "no memory for the grid's periods");
        return 0;
    }
    (*env)->GetBooleanArrayRegion(env, periods, 0, n, jp);
    if ((*env)->ExceptionCheck(env)) {
        free(d);
        free(p);
        free(jp);
        return 0;
    }
    for (jsize i = 0; i < n; i++) {
        p[i] = jp[i] ? 1 : 0;
    }
    MPI_Comm cart = MPI_COMM_NULL;
    int rc = MPI_Cart_create(OMBJ_COMM(comm), n, d, p, reorder ? 1 : 0, &cart);
    free(d);
    free(p);
    free(jp);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(cart);
}

/*
 * The weights MPI is given for `n` neighbours: MPI_UNWEIGHTED for a null array,
 * MPI_WEIGHTS_EMPTY for a weighted process without neighbours (NULL is no valid argument),
 * else a copy. *copy is what to free() (NULL if nothing). Returns 0, or -1 with an exception
 * pending.
 */
static int weights(JNIEnv *env, jintArray array, jsize n, int **mpi, int **copy)
{
    *copy = NULL;
    if (array == NULL) {
        *mpi = MPI_UNWEIGHTED;
        return 0;
    }
    if (n == 0) {
        *mpi = MPI_WEIGHTS_EMPTY;
        return 0;
    }
    *mpi = *copy = ombj_ints(env, array, n);
    return *copy == NULL ? -1 : 0;
}

/* Java has checked that each weight array (when not null) is as long as its rank array. */
JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_intracommCreateDistGraphAdjacent(
    JNIEnv *env, jobject backend, jlong comm, jintArray sources, jintArray source_weights,
    jintArray destinations, jintArray dest_weights, jlong info, jboolean reorder)
{
    (void)backend;
    jsize in = (*env)->GetArrayLength(env, sources);
    jsize out = (*env)->GetArrayLength(env, destinations);
    int *s = ombj_ints(env, sources, in);
    int *d = s == NULL ? NULL : ombj_ints(env, destinations, out);
    int *sw = NULL, *sw_copy = NULL, *dw = NULL, *dw_copy = NULL;
    MPI_Comm graph = MPI_COMM_NULL;
    int rc = MPI_SUCCESS;
    if (d != NULL && weights(env, source_weights, in, &sw, &sw_copy) == 0
        && weights(env, dest_weights, out, &dw, &dw_copy) == 0) {
        rc = MPI_Dist_graph_create_adjacent(OMBJ_COMM(comm), in, s, sw, out, d, dw,
                                            OMBJ_INFO(info), reorder ? 1 : 0, &graph);
        if (rc != MPI_SUCCESS) {
            ombj_throw_mpi(env, rc);
        }
    }
    free(s);
    free(d);
    free(sw_copy);
    free(dw_copy);
    return OMBJ_J(graph);
}

/* Java has checked that destinations (and weights, when not null) hold the degrees' sum. */
JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_intracommCreateDistGraph(
    JNIEnv *env, jobject backend, jlong comm, jintArray sources, jintArray degrees,
    jintArray destinations, jintArray edge_weights, jlong info, jboolean reorder)
{
    (void)backend;
    jsize n = (*env)->GetArrayLength(env, sources);
    int *s = ombj_ints(env, sources, n);
    int *deg = s == NULL ? NULL : ombj_ints(env, degrees, n);
    jsize edges = 0;
    for (jsize i = 0; deg != NULL && i < n; i++) {
        edges += deg[i];
    }
    int *d = deg == NULL ? NULL : ombj_ints(env, destinations, edges);
    int *w = NULL, *w_copy = NULL;
    MPI_Comm graph = MPI_COMM_NULL;
    if (d != NULL && weights(env, edge_weights, edges, &w, &w_copy) == 0) {
        int rc = MPI_Dist_graph_create(OMBJ_COMM(comm), n, s, deg, d, w,
                                       OMBJ_INFO(info), reorder ? 1 : 0, &graph);
        if (rc != MPI_SUCCESS) {
            ombj_throw_mpi(env, rc);
        }
    }
    free(s);
    free(deg);
    free(d);
    free(w_copy);
    return OMBJ_J(graph);
}
