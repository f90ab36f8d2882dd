/* Library load, exceptions, status and buffer helpers shared by the binding's classes. */
#define _GNU_SOURCE
#include "ombj.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ombj_ids ombj;

/*
 * Open MPI loads its components with dlopen, and they need libmpi's (and its dependencies')
 * symbols in the global scope. The JVM loads this library with RTLD_LOCAL, which keeps the
 * MPI library it pulls in local too; re-opening that same file with RTLD_GLOBAL (found by
 * address, so it works for whichever MPI we were linked against) promotes it, with no
 * LD_PRELOAD. The handle is kept open on purpose: the library must outlive the JVM's use.
 */
static void promote_mpi_library(void)
{
    Dl_info info;
    if (dladdr((void *)&MPI_Init, &info) != 0 && info.dli_fname != NULL) {
        if (dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD) == NULL) {
            fprintf(stderr, "OMB-J: cannot make %s global: %s\n", info.dli_fname, dlerror());
        }
    }
}

/*
 * Loading this library has just loaded the MPI library and its dependencies, and their
 * constructors may have replaced the JVM's signal handlers (UCX's libucs does, unless told not
 * to). Before the JVM can next need them: mpi.SignalGuard.restore(), whose native lives in
 * libombjsig.so (no MPI dependency, loaded before this library). Returns 0, or -1 with an
 * exception pending.
 */
static int restore_jvm_signal_handlers(JNIEnv *env)
{
    jclass guard = (*env)->FindClass(env, "mpi/SignalGuard");
    if (guard == NULL) {
        return -1;
    }
    jmethodID restore = (*env)->GetStaticMethodID(env, guard, "restore", "()I");
    if (restore != NULL) {
        (void)(*env)->CallStaticIntMethod(env, guard, restore);
    }
    (*env)->DeleteLocalRef(env, guard);
    return (*env)->ExceptionCheck(env) ? -1 : 0;
}

static jclass global_class(JNIEnv *env, const char *name)
{
    jclass local = (*env)->FindClass(env, name);
    if (local == NULL) {
        return NULL;
    }
    jclass global = (*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);
    return global;
}

static jfieldID field(JNIEnv *env, const char *class_name, const char *name, const char *sig)
{
    jclass cls = (*env)->FindClass(env, class_name);
    if (cls == NULL) {
        return NULL;
    }
    jfieldID id = (*env)->GetFieldID(env, cls, name, sig);
    (*env)->DeleteLocalRef(env, cls);
    return id;
}

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    (void)reserved;
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) {
        return JNI_ERR;
    }
    if (restore_jvm_signal_handlers(env) != 0) {
        return JNI_ERR;
    }
    promote_mpi_library();

    if ((ombj.mpi_exception = global_class(env, "mpi/MPIException")) == NULL
        || (ombj.illegal_argument = global_class(env, "java/lang/IllegalArgumentException")) == NULL
        || (ombj.out_of_memory = global_class(env, "java/lang/OutOfMemoryError")) == NULL) {
        return JNI_ERR;
    }
    ombj.mpi_exception_init = (*env)->GetMethodID(env, ombj.mpi_exception, "<init>",
                                                  "(Ljava/lang/String;II)V");
    if (ombj.mpi_exception_init == NULL
        || (ombj.status_source = field(env, "mpi/Status", "source", "I")) == NULL
        || (ombj.status_tag = field(env, "mpi/Status", "tag", "I")) == NULL
        || (ombj.status_error = field(env, "mpi/Status", "error", "I")) == NULL
        || (ombj.status_bytes = field(env, "mpi/Status", "bytes", "J")) == NULL
        || (ombj.status_cancelled = field(env, "mpi/Status", "cancelled", "Z")) == NULL) {
        return JNI_ERR;
    }
    if ((ombj.datatype_handle = field(env, "mpi/Datatype", "handle", "J")) == NULL) {
        return JNI_ERR;
    }
    /* The field GetDirectBufferAddress reads (every JDK since 1.4): ombj_checked_address. */
    if ((ombj.buffer_address = field(env, "java/nio/Buffer", "address", "J")) == NULL) {
        return JNI_ERR;
    }
    return JNI_VERSION_1_8;
}

JNIEXPORT void JNICALL JNI_OnUnload(JavaVM *vm, void *reserved)
{
    (void)reserved;
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) {
        return;
    }
    (*env)->DeleteGlobalRef(env, ombj.mpi_exception);
    (*env)->DeleteGlobalRef(env, ombj.illegal_argument);
    (*env)->DeleteGlobalRef(env, ombj.out_of_memory);
}

