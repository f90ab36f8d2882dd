/*
 * Native side of mpi.Comm. Java has already checked every buffer argument (BufferArgs):
 * here a buffer is a direct buffer (used at its address) or an array of the right length,
 * pinned with GetPrimitiveArrayCritical for the length of a blocking call. No JNI function
 * is called while an array is pinned; exceptions are raised after the release.
 */
#include "ombj.h"
#include "mpi_Comm.h"


JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_commRank(JNIEnv *env, jobject backend, jlong comm)
{
    (void)backend;
    int rank = -1;
    int rc = MPI_Comm_rank(OMBJ_COMM(comm), &rank);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return rank;
}

JNIEXPORT jboolean JNICALL Java_mpi_JniCommunicators_commTestInter(JNIEnv *env, jobject backend,
    jlong comm)
{
    (void)backend;
    int flag = 0;
    int rc = MPI_Comm_test_inter(OMBJ_COMM(comm), &flag);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return flag ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_commSize(JNIEnv *env, jobject backend, jlong comm)
{
    (void)backend;
    int size = 0;
    int rc = MPI_Comm_size(OMBJ_COMM(comm), &size);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return size;
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commDup(JNIEnv *env, jobject backend, jlong comm)
{
    (void)backend;
    MPI_Comm dup = MPI_COMM_NULL;
    int rc = MPI_Comm_dup(OMBJ_COMM(comm), &dup);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(dup);
}

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_commFree(JNIEnv *env, jobject backend, jlong comm)
{
    (void)backend;
    MPI_Comm c = OMBJ_COMM(comm);
    int rc = MPI_Comm_free(&c);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_commAbort(JNIEnv *env, jobject backend, jlong comm, jint code)
{
    (void)backend;
    int rc = MPI_Abort(OMBJ_COMM(comm), code);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* ---- point-to-point ---- */

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_commSend(JNIEnv *env, jobject backend, jlong comm, jobject buf,
                                           jboolean is_array, jint count, jlong type, jint dest,
                                           jint tag)
{
    (void)backend;
    struct ombj_buf b = { buf, is_array, NULL };
    if (ombj_resolve_checked(env, &b) != 0 || ombj_pin(env, &b) != 0) {
        return;
    }
    int rc = MPI_Send(b.ptr, count, OMBJ_TYPE(type), dest, tag, OMBJ_COMM(comm));
    ombj_unpin(env, &b, JNI_ABORT);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* Receives; returns 0 with the status filled, or -1 with an exception pending. */
static inline int receive(JNIEnv *env, jlong comm, jobject buf, jboolean is_array, jint count,
                   jlong type, jint source, jint tag, MPI_Status *s)
{
    struct ombj_buf b = { buf, is_array, NULL };
    if (ombj_resolve_checked(env, &b) != 0 || ombj_pin(env, &b) != 0) {
        return -1;
    }
    int rc = MPI_Recv(b.ptr, count, OMBJ_TYPE(type), source, tag, OMBJ_COMM(comm), s);
    ombj_unpin(env, &b, 0);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return -1;
    }
    return 0;
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_commRecv(JNIEnv *env, jobject backend, jlong comm, jobject buf,
                                            jboolean is_array, jint count, jlong type,
                                            jint source, jint tag)
{
    (void)backend;
    MPI_Status s;
    if (receive(env, comm, buf, is_array, count, type, source, tag, &s) != 0) {
        return 0;
    }
    int bytes = 0;
    if (MPI_Get_count(&s, MPI_BYTE, &bytes) != MPI_SUCCESS || bytes == MPI_UNDEFINED) {
        bytes = 0;
    }
    return (jlong)(((uint64_t)(uint32_t)s.MPI_SOURCE << 32) | (uint32_t)bytes);
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_commRecvStatus(JNIEnv *env, jobject backend, jlong comm,
                                                 jobject buf, jboolean is_array, jint count,
                                                 jlong type, jint source, jint tag,
                                                 jobject status)
{
    (void)backend;
    MPI_Status s;
    if (receive(env, comm, buf, is_array, count, type, source, tag, &s) == 0) {
        ombj_set_status(env, status, &s);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_commSendRecv(JNIEnv *env, jobject backend, jlong comm,
                                               jobject sendbuf, jboolean send_array,
                                               jint sendcount, jlong sendtype, jint dest,
                                               jint sendtag, jobject recvbuf,
                                               jboolean recv_array, jint recvcount,
                                               jlong recvtype, jint source, jint recvtag,
                                               jobject status)
{
    (void)backend;
    struct ombj_buf sb = { sendbuf, send_array, NULL };
    struct ombj_buf rb = { recvbuf, recv_array, NULL };
    if (ombj_resolve_checked(env, &sb) != 0 || ombj_resolve_checked(env, &rb) != 0
        || ombj_pin(env, &sb) != 0) {
        return;
    }
    if (ombj_pin(env, &rb) != 0) {
        ombj_unpin(env, &sb, JNI_ABORT);
        return;
    }
    MPI_Status s;
    int rc = MPI_Sendrecv(sb.ptr, sendcount, OMBJ_TYPE(sendtype), dest, sendtag,
                          rb.ptr, recvcount, OMBJ_TYPE(recvtype), source, recvtag,
                          OMBJ_COMM(comm), &s);
    ombj_unpin(env, &rb, 0);
    ombj_unpin(env, &sb, JNI_ABORT);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return;
    }
    ombj_set_status(env, status, &s);
}

/*
 * A staged send copies the array (element kind `kind`, found in Java) into the request's
 * staging memory before MPI_Isend, since the array may move once this call returns.
 */
JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_commIsend(JNIEnv *env, jobject backend, jlong comm, jobject buf,
                                             jint kind, jobject staging, jint bytes,
                                             jint count, jlong type, jint dest, jint tag)
{
    (void)backend;
    void *ptr;
    if (staging != NULL) {
        /* bytes: the span count elements of the type reach, from Java (Datatype.span) */
        ptr = ombj_checked_address(env, staging); /* the binding's own direct staging */
        ombj_copy_checked_array(env, buf, kind, ptr, 0, bytes, 0); /* BufferArgs checked */
    } else {
        ptr = ombj_checked_address(env, buf); /* direct: checked by BufferArgs in Java */
    }
    MPI_Request request = MPI_REQUEST_NULL;
    int rc = MPI_Isend(ptr, count, OMBJ_TYPE(type), dest, tag, OMBJ_COMM(comm), &request);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(request);
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_commIrecv(JNIEnv *env, jobject backend, jlong comm, jobject buf,
                                             jint count, jlong type, jint source, jint tag)
{
    (void)backend;
    /* a direct buffer checked by BufferArgs in Java, or the binding's own staging */
    void *ptr = ombj_checked_address(env, buf);
    MPI_Request request = MPI_REQUEST_NULL;
    int rc = MPI_Irecv(ptr, count, OMBJ_TYPE(type), source, tag, OMBJ_COMM(comm), &request);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(request);
}

/* ---- neighborhood collectives: degrees, and alltoallw ---- */

#include <stdlib.h>

/* The in- and out-degree of a communicator's topology: MPI_ERR_TOPOLOGY if it has none. */
static int neighbor_degrees(MPI_Comm c, int topology, int *in, int *out)
{
    int rc = MPI_SUCCESS;
    if (topology == MPI_CART) {
        /* One neighbour each way along every dimension, as MPI_Cart_shift gives them. */
        int ndims = 0;
        rc = MPI_Cartdim_get(c, &ndims);
        *in = *out = 2 * ndims;
    } else if (topology == MPI_GRAPH) {
        int rank = 0;
        rc = MPI_Comm_rank(c, &rank);
        if (rc == MPI_SUCCESS) {
            rc = MPI_Graph_neighbors_count(c, rank, in);
        }
        *out = *in;
    } else if (topology == MPI_DIST_GRAPH) {
        int weighted = 0;
        rc = MPI_Dist_graph_neighbors_count(c, in, out, &weighted);
    } else {
        rc = MPI_ERR_TOPOLOGY; /* what MPI says of a neighbour collective without one */
    }
    return rc;
}

/*
 * The ranks of the in- and out-neighbours, in the order MPI's neighbour collectives use:
 * per Cartesian dimension the source then the destination of MPI_Cart_shift by 1 (either
 * may be MPI_PROC_NULL), a graph's neighbours for both sides, a distributed graph's lists.
 * `weights` has room for in + out ints (a distributed graph writes its weights there).
 */
static int neighbor_ranks(MPI_Comm c, int topology, int in, int out, int *s, int *d,
                          int *weights)
{
    int rc = MPI_SUCCESS;
    if (topology == MPI_CART) {
        for (int dim = 0; 2 * dim + 1 < in && 2 * dim + 1 < out && rc == MPI_SUCCESS; dim++) {
            rc = MPI_Cart_shift(c, dim, 1, &s[2 * dim], &s[2 * dim + 1]);
            d[2 * dim] = s[2 * dim];
            d[2 * dim + 1] = s[2 * dim + 1];
        }
    } else if (topology == MPI_GRAPH) {
        int rank = 0;
        rc = MPI_Comm_rank(c, &rank);
        if (rc == MPI_SUCCESS) {
            rc = MPI_Graph_neighbors(c, rank, in, s);
        }
        for (int i = 0; i < in && i < out; i++) {
            d[i] = s[i];
        }
    } else if (topology == MPI_DIST_GRAPH) {
        rc = MPI_Dist_graph_neighbors(c, in, s, weights, out, d, weights + in);
    } else {
        rc = MPI_ERR_TOPOLOGY;
    }
    return rc;
}

/* {in, out, sources..., destinations...} of the communicator's topology, as a Java int[]. */
JNIEXPORT jintArray JNICALL Java_mpi_JniCollectives_commNeighbors(JNIEnv *env, jobject backend, jlong comm)
{
    (void)backend;
    MPI_Comm c = OMBJ_COMM(comm);
    int topology = MPI_UNDEFINED, in = 0, out = 0;
    int rc = MPI_Topo_test(c, &topology);
    if (rc == MPI_SUCCESS) {
        rc = neighbor_degrees(c, topology, &in, &out);
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    /* the degrees, the ranks, then room for a distributed graph's weights */
    size_t entries = 2 + 2 * ((size_t)in + (size_t)out);
    int *all = calloc(entries, sizeof(int));
    if (all == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for the neighbours' ranks");
        return NULL;
    }
    all[0] = in;
    all[1] = out;
    jintArray result = NULL;
    rc = neighbor_ranks(c, topology, in, out, all + 2, all + 2 + in, all + 2 + in + out);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    } else if ((result = (*env)->NewIntArray(env, 2 + in + out)) != NULL) {
        (*env)->SetIntArrayRegion(env, result, 0, 2 + in + out, (const jint *)all);
    } /* else OutOfMemoryError pending */
    free(all);
    return result;
}

/*
 * The count type of neighbour alltoallw. From MPI 4.0 on, the large-count form
 * (MPI_Neighbor_alltoallw_c): MPICH 4.0.0-4.0.2's int form widens the send counts with the
 * in-degree and the receive counts with the out-degree (pmodels/mpich#6233, fixed in 4.1), so
 * on a graph whose degrees differ it reads past the count arrays and moves wrong data or
 * corrupts memory; the large-count form takes the counts as given. Before MPI 4.0, int.
 */
#if MPI_VERSION >= 4
typedef MPI_Count w_count;
#define OMBJ_NEIGHBOR_ALLTOALLW MPI_Neighbor_alltoallw_c
#define OMBJ_INEIGHBOR_ALLTOALLW MPI_Ineighbor_alltoallw_c
#else
typedef int w_count;
#define OMBJ_NEIGHBOR_ALLTOALLW MPI_Neighbor_alltoallw
#define OMBJ_INEIGHBOR_ALLTOALLW MPI_Ineighbor_alltoallw
#endif

/*
 * alltoallw's arguments in native form. Per neighbour: an MPI_Aint displacement, a count and
 * an MPI_Datatype, stored in that order (the 8-byte arrays first, so each array is aligned),
 * mpi_Comm_W_NEIGHBOR_BYTES in all; Java sizes the memory of non-blocking calls with it.
 */
_Static_assert(sizeof(MPI_Aint) + sizeof(MPI_Datatype) + sizeof(w_count) <= mpi_Comm_W_NEIGHBOR_BYTES,
               "alltoallw arguments fit the bytes Java reserves per neighbour");
_Static_assert(_Alignof(MPI_Aint) <= mpi_Comm_W_ALIGN_BYTES
               && _Alignof(w_count) <= _Alignof(MPI_Aint)
               && _Alignof(MPI_Datatype) <= mpi_Comm_W_ALIGN_BYTES,
               "alltoallw arguments align within the slack Java reserves");

struct w_side {
    w_count *counts;
    MPI_Aint *displs;
    MPI_Datatype *types;
};

/* Up to this many neighbours in all, a blocking alltoallw's arguments live on the stack. */
#define W_STACK_NEIGHBORS 64

/*
 * Copies one side's counts (as w_count), byte displacements (widened to MPI_Aint) and
 * datatype handles for its n neighbours. Java has checked the arrays' lengths and that no datatype is null.
 * Only Get<Type>ArrayRegion and field reads: nothing is pinned yet. Returns 0, or -1 with an
 * exception pending.
 */
static int w_copy(JNIEnv *env, jintArray counts, jintArray displs, jobjectArray types,
                  jsize n, const struct w_side *w)
{
    if (n == 0) {
        return 0;
    }
    jint chunk[64];
    for (jsize i = 0; i < n; i += 64) {
        jsize k = n - i < 64 ? n - i : 64;
        (*env)->GetIntArrayRegion(env, counts, i, k, chunk);
        if ((*env)->ExceptionCheck(env)) {
            return -1;
        }
        for (jsize j = 0; j < k; j++) {
            w->counts[i + j] = (w_count)chunk[j];
        }
        (*env)->GetIntArrayRegion(env, displs, i, k, chunk);
        if ((*env)->ExceptionCheck(env)) {
            return -1;
        }
        for (jsize j = 0; j < k; j++) {
            w->displs[i + j] = (MPI_Aint)chunk[j];
        }
    }
    for (jsize i = 0; i < n; i++) {
        jobject type = (*env)->GetObjectArrayElement(env, types, i);
        if (type == NULL) {
            if (!(*env)->ExceptionCheck(env)) {
                ombj_throw(env, ombj.illegal_argument, "a datatype is null");
            }
            return -1;
        }
        w->types[i] = OMBJ_TYPE((*env)->GetLongField(env, type, ombj.datatype_handle));
        (*env)->DeleteLocalRef(env, type);
    }
    return 0;
}

/*
 * MPI_Neighbor_alltoallw, or MPI_Ineighbor_alltoallw when `args` (a direct buffer the
 * request owns) is given: the converted arguments go there, since MPI reads them until
 * completion. A blocking call keeps them on the stack or, for many neighbours, in malloc'd
 * memory. Direct addresses are resolved and the arguments copied before any array is pinned.
 */
JNIEXPORT jlong JNICALL Java_mpi_JniCollectives_commNeighborAllToAllw(
    JNIEnv *env, jobject backend, jlong comm, jobject sendbuf, jboolean send_array,
    jintArray sendcounts, jintArray sdispls, jobjectArray sendtypes, jint outdegree,
    jobject recvbuf, jboolean recv_array, jintArray recvcounts, jintArray rdispls,
    jobjectArray recvtypes, jint indegree, jobject args)
{
    (void)backend;
    struct ombj_buf b[2] = { { sendbuf, send_array, NULL }, { recvbuf, recv_array, NULL } };
    if (ombj_resolve(env, &b[0]) != 0 || ombj_resolve(env, &b[1]) != 0) {
        return 0;
    }
    size_t neighbors = (size_t)outdegree + (size_t)indegree;
    size_t bytes = neighbors * mpi_Comm_W_NEIGHBOR_BYTES + mpi_Comm_W_ALIGN_BYTES;
    _Alignas(MPI_Aint) unsigned char stack[W_STACK_NEIGHBORS * mpi_Comm_W_NEIGHBOR_BYTES];
    unsigned char *mem = NULL, *heap = NULL;
    if (args != NULL) {
        mem = ombj_direct_address(env, args);
        if (mem == NULL) {
            return 0;
        }
        if ((size_t)(*env)->GetDirectBufferCapacity(env, args) < bytes) {
            ombj_throw(env, ombj.illegal_argument, "alltoallw argument memory is too small");
            return 0;
        }
        mem += (mpi_Comm_W_ALIGN_BYTES - (uintptr_t)mem % mpi_Comm_W_ALIGN_BYTES)
               % mpi_Comm_W_ALIGN_BYTES;
    } else if (neighbors <= W_STACK_NEIGHBORS) {
        mem = stack;
    } else if ((mem = heap = malloc(bytes)) == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for alltoallw's arguments");
        return 0;
    }
    /* Out-neighbours first, then in-neighbours, in each array. */
    MPI_Aint *displs = (MPI_Aint *)mem;
    w_count *counts = (w_count *)(displs + neighbors);
    MPI_Datatype *types = (MPI_Datatype *)(counts + neighbors);
    struct w_side s = { counts, displs, types };
    struct w_side r = { counts + outdegree, displs + outdegree, types + outdegree };
    jlong result = 0;
    if (w_copy(env, sendcounts, sdispls, sendtypes, outdegree, &s) == 0
        && w_copy(env, recvcounts, rdispls, recvtypes, indegree, &r) == 0
        && ombj_pin(env, &b[0]) == 0) {
        if (ombj_pin(env, &b[1]) == 0) {
            MPI_Request request = MPI_REQUEST_NULL;
            int rc = args != NULL
                ? OMBJ_INEIGHBOR_ALLTOALLW(b[0].ptr, s.counts, s.displs, s.types, b[1].ptr,
                                          r.counts, r.displs, r.types, OMBJ_COMM(comm), &request)
                : OMBJ_NEIGHBOR_ALLTOALLW(b[0].ptr, s.counts, s.displs, s.types, b[1].ptr,
                                           r.counts, r.displs, r.types, OMBJ_COMM(comm));
            ombj_unpin(env, &b[1], 0);
            ombj_unpin(env, &b[0], JNI_ABORT);
            if (rc != MPI_SUCCESS) {
                ombj_throw_mpi(env, rc);
            } else {
                result = OMBJ_J(request);
            }
        } else {
            ombj_unpin(env, &b[0], JNI_ABORT); /* OutOfMemoryError pending */
        }
    }
    free(heap);
    return result;
}

/* ---- collectives ---- */

/*
 * Calls the collective a kind names, blocking (req == NULL) or not. For calls with one
 * datatype (reductions, bcast) the receive side's count and type are the ones that count.
 */
static int call_collective(int kind, MPI_Comm comm, void *s, int sc, MPI_Datatype st, void *r,
                           int rc, MPI_Datatype rt, const int *c, const int *d, const int *c2,
                           const int *d2, MPI_Op op, int root, MPI_Request *req)
{
    switch (kind & 0xff) {
    case mpi_Comm_C_BARRIER:
        return req ? MPI_Ibarrier(comm, req) : MPI_Barrier(comm);
    case mpi_Comm_C_BCAST:
        return req ? MPI_Ibcast(r, rc, rt, root, comm, req) : MPI_Bcast(r, rc, rt, root, comm);
    case mpi_Comm_C_REDUCE:
        return req ? MPI_Ireduce(s, r, rc, rt, op, root, comm, req)
                   : MPI_Reduce(s, r, rc, rt, op, root, comm);
    case mpi_Comm_C_ALLREDUCE:
        return req ? MPI_Iallreduce(s, r, rc, rt, op, comm, req)
                   : MPI_Allreduce(s, r, rc, rt, op, comm);
    case mpi_Comm_C_GATHER:
        return req ? MPI_Igather(s, sc, st, r, rc, rt, root, comm, req)
                   : MPI_Gather(s, sc, st, r, rc, rt, root, comm);
    case mpi_Comm_C_GATHERV:
        return req ? MPI_Igatherv(s, sc, st, r, c, d, rt, root, comm, req)
                   : MPI_Gatherv(s, sc, st, r, c, d, rt, root, comm);
    case mpi_Comm_C_SCATTER:
        return req ? MPI_Iscatter(s, sc, st, r, rc, rt, root, comm, req)
                   : MPI_Scatter(s, sc, st, r, rc, rt, root, comm);
    case mpi_Comm_C_SCATTERV:
        return req ? MPI_Iscatterv(s, c, d, st, r, rc, rt, root, comm, req)
                   : MPI_Scatterv(s, c, d, st, r, rc, rt, root, comm);
    case mpi_Comm_C_ALLGATHER:
        return req ? MPI_Iallgather(s, sc, st, r, rc, rt, comm, req)
                   : MPI_Allgather(s, sc, st, r, rc, rt, comm);
    case mpi_Comm_C_ALLGATHERV:
        return req ? MPI_Iallgatherv(s, sc, st, r, c, d, rt, comm, req)
                   : MPI_Allgatherv(s, sc, st, r, c, d, rt, comm);
    case mpi_Comm_C_ALLTOALL:
        return req ? MPI_Ialltoall(s, sc, st, r, rc, rt, comm, req)
                   : MPI_Alltoall(s, sc, st, r, rc, rt, comm);
    case mpi_Comm_C_ALLTOALLV:
        return req ? MPI_Ialltoallv(s, c2, d2, st, r, c, d, rt, comm, req)
                   : MPI_Alltoallv(s, c2, d2, st, r, c, d, rt, comm);
    case mpi_Comm_C_REDUCE_SCATTER:
        return req ? MPI_Ireduce_scatter(s, r, c, rt, op, comm, req)
                   : MPI_Reduce_scatter(s, r, c, rt, op, comm);
    case mpi_Comm_C_REDUCE_SCATTER_BLOCK:
        return req ? MPI_Ireduce_scatter_block(s, r, rc, rt, op, comm, req)
                   : MPI_Reduce_scatter_block(s, r, rc, rt, op, comm);
    case mpi_Comm_C_SCAN:
        return req ? MPI_Iscan(s, r, rc, rt, op, comm, req) : MPI_Scan(s, r, rc, rt, op, comm);
    case mpi_Comm_C_EXSCAN:
        return req ? MPI_Iexscan(s, r, rc, rt, op, comm, req)
                   : MPI_Exscan(s, r, rc, rt, op, comm);
    /* neighborhood collectives: counts and displacements per neighbour, as alltoallv's */
    case mpi_Comm_C_NEIGHBOR_ALLGATHER:
        return req ? MPI_Ineighbor_allgather(s, sc, st, r, rc, rt, comm, req)
                   : MPI_Neighbor_allgather(s, sc, st, r, rc, rt, comm);
    case mpi_Comm_C_NEIGHBOR_ALLGATHERV:
        return req ? MPI_Ineighbor_allgatherv(s, sc, st, r, c, d, rt, comm, req)
                   : MPI_Neighbor_allgatherv(s, sc, st, r, c, d, rt, comm);
    case mpi_Comm_C_NEIGHBOR_ALLTOALL:
        return req ? MPI_Ineighbor_alltoall(s, sc, st, r, rc, rt, comm, req)
                   : MPI_Neighbor_alltoall(s, sc, st, r, rc, rt, comm);
    case mpi_Comm_C_NEIGHBOR_ALLTOALLV:
        return req ? MPI_Ineighbor_alltoallv(s, c2, d2, st, r, c, d, rt, comm, req)
                   : MPI_Neighbor_alltoallv(s, c2, d2, st, r, c, d, rt, comm);
    default:
        return MPI_ERR_OTHER;
    }
}

/*
 * Persistent collectives: MPI-4's MPI_<Op>_init (MPICH 4 and 5, Intel MPI 2021, and Open MPI 5,
 * whose mpi.h still says MPI 3.1), or Open MPI 4's MPIX_<Op>_init from its pcollreq extension.
 */
#if MPI_VERSION >= 4 || (defined(OMPI_MAJOR_VERSION) && OMPI_MAJOR_VERSION >= 5)
#define OMBJ_PERSISTENT 1
#define OMBJ_INIT(name) MPI_##name##_init
#elif defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#if defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
#define OMBJ_PERSISTENT 1
#define OMBJ_INIT(name) MPIX_##name##_init
#endif
#endif
#ifndef OMBJ_PERSISTENT
#define OMBJ_PERSISTENT 0
#endif

JNIEXPORT jboolean JNICALL Java_mpi_JniCollectives_hasPersistentCollectives(JNIEnv *env,
                                                                            jobject backend)
{
    (void)env;
    (void)backend;
    return OMBJ_PERSISTENT ? JNI_TRUE : JNI_FALSE;
}

/*
 * Creates the persistent collective a kind names (MPI_INFO_NULL), as call_collective calls the
 * others. Java refuses the kind first where the library has none (hasPersistentCollectives).
 */
static int init_collective(int kind, MPI_Comm comm, void *s, int sc, MPI_Datatype st, void *r,
                           int rc, MPI_Datatype rt, const int *c, const int *d, const int *c2,
                           const int *d2, MPI_Op op, int root, MPI_Request *req)
{
#if OMBJ_PERSISTENT
    MPI_Info info = MPI_INFO_NULL;
    switch (kind & 0xff) {
    case mpi_Comm_C_BARRIER:
        return OMBJ_INIT(Barrier)(comm, info, req);
    case mpi_Comm_C_BCAST:
        return OMBJ_INIT(Bcast)(r, rc, rt, root, comm, info, req);
    case mpi_Comm_C_REDUCE:
        return OMBJ_INIT(Reduce)(s, r, rc, rt, op, root, comm, info, req);
    case mpi_Comm_C_ALLREDUCE:
        return OMBJ_INIT(Allreduce)(s, r, rc, rt, op, comm, info, req);
    case mpi_Comm_C_GATHER:
        return OMBJ_INIT(Gather)(s, sc, st, r, rc, rt, root, comm, info, req);
    case mpi_Comm_C_GATHERV:
        return OMBJ_INIT(Gatherv)(s, sc, st, r, c, d, rt, root, comm, info, req);
    case mpi_Comm_C_SCATTER:
        return OMBJ_INIT(Scatter)(s, sc, st, r, rc, rt, root, comm, info, req);
    case mpi_Comm_C_SCATTERV:
        return OMBJ_INIT(Scatterv)(s, c, d, st, r, rc, rt, root, comm, info, req);
    case mpi_Comm_C_ALLGATHER:
        return OMBJ_INIT(Allgather)(s, sc, st, r, rc, rt, comm, info, req);
    case mpi_Comm_C_ALLGATHERV:
        return OMBJ_INIT(Allgatherv)(s, sc, st, r, c, d, rt, comm, info, req);
    case mpi_Comm_C_ALLTOALL:
        return OMBJ_INIT(Alltoall)(s, sc, st, r, rc, rt, comm, info, req);
    case mpi_Comm_C_ALLTOALLV:
        return OMBJ_INIT(Alltoallv)(s, c2, d2, st, r, c, d, rt, comm, info, req);
    case mpi_Comm_C_REDUCE_SCATTER:
        return OMBJ_INIT(Reduce_scatter)(s, r, c, rt, op, comm, info, req);
    case mpi_Comm_C_REDUCE_SCATTER_BLOCK:
        return OMBJ_INIT(Reduce_scatter_block)(s, r, rc, rt, op, comm, info, req);
    case mpi_Comm_C_SCAN:
        return OMBJ_INIT(Scan)(s, r, rc, rt, op, comm, info, req);
    case mpi_Comm_C_EXSCAN:
        return OMBJ_INIT(Exscan)(s, r, rc, rt, op, comm, info, req);
    default:
        return MPI_ERR_OTHER;
    }
#else
    (void)kind; (void)comm; (void)s; (void)sc; (void)st; (void)r; (void)rc; (void)rt;
    (void)c; (void)d; (void)c2; (void)d2; (void)op; (void)root; (void)req;
    return MPI_ERR_OTHER;
#endif
}

/*
 * Every collective, blocking, non-blocking or persistent. Java has checked the buffers (BufferArgs) and staged
 * the arrays of non-blocking calls, so those get direct buffers only. Six buffer arguments:
 * send, receive, and up to four count or displacement arrays (int[] when blocking, pinned
 * like the data; direct buffers when not, since MPI reads them until completion). All direct
 * addresses are resolved before any array is pinned: no JNI call while pinned.
 */
JNIEXPORT jlong JNICALL Java_mpi_JniCollectives_commCollective(JNIEnv *env, jobject backend, jint kind,
                                                  jlong comm, jobject sendbuf,
                                                  jboolean send_array, jint sendcount,
                                                  jlong sendtype, jobject recvbuf,
                                                  jboolean recv_array, jint recvcount,
                                                  jlong recvtype, jobject counts,
                                                  jobject displs, jobject counts2,
                                                  jobject displs2, jlong op, jint root)
{
    (void)backend;
    jboolean blocking = (kind & (mpi_Comm_F_NONBLOCKING | mpi_Comm_F_PERSISTENT)) == 0;
    struct ombj_buf b[6] = {
        { sendbuf, send_array, NULL }, { recvbuf, recv_array, NULL },
        { counts, blocking, NULL },    { displs, blocking, NULL },
        { counts2, blocking, NULL },   { displs2, blocking, NULL },
    };
    for (int i = 0; i < 6; i++) {
        if (ombj_resolve(env, &b[i]) != 0) {
            return 0;
        }
    }
    int pinned = 0;
    while (pinned < 6 && ombj_pin(env, &b[pinned]) == 0) {
        pinned++;
    }
    int rc = MPI_ERR_OTHER;
    MPI_Request request = MPI_REQUEST_NULL;
    if (pinned == 6) {
        /* Where MPI ignores one side's type (in place, or off the root), give it the other's:
           some libraries check it anyway. */
        MPI_Datatype st = OMBJ_TYPE(sendtype != 0 ? sendtype : recvtype);
        MPI_Datatype rt = OMBJ_TYPE(recvtype != 0 ? recvtype : sendtype);
        void *s = (kind & mpi_Comm_F_SEND_IN_PLACE) ? MPI_IN_PLACE : b[0].ptr;
        void *r = (kind & mpi_Comm_F_RECV_IN_PLACE) ? MPI_IN_PLACE : b[1].ptr;
        rc = (kind & mpi_Comm_F_PERSISTENT)
            ? init_collective(kind, OMBJ_COMM(comm), s, sendcount, st, r, recvcount, rt,
                              b[2].ptr, b[3].ptr, b[4].ptr, b[5].ptr, OMBJ_OP(op), root,
                              &request)
            : call_collective(kind, OMBJ_COMM(comm), s, sendcount, st, r, recvcount, rt,
                              b[2].ptr, b[3].ptr, b[4].ptr, b[5].ptr, OMBJ_OP(op), root,
                              blocking ? NULL : &request);
    }
    for (int i = pinned - 1; i >= 0; i--) {
        ombj_unpin(env, &b[i], i == 1 ? 0 : JNI_ABORT); /* only the receive buffer is written */
    }
    if (pinned < 6) {
        return 0; /* OutOfMemoryError pending from the failed pin */
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(request);
}

/* ---- all-to-allw ---- */

/* Type arrays up to this many processes are converted on the stack; larger ones are malloc'd. */
#define OMBJ_W_LOCAL_TYPES 64

/*
 * Converts n datatype handles, as Java passes them (jlong), into MPI_Datatype. dst may be
 * src (a staged copy converted in place): sizeof(MPI_Datatype) <= sizeof(jlong), so writing
 * dst[i] never reaches src[j] for j > i, and src[i] is read first.
 */
static void to_datatypes(const jlong *src, MPI_Datatype *dst, int n)
{
    for (int i = 0; i < n; i++) {
        jlong h = src[i];
        dst[i] = OMBJ_TYPE(h);
    }
}

/*
 * A blocking call's type array: a long[] of n handles copied (no pin) into `local` or, for
 * more than OMBJ_W_LOCAL_TYPES processes, into malloc'd memory the caller frees (*heap).
 * Returns the MPI_Datatype array, or NULL with an exception pending.
 */
static MPI_Datatype *blocking_types(JNIEnv *env, jobject array, int n, MPI_Datatype *local,
                                    MPI_Datatype **heap)
{
    jlong stack[OMBJ_W_LOCAL_TYPES];
    jlong *handles = stack;
    MPI_Datatype *types = local;
    *heap = NULL;
    if (n > OMBJ_W_LOCAL_TYPES) {
        /* One allocation holds the handles, then converts them in place. */
        handles = malloc((size_t)n * sizeof(jlong));
        if (handles == NULL) {
            ombj_throw(env, ombj.out_of_memory, "all-to-allw datatype handles");
            return NULL;
        }
        types = (MPI_Datatype *)handles;
        *heap = types;
    }
    (*env)->GetLongArrayRegion(env, (jlongArray)array, 0, n, handles);
    if ((*env)->ExceptionCheck(env)) {
        free(*heap);
        *heap = NULL;
        return NULL;
    }
    to_datatypes(handles, types, n);
    return types;
}

/*
 * MPI_Alltoallw, or MPI_Ialltoallw. Java has checked the buffers and arrays (np entries
 * each). Blocking: the data buffers are direct or arrays pinned for the call, the counts and
 * displacements int[] pinned likewise, the types long[] copied before anything is pinned.
 * Non-blocking: everything is a direct buffer the request keeps (Java staged the arrays); the
 * type handles are converted in place there, since MPI reads them until completion.
 */
JNIEXPORT jlong JNICALL Java_mpi_JniCollectives_commAllToAllw(JNIEnv *env, jobject backend, jlong comm,
                                                 jint mode, jobject sendbuf,
                                                 jboolean send_array, jobject sendcounts,
                                                 jobject sdispls, jobject sendtypes,
                                                 jobject recvbuf, jboolean recv_array,
                                                 jobject recvcounts, jobject rdispls,
                                                 jobject recvtypes)
{
    (void)backend;
    MPI_Comm c = OMBJ_COMM(comm);
    int np = 0;
    int rc = MPI_Comm_size(c, &np);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    jboolean blocking = mode == 0;
    MPI_Datatype local_st[OMBJ_W_LOCAL_TYPES], local_rt[OMBJ_W_LOCAL_TYPES];
    MPI_Datatype *heap_st = NULL, *heap_rt = NULL;
    MPI_Datatype *st, *rt;
    if (blocking) {
        if ((st = blocking_types(env, sendtypes, np, local_st, &heap_st)) == NULL) {
            return 0;
        }
        if ((rt = blocking_types(env, recvtypes, np, local_rt, &heap_rt)) == NULL) {
            free(heap_st);
            return 0;
        }
    } else {
        jlong *sh = ombj_direct_address(env, sendtypes);
        jlong *rh = sh == NULL ? NULL : ombj_direct_address(env, recvtypes);
        if (rh == NULL) {
            if (!(*env)->ExceptionCheck(env)) {
                ombj_throw(env, ombj.illegal_argument, "all-to-allw types are null");
            }
            return 0;
        }
        st = (MPI_Datatype *)sh;
        rt = (MPI_Datatype *)rh;
        to_datatypes(sh, st, np);
        to_datatypes(rh, rt, np);
    }
    struct ombj_buf b[6] = {
        { sendbuf, send_array, NULL }, { recvbuf, recv_array, NULL },
        { sendcounts, blocking, NULL }, { sdispls, blocking, NULL },
        { recvcounts, blocking, NULL }, { rdispls, blocking, NULL },
    };
    int resolved = 0;
    while (resolved < 6 && ombj_resolve(env, &b[resolved]) == 0) {
        resolved++;
    }
    int pinned = 0;
    if (resolved == 6) {
        while (pinned < 6 && ombj_pin(env, &b[pinned]) == 0) {
            pinned++;
        }
    }
    MPI_Request request = MPI_REQUEST_NULL;
    rc = MPI_ERR_OTHER;
    if (pinned == 6) {
        if (blocking) {
            rc = MPI_Alltoallw(b[0].ptr, b[2].ptr, b[3].ptr, st, b[1].ptr, b[4].ptr, b[5].ptr,
                               rt, c);
        } else if (mode == mpi_Comm_F_NONBLOCKING) {
            rc = MPI_Ialltoallw(b[0].ptr, b[2].ptr, b[3].ptr, st, b[1].ptr, b[4].ptr, b[5].ptr,
                                rt, c, &request);
        } else {
#if OMBJ_PERSISTENT
            rc = OMBJ_INIT(Alltoallw)(b[0].ptr, b[2].ptr, b[3].ptr, st, b[1].ptr, b[4].ptr,
                                      b[5].ptr, rt, c, MPI_INFO_NULL, &request);
#endif
        }
    }
    for (int i = pinned - 1; i >= 0; i--) {
        ombj_unpin(env, &b[i], i == 1 ? 0 : JNI_ABORT); /* only the receive buffer is written */
    }
    free(heap_st);
    free(heap_rt);
    if (pinned < 6) {
        return 0; /* an exception is pending from the failed resolve or pin */
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(request);
}

/*
 * ---- blocking point-to-point on arrays under MPI_THREAD_MULTIPLE (mpi.ThreadStaging) ----
 * The array is copied to or from the calling thread's staging memory with
 * Get/Set<Type>ArrayRegion, never pinned: a thread waiting in MPI with an array pinned would
 * stop every other thread that needs a garbage collection or a pin of its own.
 */

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_commSendStaged(JNIEnv *env, jobject backend, jlong comm,
                                                 jobject array, jint kind, jobject staging,
                                                 jint bytes, jint count, jlong type, jint dest,
                                                 jint tag)
{
    (void)backend;
    /* staging is the binding's own direct memory (StagingPool): no class check needed. */
    void *ptr = ombj_checked_address(env, staging);
    if (bytes > 0) {
        ombj_copy_checked_array(env, array, kind, ptr, 0, bytes, 0); /* BufferArgs checked */
    }
    int rc = MPI_Send(ptr, count, OMBJ_TYPE(type), dest, tag, OMBJ_COMM(comm));
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_commRecvStaged(JNIEnv *env, jobject backend, jlong comm,
                                                  jobject array, jint kind, jobject staging,
                                                  jint bytes, jint count, jlong type,
                                                  jint source, jint tag, jobject status)
{
    (void)backend;
    /* staging is the binding's own direct memory (StagingPool): no class check needed. */
    void *ptr = ombj_checked_address(env, staging);
    MPI_Status s;
    int rc = MPI_Recv(ptr, count, OMBJ_TYPE(type), source, tag, OMBJ_COMM(comm), &s);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    int received = 0;
    if (MPI_Get_count(&s, MPI_BYTE, &received) != MPI_SUCCESS || received == MPI_UNDEFINED) {
        received = 0;
    }
    /* MPI writes at most the posted count: whole elements of the array, within `bytes`. */
    if (received > bytes) {
        received = bytes;
    }
    if (received > 0 && ombj_copy_array(env, array, kind, ptr, 0, received, 1) != 0) {
        return 0;
    }
    if (status != NULL) {
        ombj_set_status(env, status, &s);
    }
    return (jlong)(((uint64_t)(uint32_t)s.MPI_SOURCE << 32) | (uint32_t)received);
}


/* ---- error handlers ---- */

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_commSetErrhandler(JNIEnv *env, jobject backend,
    jlong comm, jlong errhandler)
{
    (void)backend;
    int rc = MPI_Comm_set_errhandler(OMBJ_COMM(comm), (MPI_Errhandler)(intptr_t)errhandler);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commGetErrhandler(JNIEnv *env, jobject backend,
    jlong comm)
{
    (void)backend;
    MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
    int rc = MPI_Comm_get_errhandler(OMBJ_COMM(comm), &handler);
    jlong value = OMBJ_J(handler);
    if (rc == MPI_SUCCESS) { /* the communicator keeps the handler: release the new reference */
        rc = MPI_Errhandler_free(&handler);
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return value;
}

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_commCallErrhandler(JNIEnv *env, jobject backend,
    jlong comm, jint error_code)
{
    (void)backend;
    int rc = MPI_Comm_call_errhandler(OMBJ_COMM(comm), error_code);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* ---- local reduction ---- */

JNIEXPORT void JNICALL Java_mpi_JniCollectives_reduceLocal(JNIEnv *env, jobject backend,
    jobject in, jobject inout, jint count, jlong type, jlong op)
{
    (void)backend;
    int rc = MPI_Reduce_local(ombj_checked_address(env, in), ombj_checked_address(env, inout),
                              count, OMBJ_TYPE(type), OMBJ_OP(op));
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* ---- comparison, names, split by type ---- */

JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_commCompare(JNIEnv *env, jobject backend,
    jlong comm1, jlong comm2)
{
    (void)backend;
    int result = MPI_UNEQUAL;
    int rc = MPI_Comm_compare(OMBJ_COMM(comm1), OMBJ_COMM(comm2), &result);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return result;
}

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_commSetName(JNIEnv *env, jobject backend,
    jlong comm, jstring name)
{
    (void)backend;
    const char *chars = (*env)->GetStringUTFChars(env, name, NULL);
    if (chars == NULL) {
        return; /* OutOfMemoryError pending */
    }
    int rc = MPI_Comm_set_name(OMBJ_COMM(comm), chars);
    (*env)->ReleaseStringUTFChars(env, name, chars);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jstring JNICALL Java_mpi_JniCommunicators_commGetName(JNIEnv *env, jobject backend,
    jlong comm)
{
    (void)backend;
    char name[MPI_MAX_OBJECT_NAME + 1];
    int len = 0;
    int rc = MPI_Comm_get_name(OMBJ_COMM(comm), name, &len);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    name[len < 0 ? 0 : len > MPI_MAX_OBJECT_NAME ? MPI_MAX_OBJECT_NAME : len] = '\0';
    return (*env)->NewStringUTF(env, name);
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_intracommSplitType(JNIEnv *env,
    jobject backend, jlong comm, jint split_type, jint key, jlong info)
{
    (void)backend;
    MPI_Comm part = MPI_COMM_NULL;
    int rc = MPI_Comm_split_type(OMBJ_COMM(comm), split_type, key, OMBJ_INFO(info), &part);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(part);
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commDupWithInfo(JNIEnv *env, jobject backend,
    jlong comm, jlong info)
{
    (void)backend;
    MPI_Comm copy = MPI_COMM_NULL;
    int rc = MPI_Comm_dup_with_info(OMBJ_COMM(comm), OMBJ_INFO(info), &copy);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(copy);
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_intracommCreate(JNIEnv *env, jobject backend,
    jlong comm, jlong group, jint tag)
{
    (void)backend;
    MPI_Comm made = MPI_COMM_NULL;
    int rc = tag < 0 ? MPI_Comm_create(OMBJ_COMM(comm), (MPI_Group)(intptr_t)group, &made)
                     : MPI_Comm_create_group(OMBJ_COMM(comm), (MPI_Group)(intptr_t)group, tag,
                                             &made);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(made);
}

/* ---- non-blocking duplicate, hints, topology ---- */

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commIdup(JNIEnv *env, jobject backend,
    jlong comm, jlongArray request)
{
    (void)backend;
    MPI_Comm copy = MPI_COMM_NULL;
    MPI_Request req = MPI_REQUEST_NULL;
    int rc = MPI_Comm_idup(OMBJ_COMM(comm), &copy, &req);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return OMBJ_J(MPI_COMM_NULL);
    }
    jlong r = OMBJ_J(req);
    (*env)->SetLongArrayRegion(env, request, 0, 1, &r);
    return OMBJ_J(copy);
}

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_commSetInfo(JNIEnv *env, jobject backend,
    jlong comm, jlong info)
{
    (void)backend;
    int rc = MPI_Comm_set_info(OMBJ_COMM(comm), OMBJ_INFO(info));
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commGetInfo(JNIEnv *env, jobject backend,
    jlong comm)
{
    (void)backend;
    MPI_Info info = MPI_INFO_NULL;
    int rc = MPI_Comm_get_info(OMBJ_COMM(comm), &info);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(info);
}

JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_topoTest(JNIEnv *env, jobject backend,
    jlong comm)
{
    (void)backend;
    int status = MPI_UNDEFINED;
    int rc = MPI_Topo_test(OMBJ_COMM(comm), &status);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return status;
}
