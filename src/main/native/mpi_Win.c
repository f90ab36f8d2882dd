/*
 * Native side of mpi.Win, and of the one-sided constants and MPI.getAddress of mpi.MPI.
 * Java has checked every buffer argument and staged every array: here a buffer is a direct
 * buffer (or null where MPI ignores it), so no array is ever pinned. Handles travel by value.
 */
#include "ombj.h"
#include "mpi_Win.h"

#include <string.h>

#define OMBJ_WIN(j)   ((MPI_Win)(intptr_t)(j))
#define OMBJ_GROUP(j) ((MPI_Group)(intptr_t)(j))

JNIEXPORT jlong JNICALL Java_mpi_JniEnvironment_mpiGetAddress(JNIEnv *env, jobject backend, jobject buf)
{
    (void)backend;
    void *p = ombj_direct_address(env, buf);
    if (p == NULL) {
        return 0;
    }
    MPI_Aint address = 0;
    int rc = MPI_Get_address(p, &address);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return (jlong)address;
}

/*
 * A new window returns errors rather than aborting (the default handler of windows is
 * MPI_ERRORS_ARE_FATAL). On failure the window is freed and an exception is pending.
 */
static jlong new_window(JNIEnv *env, int rc, MPI_Win win)
{
    if (rc == MPI_SUCCESS) {
        rc = MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
        if (rc != MPI_SUCCESS) {
            MPI_Win_free(&win);
        }
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return OMBJ_J(MPI_WIN_NULL);
    }
    return OMBJ_J(win);
}

JNIEXPORT jlong JNICALL Java_mpi_JniOneSided_winCreate(JNIEnv *env, jobject backend, jobject base, jlong bytes,
                                             jint disp_unit, jlong info, jlong comm)
{
    (void)backend;
    void *p = ombj_direct_address(env, base);
    if (p == NULL) {
        return OMBJ_J(MPI_WIN_NULL);
    }
    MPI_Win win = MPI_WIN_NULL;
    int rc = MPI_Win_create(p, (MPI_Aint)bytes, disp_unit, OMBJ_INFO(info), OMBJ_COMM(comm),
                            &win);
    return new_window(env, rc, win);
}

JNIEXPORT jlong JNICALL Java_mpi_JniOneSided_winAllocate(JNIEnv *env, jobject backend, jlong bytes,
                                               jint disp_unit, jlong info, jlong comm,
                                               jboolean shared, jobject base,
                                               jlongArray address)
{
    (void)backend;
    void *out = NULL;
    if (base != NULL && (out = ombj_direct_address(env, base)) == NULL) {
        return OMBJ_J(MPI_WIN_NULL);
    }
    void *memory = NULL;
    MPI_Win win = MPI_WIN_NULL;
    int rc = shared ? MPI_Win_allocate_shared((MPI_Aint)bytes, disp_unit, OMBJ_INFO(info),
                                              OMBJ_COMM(comm), &memory, &win)
                    : MPI_Win_allocate((MPI_Aint)bytes, disp_unit, OMBJ_INFO(info),
                                       OMBJ_COMM(comm), &memory, &win);
    jlong handle = new_window(env, rc, win);
    if (handle == OMBJ_J(MPI_WIN_NULL)) {
        return handle;
    }
    if (out != NULL) {
        /* As Open MPI's binding: the address in the buffer's first bytes (Java checked 8). */
        memcpy(out, &memory, sizeof memory);
    }
    jlong a = (jlong)(intptr_t)memory;
    (*env)->SetLongArrayRegion(env, address, 0, 1, &a);
    if ((*env)->ExceptionCheck(env)) {
        MPI_Win_free(&win);
        return OMBJ_J(MPI_WIN_NULL);
    }
    return handle;
}

JNIEXPORT jobject JNICALL Java_mpi_JniOneSided_winWrap(JNIEnv *env, jobject backend, jlong address,
                                             jlong bytes)
{
    (void)backend;
    return (*env)->NewDirectByteBuffer(env, (void *)(intptr_t)address, bytes);
}

JNIEXPORT jlong JNICALL Java_mpi_JniOneSided_winCreateDynamic(JNIEnv *env, jobject backend, jlong info,
                                                    jlong comm)
{
    (void)backend;
    MPI_Win win = MPI_WIN_NULL;
    int rc = MPI_Win_create_dynamic(OMBJ_INFO(info), OMBJ_COMM(comm), &win);
    return new_window(env, rc, win);
}

