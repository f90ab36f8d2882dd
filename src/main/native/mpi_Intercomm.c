/*
 * Intercommunicators and dynamic processes (mpi.Intercomm, Intracomm.spawn, spawnMultiple,
 * ports and names, accept and connect): the JNI backend's calls of Seam.Communicators for them.
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

/* Frees a NULL-terminated array of strings of copy_strings (NULL: nothing). */
static void free_strings(char **strings)
{
    if (strings != NULL) {
        for (char **s = strings; *s != NULL; s++) {
            free(*s);
        }
        free(strings);
    }
}

/*
 * A Java String[] (null: none) as a NULL-terminated array of copies, or NULL with an error
 * thrown. Java has checked that no element is null.
 */
static char **copy_strings(JNIEnv *env, jobjectArray strings)
{
    jsize n = strings == NULL ? 0 : (*env)->GetArrayLength(env, strings);
    char **copies = calloc((size_t)n + 1, sizeof(char *));
    if (copies == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for the spawn arguments");
        return NULL;
    }
    for (jsize i = 0; i < n; i++) {
        jstring s = (jstring)(*env)->GetObjectArrayElement(env, strings, i);
        copies[i] = s == NULL ? NULL : copy_string(env, s);
        if (s != NULL) {
            (*env)->DeleteLocalRef(env, s);
        }
        if (copies[i] == NULL) {
            free_strings(copies); /* the copies so far: the rest are NULL */
            return NULL;
        }
    }
    return copies;
}

/* The error codes the caller had (NULL for none, or when NULL is thrown for no memory). */
static int *copy_codes(JNIEnv *env, jintArray errcodes, jint n)
{
    if (errcodes == NULL) {
        return NULL;
    }
    int *codes = malloc((size_t)(n > 0 ? n : 1) * sizeof(int));
    if (codes == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for the error codes");
        return NULL;
    }
    (*env)->GetIntArrayRegion(env, errcodes, 0, n, codes);
    return codes;
}

/* The new communicator made to return errors, or freed (not handed to Java) when that fails. */
static int returning_errors(MPI_Comm *inter, int rc)
{
    if (rc == MPI_SUCCESS) {
        rc = MPI_Comm_set_errhandler(*inter, MPI_ERRORS_RETURN);
        if (rc != MPI_SUCCESS) {
            MPI_Comm_free(inter);
        }
    }
    return rc;
}

/* Java has checked command, every argv element and errcodes' length. */
JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commSpawn(JNIEnv *env, jobject backend,
    jlong comm, jstring command, jobjectArray argv, jint maxprocs, jlong info, jint root,
    jintArray errcodes)
{
    (void)backend;
    MPI_Comm inter = MPI_COMM_NULL;
    char *cmd = copy_string(env, command);
    char **args = cmd == NULL || argv == NULL ? NULL : copy_strings(env, argv);
    /* what MPI does not write stays as the caller had it */
    int *codes = (*env)->ExceptionCheck(env) ? NULL : copy_codes(env, errcodes, maxprocs);
    if ((*env)->ExceptionCheck(env)) {
        free_strings(args);
        free(cmd);
        free(codes);
        return 0;
    }
    int rc = MPI_Comm_spawn(cmd, args == NULL ? MPI_ARGV_NULL : args, maxprocs,
                            OMBJ_INFO(info), root, OMBJ_COMM(comm), &inter,
                            codes == NULL ? MPI_ERRCODES_IGNORE : codes);
    rc = returning_errors(&inter, rc);
    if (codes != NULL) {
        (*env)->SetIntArrayRegion(env, errcodes, 0, maxprocs, codes);
    }
    free_strings(args);
    free(cmd);
    free(codes);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(inter);
}

/* The arguments of MPI_Comm_spawn_multiple, copied from Java's; free_spawn_args frees them. */
struct spawn_args {
    jsize count;
    char **commands;
    char ***argv; /* NULL: MPI_ARGVS_NULL */
    int *maxprocs;
    MPI_Info *infos;
    jint processes;
};

