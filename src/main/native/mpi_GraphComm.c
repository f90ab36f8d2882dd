/*
 * Native side of mpi.GraphComm: a distributed graph's neighbours. Java made the arrays with
 * the degrees MPI reported; they are filled with Set<Type>ArrayRegion (no pins).
 */
#include "ombj.h"

#include <stdlib.h>

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_graphNeighborsCount(JNIEnv *env, jobject backend, jlong comm)
{
    (void)backend;
    int in = 0, out = 0, weighted = 0;
    int rc = MPI_Dist_graph_neighbors_count(OMBJ_COMM(comm), &in, &out, &weighted);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return (jlong)(((uint64_t)(uint32_t)in << 33) | ((uint64_t)(uint32_t)out << 1)
                   | (weighted ? 1u : 0u));
}

/*
 * Null weight arrays: the graph is unweighted, and its weights (which MPI need not write) are
 * not copied back, so Java's stay 0.
 */
JNIEXPORT void JNICALL Java_mpi_JniCommunicators_graphNeighbors(JNIEnv *env, jobject backend, jlong comm,
                                                     jintArray sources, jintArray source_weights,
                                                     jintArray destinations,
                                                     jintArray dest_weights)
{
    (void)backend;
    jsize in = (*env)->GetArrayLength(env, sources);
    jsize out = (*env)->GetArrayLength(env, destinations);
    size_t entries = 2 * ((size_t)in + (size_t)out);
    int *c = calloc(entries > 0 ? entries : 1, sizeof(int));
    if (c == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for the graph's neighbours");
        return;
    }
    int *s = c, *sw = c + in, *d = c + 2 * in, *dw = c + 2 * in + out;
    int weighted = source_weights != NULL;
    int rc = MPI_Dist_graph_neighbors(OMBJ_COMM(comm), in, s, sw, out, d, dw);
    if (rc == MPI_SUCCESS) {
        (*env)->SetIntArrayRegion(env, sources, 0, in, (const jint *)s);
        (*env)->SetIntArrayRegion(env, destinations, 0, out, (const jint *)d);
        if (weighted) {
            (*env)->SetIntArrayRegion(env, source_weights, 0, in, (const jint *)sw);
            (*env)->SetIntArrayRegion(env, dest_weights, 0, out, (const jint *)dw);
        }
    }
    free(c);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* ---- graph topologies (MPI_Graph_create and its queries) ---- */

/* A new Java int[] of the n ints at values, or NULL with an exception pending. */
static jintArray new_ints(JNIEnv *env, const int *values, jsize n)
{
    jintArray a = (*env)->NewIntArray(env, n);
    if (a != NULL && n > 0) {
        (*env)->SetIntArrayRegion(env, a, 0, n, (const jint *)values);
    }
    return a;
}

/* Native copies of the graph Java checked. Returns 0, or -1 with an exception pending. */
static int copy_graph(JNIEnv *env, jintArray index, jintArray edges, int **i, int **e)
{
    *i = ombj_ints(env, index, (*env)->GetArrayLength(env, index));
    if (*i == NULL) {
        return -1;
    }
    *e = ombj_ints(env, edges, (*env)->GetArrayLength(env, edges));
    if (*e == NULL) {
        free(*i);
        return -1;
    }
    return 0;
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_intracommCreateGraph(JNIEnv *env,
    jobject backend, jlong comm, jintArray index, jintArray edges, jboolean reorder)
{
    (void)backend;
    int *i, *e;
    if (copy_graph(env, index, edges, &i, &e) != 0) {
        return 0;
    }
    MPI_Comm graph = MPI_COMM_NULL;
    int rc = MPI_Graph_create(OMBJ_COMM(comm), (*env)->GetArrayLength(env, index), i, e,
                              reorder ? 1 : 0, &graph);
    free(i);
    free(e);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(graph);
}

JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_graphMap(JNIEnv *env, jobject backend,
    jlong comm, jintArray index, jintArray edges)
{
    (void)backend;
    int *i, *e;
    if (copy_graph(env, index, edges, &i, &e) != 0) {
        return 0;
    }
    int rank = MPI_UNDEFINED;
    int rc = MPI_Graph_map(OMBJ_COMM(comm), (*env)->GetArrayLength(env, index), i, e, &rank);
    free(i);
    free(e);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return rank;
}

JNIEXPORT jintArray JNICALL Java_mpi_JniCommunicators_graphGet(JNIEnv *env, jobject backend,
    jlong comm)
{
    (void)backend;
    int nodes = 0, edges = 0;
    int rc = MPI_Graphdims_get(OMBJ_COMM(comm), &nodes, &edges);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    size_t n = 2 + (size_t)nodes + (size_t)edges;
    int *all = malloc(n * sizeof(int));
    if (all == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for the graph");
        return NULL;
    }
    all[0] = nodes;
    all[1] = edges;
    rc = MPI_Graph_get(OMBJ_COMM(comm), nodes, edges, all + 2, all + 2 + nodes);
    jintArray result = rc == MPI_SUCCESS ? new_ints(env, all, (jsize)n) : NULL;
    free(all);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return result;
}

JNIEXPORT jintArray JNICALL Java_mpi_JniCommunicators_graphNeighborsOf(JNIEnv *env,
    jobject backend, jlong comm, jint rank)
{
    (void)backend;
    int n = 0;
    int rc = MPI_Graph_neighbors_count(OMBJ_COMM(comm), rank, &n);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    int *neighbors = malloc((n > 0 ? (size_t)n : 1) * sizeof(int));
    if (neighbors == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for the neighbours");
        return NULL;
    }
    rc = MPI_Graph_neighbors(OMBJ_COMM(comm), rank, n, neighbors);
    jintArray result = rc == MPI_SUCCESS ? new_ints(env, neighbors, n) : NULL;
    free(neighbors);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return result;
}
