/*
 * Intercommunicators and dynamic processes (mpi.Intercomm, Intracomm.spawn): the JNI backend's
 * calls of Seam.Communicators for them.
 */
#include "ombj.h"

#include <stdlib.h>
#include <string.h>

/* A Java string as a C string of its own (modified UTF-8), or NULL with an error thrown. */
static char *copy_string(JNIEnv *env, jstring s)
{
    const char *chars = (*env)->GetStringUTFChars(env, s, NULL);
    if (chars == NULL) {
        return NULL; /* OutOfMemoryError pending */
    }
    char *copy = strdup(chars);
    (*env)->ReleaseStringUTFChars(env, s, chars);
    if (copy == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for a spawn argument");
    }
    return copy;
}

static void free_strings(char **strings, jsize n)
{
    if (strings != NULL) {
        for (jsize i = 0; i < n; i++) {
            free(strings[i]);
        }
        free(strings);
    }
}

/* Java has checked command, every argv element and errcodes' length. */
JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commSpawn(JNIEnv *env, jobject backend,
    jlong comm, jstring command, jobjectArray argv, jint maxprocs, jlong info, jint root,
    jintArray errcodes)
{
    (void)backend;
    MPI_Comm inter = MPI_COMM_NULL;
    jsize n = argv == NULL ? 0 : (*env)->GetArrayLength(env, argv);
    char *cmd = copy_string(env, command);
    char **args = argv == NULL ? NULL : calloc((size_t)n + 1, sizeof(char *));
    int *codes = errcodes == NULL ? NULL : malloc((size_t)maxprocs * sizeof(int));
    if (cmd == NULL || (argv != NULL && args == NULL) || (errcodes != NULL && codes == NULL)) {
        if (cmd != NULL) {
            ombj_throw(env, ombj.out_of_memory, "no memory for the spawn arguments");
        }
        free(cmd);
        free(args);
        free(codes);
        return 0;
    }
    if (codes != NULL) { /* what MPI does not write stays as the caller had it */
        (*env)->GetIntArrayRegion(env, errcodes, 0, maxprocs, codes);
    }
    for (jsize i = 0; i < n; i++) {
        jstring s = (jstring)(*env)->GetObjectArrayElement(env, argv, i);
        args[i] = s == NULL ? NULL : copy_string(env, s);
        if (s != NULL) {
            (*env)->DeleteLocalRef(env, s);
        }
        if (args[i] == NULL) {
            free_strings(args, i);
            free(cmd);
            free(codes);
            return 0;
        }
    }
    int rc = MPI_Comm_spawn(cmd, args == NULL ? MPI_ARGV_NULL : args, maxprocs,
                            OMBJ_INFO(info), root, OMBJ_COMM(comm), &inter,
                            codes == NULL ? MPI_ERRCODES_IGNORE : codes);
    if (rc == MPI_SUCCESS) {
        rc = MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
        if (rc != MPI_SUCCESS) {
            MPI_Comm_free(&inter); /* not handed to Java: freed here */
        }
    }
    if (codes != NULL) {
        (*env)->SetIntArrayRegion(env, errcodes, 0, maxprocs, codes);
    }
    free_strings(args, n);
    free(cmd);
    free(codes);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(inter);
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commGetParent(JNIEnv *env, jobject backend)
{
    (void)backend;
    MPI_Comm parent = MPI_COMM_NULL;
    int rc = MPI_Comm_get_parent(&parent);
    if (rc == MPI_SUCCESS && parent != MPI_COMM_NULL) {
        rc = MPI_Comm_set_errhandler(parent, MPI_ERRORS_RETURN);
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(parent);
}

JNIEXPORT jint JNICALL Java_mpi_JniCommunicators_commRemoteSize(JNIEnv *env, jobject backend,
    jlong comm)
{
    (void)backend;
    int size = -1;
    int rc = MPI_Comm_remote_size(OMBJ_COMM(comm), &size);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return size;
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commRemoteGroup(JNIEnv *env, jobject backend,
    jlong comm)
{
    (void)backend;
    MPI_Group group = MPI_GROUP_NULL;
    int rc = MPI_Comm_remote_group(OMBJ_COMM(comm), &group);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(group);
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_intercommMerge(JNIEnv *env, jobject backend,
    jlong comm, jboolean high)
{
    (void)backend;
    MPI_Comm merged = MPI_COMM_NULL;
    int rc = MPI_Intercomm_merge(OMBJ_COMM(comm), high ? 1 : 0, &merged);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(merged);
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_intercommCreate(JNIEnv *env, jobject backend,
    jlong comm, jint local_leader, jlong peer, jint remote_leader, jint tag)
{
    (void)backend;
    MPI_Comm inter = MPI_COMM_NULL;
    int rc = MPI_Intercomm_create(OMBJ_COMM(comm), local_leader, OMBJ_COMM(peer), remote_leader,
                                  tag, &inter);
    if (rc == MPI_SUCCESS) {
        rc = MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
        if (rc != MPI_SUCCESS) {
            MPI_Comm_free(&inter); /* not handed to Java: freed here */
        }
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(inter);
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commDisconnect(JNIEnv *env, jobject backend,
    jlong comm)
{
    (void)backend;
    MPI_Comm c = OMBJ_COMM(comm);
    int rc = MPI_Comm_disconnect(&c);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(c);
}