static void free_spawn_args(struct spawn_args *a)
{
    free_strings(a->commands);
    for (jsize i = 0; a->argv != NULL && i < a->count; i++) {
        free_strings(a->argv[i]);
    }
    free(a->argv);
    free(a->maxprocs);
    free(a->infos);
}

/* 0, or -1 with an error thrown (a holds what was copied: free_spawn_args frees it). */
static int copy_spawn_args(JNIEnv *env, struct spawn_args *a, jobjectArray commands,
    jobjectArray argv, jintArray maxprocs, jlongArray infos)
{
    jsize n = a->count = (*env)->GetArrayLength(env, commands);
    a->commands = copy_strings(env, commands);
    if (a->commands == NULL) {
        return -1;
    }
    a->argv = argv == NULL ? NULL : calloc((size_t)n, sizeof(char **));
    a->maxprocs = malloc((size_t)n * sizeof(int));
    a->infos = malloc((size_t)n * sizeof(MPI_Info));
    jlong *handles = malloc((size_t)n * sizeof(jlong));
    if ((argv != NULL && a->argv == NULL) || a->maxprocs == NULL || a->infos == NULL
        || handles == NULL) {
        free(handles);
        ombj_throw(env, ombj.out_of_memory, "no memory for the spawn arguments");
        return -1;
    }
    (*env)->GetIntArrayRegion(env, maxprocs, 0, n, a->maxprocs);
    (*env)->GetLongArrayRegion(env, infos, 0, n, handles);
    a->processes = 0;
    for (jsize i = 0; i < n; i++) {
        a->infos[i] = OMBJ_INFO(handles[i]);
        a->processes += a->maxprocs[i]; /* Java has checked that the sum is an int */
    }
    free(handles);
    for (jsize i = 0; argv != NULL && i < n; i++) {
        jobjectArray one = (jobjectArray)(*env)->GetObjectArrayElement(env, argv, i);
        a->argv[i] = copy_strings(env, one); /* null: an empty list, no arguments */
        if (one != NULL) {
            (*env)->DeleteLocalRef(env, one);
        }
        if (a->argv[i] == NULL) {
            return -1;
        }
    }
    return 0;
}

/* Java has checked the arrays' lengths, their elements, root and errcodes' length. */
JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commSpawnMultiple(JNIEnv *env,
    jobject backend, jlong comm, jobjectArray commands, jobjectArray argv, jintArray maxprocs,
    jlongArray infos, jint root, jintArray errcodes)
{
    (void)backend;
    MPI_Comm inter = MPI_COMM_NULL;
    struct spawn_args a = {0};
    if (copy_spawn_args(env, &a, commands, argv, maxprocs, infos) != 0) {
        free_spawn_args(&a);
        return 0;
    }
    int *codes = copy_codes(env, errcodes, a.processes); /* as the caller had them */
    if ((*env)->ExceptionCheck(env)) {
        free_spawn_args(&a);
        return 0;
    }
    int rc = MPI_Comm_spawn_multiple((int)a.count, a.commands,
                                     a.argv == NULL ? MPI_ARGVS_NULL : a.argv, a.maxprocs,
                                     a.infos, root, OMBJ_COMM(comm), &inter,
                                     codes == NULL ? MPI_ERRCODES_IGNORE : codes);
    rc = returning_errors(&inter, rc);
    if (codes != NULL) {
        (*env)->SetIntArrayRegion(env, errcodes, 0, a.processes, codes);
    }
    free(codes);
    free_spawn_args(&a);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(inter);
}

/* A port name MPI wrote (rc MPI_SUCCESS) as a Java string, or NULL with an error thrown. */
static jstring port_string(JNIEnv *env, int rc, char port[MPI_MAX_PORT_NAME + 1])
{
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    port[MPI_MAX_PORT_NAME] = '\0'; /* MPI writes at most MPI_MAX_PORT_NAME with its NUL */
    return (*env)->NewStringUTF(env, port);
}

