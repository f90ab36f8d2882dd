/*
 * Native side of mpi.Request: completion (staged receives are copied into arrays by
 * mpi.ArrayCopy).
 * Handles travel by value (one jlong, or a long[] for many), never through JNI field access.
 */
#include "ombj.h"
#include "mpi_Request.h"

#include <stdlib.h>

/* Up to this many requests, MPI_Waitall's arrays live on the stack (no malloc per call). */
#define STACK_REQUESTS 256

/*
 * After a failed MPI_Wait or MPI_Test: MPI may have freed the request and set it to
 * MPI_REQUEST_NULL (Open MPI does, for the request whose operation failed, persistent or
 * not), so the Java object gets the handle MPI left, or it would hand MPI a freed request
 * later. Then the MPIException. An error path only, so the field is looked up here.
 */
void ombj_request_failed(JNIEnv *env, jobject self, MPI_Request r, int rc)
{
    jclass cls = (*env)->GetObjectClass(env, self);
    jfieldID id = cls == NULL ? NULL : (*env)->GetFieldID(env, cls, "handle", "J");
    if (id != NULL) {
        (*env)->SetLongField(env, self, id, OMBJ_J(r));
    }
    if (cls != NULL) {
        (*env)->DeleteLocalRef(env, cls);
    }
    if (!(*env)->ExceptionCheck(env)) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_requestWait(JNIEnv *env, jobject backend, jobject self,
                                               jlong handle, jobject status)
{
    (void)backend;
    MPI_Request r = OMBJ_REQUEST(handle);
    MPI_Status s;
    int rc = MPI_Wait(&r, status != NULL ? &s : MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) {
        ombj_request_failed(env, self, r, rc);
    } else if (status != NULL) {
        ombj_set_status(env, status, &s);
    }
    return OMBJ_J(r);
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_requestTest(JNIEnv *env, jobject backend, jobject self,
                                               jlong handle)
{
    (void)backend;
    MPI_Request r = OMBJ_REQUEST(handle);
    int flag = 0;
    int rc = MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) {
        ombj_request_failed(env, self, r, rc);
    }
    return OMBJ_J(r);
}

JNIEXPORT jlong JNICALL Java_mpi_JniPointToPoint_requestFree(JNIEnv *env, jobject backend, jlong handle)
{
    (void)backend;
    MPI_Request r = OMBJ_REQUEST(handle);
    int rc = MPI_Request_free(&r);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(r);
}

/*
 * Waits for n handles copied out of a Java long[] and copies them back. The statuses, when
 * given, are filled after the wait. Small counts use the stack.
 */
static void wait_all(JNIEnv *env, jlongArray java_handles, jsize n, jobjectArray statuses)
{
    jlong stack_values[STACK_REQUESTS];
    MPI_Request stack_handles[STACK_REQUESTS];
    MPI_Status stack_statuses[STACK_REQUESTS];
    jlong *values = stack_values;
    MPI_Request *handles = stack_handles;
    MPI_Status *s = statuses != NULL ? stack_statuses : MPI_STATUSES_IGNORE;
    int allocated = n > STACK_REQUESTS;
    if (allocated) {
        values = malloc((size_t)n * sizeof *values);
        handles = malloc((size_t)n * sizeof *handles);
        s = statuses != NULL ? malloc((size_t)n * sizeof *s) : MPI_STATUSES_IGNORE;
        /* MPI_STATUSES_IGNORE may itself be a null pointer: test s only if it was allocated */
        if (values == NULL || handles == NULL || (statuses != NULL && s == NULL)) {
            ombj_throw(env, ombj.out_of_memory, "no memory for MPI_Waitall's requests");
            goto out;
        }
    }
    (*env)->GetLongArrayRegion(env, java_handles, 0, n, values);
    if ((*env)->ExceptionCheck(env)) {
        goto out;
    }
    for (jsize i = 0; i < n; i++) {
        handles[i] = OMBJ_REQUEST(values[i]);
    }
    int rc = MPI_Waitall(n, handles, s);
    for (jsize i = 0; i < n; i++) {
        values[i] = OMBJ_J(handles[i]);
    }
    (*env)->SetLongArrayRegion(env, java_handles, 0, n, values);
    if ((*env)->ExceptionCheck(env)) {
        goto out;
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        goto out;
    }
    for (jsize i = 0; statuses != NULL && i < n; i++) {
        jobject st = (*env)->GetObjectArrayElement(env, statuses, i);
        if (st == NULL) {
            break; /* exception pending */
        }
        ombj_set_status(env, st, &s[i]);
        (*env)->DeleteLocalRef(env, st); /* many requests would overflow the local frame */
    }
out:
    if (allocated) {
        free(values);
        free(handles);
        if (statuses != NULL) {
            free(s);
        }
    }
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_requestWaitAll(JNIEnv *env, jobject backend, jlongArray handles,
                                                 jint n)
{
    (void)backend;
    wait_all(env, handles, n, NULL);
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_requestWaitAllStatus(JNIEnv *env, jobject backend,
                                                       jlongArray handles, jobjectArray statuses)
{
    (void)backend;
    wait_all(env, handles, (*env)->GetArrayLength(env, handles), statuses);
}

/* ---- completion of any, some, all (tested): Request.waitAny, testSome, testAll, ... ---- */

/* The status objects of a Status[], filled from statuses[0..n). Returns -1 with an exception. */
static int fill_statuses(JNIEnv *env, jobjectArray java_statuses, const MPI_Status *s, jsize n)
{
    for (jsize i = 0; i < n; i++) {
        jobject st = (*env)->GetObjectArrayElement(env, java_statuses, i);
        if (st == NULL) { /* an exception, or a null slot, which Java never passes */
            return -1;
        }
        ombj_set_status(env, st, &s[i]);
        (*env)->DeleteLocalRef(env, st); /* many requests would overflow the local frame */
    }
    return 0;
}

/*
 * MPI_Waitany, MPI_Testany, MPI_Waitsome, MPI_Testsome or MPI_Testall on n handles of a Java
 * long[], written back as MPI leaves them even when the call fails (Seam.PointToPoint's
 * requestComplete says what each returns). Small counts use the stack.
 */
JNIEXPORT jint JNICALL Java_mpi_JniPointToPoint_requestCompleteArrays(JNIEnv *env, jobject backend,
    jint call, jlongArray java_handles, jint n, jintArray java_indices, jobjectArray java_statuses)
{
    (void)backend;
    jlong stack_values[STACK_REQUESTS];
    MPI_Request stack_handles[STACK_REQUESTS];
    MPI_Status stack_statuses[STACK_REQUESTS];
    int stack_indices[STACK_REQUESTS];
    jlong *values = stack_values;
    MPI_Request *handles = stack_handles;
    MPI_Status *s = stack_statuses;
    int *indices = stack_indices;
    int allocated = n > STACK_REQUESTS;
    jint result = 0;
    if (allocated) {
        values = malloc((size_t)n * sizeof *values);
        handles = malloc((size_t)n * sizeof *handles);
        s = malloc((size_t)n * sizeof *s);
        indices = malloc((size_t)n * sizeof *indices);
        if (values == NULL || handles == NULL || s == NULL || indices == NULL) {
            ombj_throw(env, ombj.out_of_memory, "no memory for the requests");
            goto out;
        }
    }
    (*env)->GetLongArrayRegion(env, java_handles, 0, n, values);
    if ((*env)->ExceptionCheck(env)) {
        goto out;
    }
    for (jint i = 0; i < n; i++) {
        handles[i] = OMBJ_REQUEST(values[i]);
    }
    int rc = MPI_SUCCESS, index = MPI_UNDEFINED, count = 0, flag = 0;
    MPI_Status *one = java_statuses != NULL ? &s[0] : MPI_STATUS_IGNORE;
    MPI_Status *all = java_statuses != NULL ? s : MPI_STATUSES_IGNORE;
    switch (call) {
    case mpi_Request_WAIT_ANY:
        rc = MPI_Waitany(n, handles, &index, one);
        result = index;
        break;
    case mpi_Request_TEST_ANY:
        rc = MPI_Testany(n, handles, &index, &flag, one);
        result = flag ? index : -1; /* -1: none has completed yet */
        break;
    case mpi_Request_WAIT_SOME:
        rc = MPI_Waitsome(n, handles, &count, indices, all);
        result = count;
        break;
    case mpi_Request_TEST_SOME:
        rc = MPI_Testsome(n, handles, &count, indices, all);
        result = count;
        break;
    default: /* mpi_Request_TEST_ALL */
        rc = MPI_Testall(n, handles, &flag, all);
        result = flag;
        break;
    }
    for (jint i = 0; i < n; i++) {
        values[i] = OMBJ_J(handles[i]);
    }
    (*env)->SetLongArrayRegion(env, java_handles, 0, n, values);
    if ((*env)->ExceptionCheck(env)) {
        goto out;
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        goto out;
    }
    int some = call == mpi_Request_WAIT_SOME || call == mpi_Request_TEST_SOME;
    if (some && result != MPI_UNDEFINED && result > 0) {
        (*env)->SetIntArrayRegion(env, java_indices, 0, result, indices);
        if ((*env)->ExceptionCheck(env)) {
            goto out;
        }
    }
    if (java_statuses != NULL) {
        jsize filled = some ? (result == MPI_UNDEFINED ? 0 : result)
                     : call == mpi_Request_TEST_ALL ? (result ? n : 0)
                     : (result == MPI_UNDEFINED || result < 0 ? 0 : 1);
        (void)fill_statuses(env, java_statuses, s, filled); /* -1: an exception is pending */
    }
out:
    if (allocated) {
        free(values);
        free(handles);
        free(s);
        free(indices);
    }
    return result;
}

/*
 * MPI_Waitany or MPI_Testany on the n (at most JniOutArgs.MAX_HANDLES) handles Java wrote at
 * out + HANDLES_AT, written back there as MPI leaves them even when the call fails; the
 * status at out + STATUS_AT if asked. No JNI function but the throw on failure.
 */
JNIEXPORT jint JNICALL Java_mpi_JniPointToPoint_requestAny(JNIEnv *env, jobject backend,
    jint call, jlong out, jint n, jboolean want_status)
{
    (void)backend;
    char *base = (char *)(intptr_t)out;
    jlong *values = (jlong *)(base + mpi_JniOutArgs_HANDLES_AT);
    MPI_Request handles[STACK_REQUESTS];
    MPI_Status s;
    if (n < 0 || n > STACK_REQUESTS) {
        ombj_throw(env, ombj.illegal_argument, "too many requests for native memory");
        return 0;
    }
    for (jint i = 0; i < n; i++) {
        handles[i] = OMBJ_REQUEST(values[i]);
    }
    int rc, index = MPI_UNDEFINED, flag = 0;
    MPI_Status *one = want_status ? &s : MPI_STATUS_IGNORE;
    jint result;
    if (call == mpi_Request_WAIT_ANY) {
        rc = MPI_Waitany(n, handles, &index, one);
        result = index;
    } else {
        rc = MPI_Testany(n, handles, &index, &flag, one);
        result = flag ? index : -1; /* -1: none has completed yet */
    }
    for (jint i = 0; i < n; i++) {
        values[i] = OMBJ_J(handles[i]);
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    if (want_status && result >= 0 && result != MPI_UNDEFINED) {
        ombj_store_status(base + mpi_JniOutArgs_STATUS_AT, &s);
    }
    return result;
}

JNIEXPORT void JNICALL Java_mpi_JniPointToPoint_requestCancel(JNIEnv *env, jobject backend,
    jlong handle)
{
    (void)backend;
    MPI_Request r = OMBJ_REQUEST(handle);
    int rc = MPI_Cancel(&r);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jboolean JNICALL Java_mpi_JniPointToPoint_requestGetStatus(JNIEnv *env, jobject backend,
    jlong handle, jobject status)
{
    (void)backend;
    MPI_Status s;
    int flag = 0;
    int rc = MPI_Request_get_status(OMBJ_REQUEST(handle), &flag, &s);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return JNI_FALSE;
    }
    if (flag) {
        ombj_set_status(env, status, &s);
    }
    return flag ? JNI_TRUE : JNI_FALSE;
}