JNIEXPORT void JNICALL Java_mpi_JniOneSided_winAttach(JNIEnv *env, jobject backend, jlong win, jobject base,
                                            jlong bytes)
{
    (void)backend;
    void *p = ombj_direct_address(env, base);
    if (p == NULL) {
        return;
    }
    int rc = MPI_Win_attach(OMBJ_WIN(win), p, (MPI_Aint)bytes);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniOneSided_winDetach(JNIEnv *env, jobject backend, jlong win, jobject base)
{
    (void)backend;
    void *p = ombj_direct_address(env, base);
    if (p == NULL) {
        return;
    }
    int rc = MPI_Win_detach(OMBJ_WIN(win), p);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniOneSided_winGetGroup(JNIEnv *env, jobject backend, jlong win)
{
    (void)backend;
    MPI_Group g = MPI_GROUP_NULL;
    int rc = MPI_Win_get_group(OMBJ_WIN(win), &g);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(g);
}

JNIEXPORT jlong JNICALL Java_mpi_JniOneSided_winFree(JNIEnv *env, jobject backend, jlong win)
{
    (void)backend;
    MPI_Win w = OMBJ_WIN(win);
    int rc = MPI_Win_free(&w);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return win;
    }
    return OMBJ_J(w);
}

/*
 * The address of a buffer of Win.access, or NULL for null. Win.access has already checked
 * every buffer it passes (BufferArgs.isArray said direct, or it is the binding's staging
 * memory), so the address is read from the field: GetDirectBufferAddress would check the
 * class again on every put and get, which costs a measurable part of an 8-byte latency.
 */
static inline void *address_of(JNIEnv *env, jobject buf)
{
    return buf == NULL ? NULL : ombj_checked_address(env, buf);
}

JNIEXPORT jlong JNICALL Java_mpi_JniOneSided_winAccess(JNIEnv *env, jobject backend, jint kind, jlong win,
                                             jobject in, jint in_count, jlong in_type,
                                             jobject compare, jobject out, jint out_count,
                                             jlong out_type, jint rank, jlong disp,
                                             jint target_count, jlong target_type, jlong op)
{
    (void)backend;
    void *i = address_of(env, in), *c = address_of(env, compare), *o = address_of(env, out);
    MPI_Win w = OMBJ_WIN(win);
    MPI_Datatype it = OMBJ_TYPE(in_type), ot = OMBJ_TYPE(out_type), tt = OMBJ_TYPE(target_type);
    MPI_Aint d = (MPI_Aint)disp;
    MPI_Request r = MPI_REQUEST_NULL;
    int rc;
    switch (kind) {
    case mpi_Win_PUT:
        rc = MPI_Put(i, in_count, it, rank, d, target_count, tt, w);
        break;
    case mpi_Win_GET:
        rc = MPI_Get(o, out_count, ot, rank, d, target_count, tt, w);
        break;
    case mpi_Win_ACCUMULATE:
        rc = MPI_Accumulate(i, in_count, it, rank, d, target_count, tt, OMBJ_OP(op), w);
        break;
    case mpi_Win_GET_ACCUMULATE:
        rc = MPI_Get_accumulate(i, in_count, it, o, out_count, ot, rank, d, target_count, tt,
                                OMBJ_OP(op), w);
        break;
    case mpi_Win_FETCH_AND_OP:
        rc = MPI_Fetch_and_op(i, o, it, rank, d, OMBJ_OP(op), w);
        break;
    case mpi_Win_COMPARE_AND_SWAP:
        rc = MPI_Compare_and_swap(i, c, o, it, rank, d, w);
        break;
    case mpi_Win_R_PUT:
        rc = MPI_Rput(i, in_count, it, rank, d, target_count, tt, w, &r);
        break;
    case mpi_Win_R_GET:
        rc = MPI_Rget(o, out_count, ot, rank, d, target_count, tt, w, &r);
        break;
    case mpi_Win_R_ACCUMULATE:
        rc = MPI_Raccumulate(i, in_count, it, rank, d, target_count, tt, OMBJ_OP(op), w, &r);
        break;
    case mpi_Win_R_GET_ACCUMULATE:
        rc = MPI_Rget_accumulate(i, in_count, it, o, out_count, ot, rank, d, target_count, tt,
                                 OMBJ_OP(op), w, &r);
        break;
    default:
        ombj_throw(env, ombj.illegal_argument, "unknown one-sided operation");
        return 0;
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(r);
}

JNIEXPORT jint JNICALL Java_mpi_JniOneSided_winSync(JNIEnv *env, jobject backend, jint call, jlong win,
                                          jint rank, jint lock_type, jint assertion)
{
    (void)backend;
    MPI_Win w = OMBJ_WIN(win);
    int flag = 0;
    int rc;
    switch (call) {
    case mpi_Win_LOCK:            rc = MPI_Win_lock(lock_type, rank, assertion, w); break;
    case mpi_Win_UNLOCK:          rc = MPI_Win_unlock(rank, w); break;
    case mpi_Win_LOCK_ALL:        rc = MPI_Win_lock_all(assertion, w); break;
    case mpi_Win_UNLOCK_ALL:      rc = MPI_Win_unlock_all(w); break;
    case mpi_Win_FLUSH:           rc = MPI_Win_flush(rank, w); break;
    case mpi_Win_FLUSH_ALL:       rc = MPI_Win_flush_all(w); break;
    case mpi_Win_FLUSH_LOCAL:     rc = MPI_Win_flush_local(rank, w); break;
    case mpi_Win_FLUSH_LOCAL_ALL: rc = MPI_Win_flush_local_all(w); break;
    case mpi_Win_SYNC:            rc = MPI_Win_sync(w); break;
    case mpi_Win_FENCE:           rc = MPI_Win_fence(assertion, w); break;
    case mpi_Win_COMPLETE:        rc = MPI_Win_complete(w); break;
    case mpi_Win_WAIT:            rc = MPI_Win_wait(w); break;
    case mpi_Win_TEST:            rc = MPI_Win_test(w, &flag); break;
    default:
        ombj_throw(env, ombj.illegal_argument, "unknown window synchronization");
        return 0;
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return flag;
}

JNIEXPORT void JNICALL Java_mpi_JniOneSided_winGroupSync(JNIEnv *env, jobject backend, jint call, jlong win,
                                               jlong group, jint assertion)
{
    (void)backend;
    int rc;
    switch (call) {
    case mpi_Win_START: rc = MPI_Win_start(OMBJ_GROUP(group), assertion, OMBJ_WIN(win)); break;
    case mpi_Win_POST:  rc = MPI_Win_post(OMBJ_GROUP(group), assertion, OMBJ_WIN(win)); break;
    default:
        ombj_throw(env, ombj.illegal_argument, "unknown window synchronization");
        return;
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* ---- error handlers ---- */

JNIEXPORT void JNICALL Java_mpi_JniOneSided_winSetErrhandler(JNIEnv *env, jobject backend,
    jlong win, jlong errhandler)
{
    (void)backend;
    int rc = MPI_Win_set_errhandler(OMBJ_WIN(win), (MPI_Errhandler)(intptr_t)errhandler);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniOneSided_winGetErrhandler(JNIEnv *env, jobject backend,
    jlong win)
{
    (void)backend;
    MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
    int rc = MPI_Win_get_errhandler(OMBJ_WIN(win), &handler);
    jlong value = OMBJ_J(handler);
    if (rc == MPI_SUCCESS) { /* the window keeps the handler: release the new reference */
        rc = MPI_Errhandler_free(&handler);
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return value;
}

JNIEXPORT void JNICALL Java_mpi_JniOneSided_winCallErrhandler(JNIEnv *env, jobject backend,
    jlong win, jint error_code)
{
    (void)backend;
    int rc = MPI_Win_call_errhandler(OMBJ_WIN(win), error_code);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* ---- names ---- */

JNIEXPORT void JNICALL Java_mpi_JniOneSided_winSetName(JNIEnv *env, jobject backend, jlong win,
    jstring name)
{
    (void)backend;
    const char *chars = (*env)->GetStringUTFChars(env, name, NULL);
    if (chars == NULL) {
        return; /* OutOfMemoryError pending */
    }
    int rc = MPI_Win_set_name(OMBJ_WIN(win), chars);
    (*env)->ReleaseStringUTFChars(env, name, chars);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jstring JNICALL Java_mpi_JniOneSided_winGetName(JNIEnv *env, jobject backend,
    jlong win)
{
    (void)backend;
    char name[MPI_MAX_OBJECT_NAME + 1];
    int len = 0;
    int rc = MPI_Win_get_name(OMBJ_WIN(win), name, &len);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    name[len < 0 ? 0 : len > MPI_MAX_OBJECT_NAME ? MPI_MAX_OBJECT_NAME : len] = '\0';
    return (*env)->NewStringUTF(env, name);
}

JNIEXPORT void JNICALL Java_mpi_JniOneSided_winSetInfo(JNIEnv *env, jobject backend, jlong win,
    jlong info)
{
    (void)backend;
    int rc = MPI_Win_set_info(OMBJ_WIN(win), OMBJ_INFO(info));
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniOneSided_winGetInfo(JNIEnv *env, jobject backend, jlong win)
{
    (void)backend;
    MPI_Info info = MPI_INFO_NULL;
    int rc = MPI_Win_get_info(OMBJ_WIN(win), &info);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(info);
}
