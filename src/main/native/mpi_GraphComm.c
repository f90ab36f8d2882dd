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