void ombj_throw(JNIEnv *env, jclass cls, const char *msg)
{
    (*env)->ThrowNew(env, cls, msg);
}

void ombj_throw_mpi(JNIEnv *env, int rc)
{
    if ((*env)->ExceptionCheck(env)) {
        return; /* thrown before the MPI call (an array copy): Java sees that one */
    }
    char msg[MPI_MAX_ERROR_STRING + 1];
    int len = 0;
    int error_class = rc;
    if (MPI_Error_string(rc, msg, &len) != MPI_SUCCESS || len <= 0) {
        len = snprintf(msg, sizeof msg, "MPI error %d", rc);
    }
    msg[len < MPI_MAX_ERROR_STRING ? len : MPI_MAX_ERROR_STRING] = '\0';
    if (MPI_Error_class(rc, &error_class) != MPI_SUCCESS) {
        error_class = rc;
    }
    jstring text = (*env)->NewStringUTF(env, msg);
    if (text == NULL) {
        return; /* OutOfMemoryError pending */
    }
    jobject ex = (*env)->NewObject(env, ombj.mpi_exception, ombj.mpi_exception_init, text, rc,
                                   error_class);
    (*env)->DeleteLocalRef(env, text);
    if (ex != NULL) {
        (*env)->Throw(env, (jthrowable)ex);
        (*env)->DeleteLocalRef(env, ex);
    }
}

/* The byte count of a status and whether it was cancelled: 0 where MPI cannot say. */
static void status_extras(const MPI_Status *s, int *bytes, int *cancelled)
{
    if (MPI_Get_count(s, MPI_BYTE, bytes) != MPI_SUCCESS || *bytes == MPI_UNDEFINED) {
        *bytes = 0;
    }
    if (MPI_Test_cancelled(s, cancelled) != MPI_SUCCESS) {
        *cancelled = 0;
    }
}

void ombj_store_status(void *at, const MPI_Status *s)
{
    int bytes = 0, cancelled = 0;
    status_extras(s, &bytes, &cancelled);
    jint *ints = at;
    ints[0] = s->MPI_SOURCE;
    ints[1] = s->MPI_TAG;
    ints[2] = s->MPI_ERROR;
    ints[3] = cancelled != 0;
    jlong count = bytes;
    memcpy((char *)at + 16, &count, sizeof count);
}

void ombj_set_status(JNIEnv *env, jobject status, const MPI_Status *s)
{
    int bytes = 0, cancelled = 0;
    status_extras(s, &bytes, &cancelled);
    (*env)->SetIntField(env, status, ombj.status_source, s->MPI_SOURCE);
    (*env)->SetIntField(env, status, ombj.status_tag, s->MPI_TAG);
    (*env)->SetIntField(env, status, ombj.status_error, s->MPI_ERROR);
    (*env)->SetLongField(env, status, ombj.status_bytes, (jlong)bytes);
    (*env)->SetBooleanField(env, status, ombj.status_cancelled, cancelled ? JNI_TRUE : JNI_FALSE);
}

void *ombj_direct_address(JNIEnv *env, jobject buf)
{
    if (buf == NULL) {
        return NULL;
    }
    void *p = (*env)->GetDirectBufferAddress(env, buf);
    if (p == NULL) {
        ombj_throw(env, ombj.illegal_argument, "not a direct buffer");
    }
    return p;
}

/* ---- topologies ---- */

_Static_assert(sizeof(jint) == sizeof(int), "jint is C's int");

/* Every handle travels through Java as a jlong (OMBJ_J), whatever the MPI library makes it. */
_Static_assert(sizeof(MPI_Comm) <= sizeof(jlong) && sizeof(MPI_Datatype) <= sizeof(jlong)
               && sizeof(MPI_Op) <= sizeof(jlong) && sizeof(MPI_Request) <= sizeof(jlong)
               && sizeof(MPI_Info) <= sizeof(jlong) && sizeof(MPI_Group) <= sizeof(jlong)
               && sizeof(MPI_Win) <= sizeof(jlong),
               "an MPI handle fits a jlong");

int *ombj_ints(JNIEnv *env, jintArray array, jsize n)
{
    int *c = malloc(n > 0 ? (size_t)n * sizeof(int) : 1);
    if (c == NULL) {
        ombj_throw(env, ombj.out_of_memory, "no memory for an MPI argument array");
        return NULL;
    }
    if (n > 0) {
        (*env)->GetIntArrayRegion(env, array, 0, n, (jint *)c);
        if ((*env)->ExceptionCheck(env)) {
            free(c);
            return NULL;
        }
    }
    return c;
}