JNIEXPORT jstring JNICALL Java_mpi_JniCommunicators_openPort(JNIEnv *env, jobject backend,
    jlong info)
{
    (void)backend;
    char port[MPI_MAX_PORT_NAME + 1];
    return port_string(env, MPI_Open_port(OMBJ_INFO(info), port), port);
}

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_closePort(JNIEnv *env, jobject backend,
    jstring port)
{
    (void)backend;
    const char *p = (*env)->GetStringUTFChars(env, port, NULL);
    if (p == NULL) {
        return; /* OutOfMemoryError pending */
    }
    int rc = MPI_Close_port(p);
    (*env)->ReleaseStringUTFChars(env, port, p);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

/* MPI_Publish_name or MPI_Unpublish_name, which take the same arguments. */
static void publication(JNIEnv *env, jboolean publish, jstring service, jlong info,
    jstring port)
{
    const char *s = (*env)->GetStringUTFChars(env, service, NULL);
    if (s == NULL) {
        return; /* OutOfMemoryError pending */
    }
    const char *p = (*env)->GetStringUTFChars(env, port, NULL);
    if (p == NULL) {
        (*env)->ReleaseStringUTFChars(env, service, s);
        return;
    }
    int rc = publish ? MPI_Publish_name(s, OMBJ_INFO(info), p)
                     : MPI_Unpublish_name(s, OMBJ_INFO(info), p);
    (*env)->ReleaseStringUTFChars(env, port, p);
    (*env)->ReleaseStringUTFChars(env, service, s);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_publishName(JNIEnv *env, jobject backend,
    jstring service, jlong info, jstring port)
{
    (void)backend;
    publication(env, JNI_TRUE, service, info, port);
}

JNIEXPORT void JNICALL Java_mpi_JniCommunicators_unpublishName(JNIEnv *env, jobject backend,
    jstring service, jlong info, jstring port)
{
    (void)backend;
    publication(env, JNI_FALSE, service, info, port);
}

JNIEXPORT jstring JNICALL Java_mpi_JniCommunicators_lookupName(JNIEnv *env, jobject backend,
    jstring service, jlong info)
{
    (void)backend;
    const char *s = (*env)->GetStringUTFChars(env, service, NULL);
    if (s == NULL) {
        return NULL; /* OutOfMemoryError pending */
    }
    char port[MPI_MAX_PORT_NAME + 1];
    int rc = MPI_Lookup_name(s, OMBJ_INFO(info), port);
    (*env)->ReleaseStringUTFChars(env, service, s);
    return port_string(env, rc, port);
}

/* MPI_Comm_accept or MPI_Comm_connect, which take the same arguments. */
static jlong join(JNIEnv *env, jboolean accept, jstring port, jlong info, jint root,
    jlong comm)
{
    const char *p = (*env)->GetStringUTFChars(env, port, NULL);
    if (p == NULL) {
        return 0; /* OutOfMemoryError pending */
    }
    MPI_Comm inter = MPI_COMM_NULL;
    int rc = accept ? MPI_Comm_accept(p, OMBJ_INFO(info), root, OMBJ_COMM(comm), &inter)
                    : MPI_Comm_connect(p, OMBJ_INFO(info), root, OMBJ_COMM(comm), &inter);
    (*env)->ReleaseStringUTFChars(env, port, p);
    rc = returning_errors(&inter, rc);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return OMBJ_J(inter);
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commAccept(JNIEnv *env, jobject backend,
    jstring port, jlong info, jint root, jlong comm)
{
    (void)backend;
    return join(env, JNI_TRUE, port, info, root, comm);
}

JNIEXPORT jlong JNICALL Java_mpi_JniCommunicators_commConnect(JNIEnv *env, jobject backend,
    jstring port, jlong info, jint root, jlong comm)
{
    (void)backend;
    return join(env, JNI_FALSE, port, info, root, comm);
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
    rc = returning_errors(&inter, rc);
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
