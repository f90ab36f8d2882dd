/* Library load, exceptions, status and buffer helpers shared by the binding's classes. */
#define _GNU_SOURCE
#include "ombj.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

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

/* The primitive array classes, in the order of struct ombj_ids.array_class. */
enum { ARRAY_BYTE, ARRAY_SHORT, ARRAY_CHAR, ARRAY_INT, ARRAY_LONG, ARRAY_FLOAT, ARRAY_DOUBLE,
       ARRAY_BOOLEAN, ARRAY_KINDS };
static const char *const ARRAY_CLASS_NAMES[ARRAY_KINDS] = {"[B", "[S", "[C", "[I",
                                                           "[J", "[F", "[D", "[Z"};
static const int ARRAY_ELEMENT_SIZES[ARRAY_KINDS] = {1, 2, 2, 4, 8, 4, 8, 1};

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    (void)reserved;
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) {
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
        || (ombj.status_bytes = field(env, "mpi/Status", "bytes", "J")) == NULL) {
        return JNI_ERR;
    }
    for (int k = 0; k < ARRAY_KINDS; k++) {
        if ((ombj.array_class[k] = global_class(env, ARRAY_CLASS_NAMES[k])) == NULL) {
            return JNI_ERR;
        }
    }
    if ((ombj.datatype_handle = field(env, "mpi/Datatype", "handle", "J")) == NULL) {
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
    for (int k = 0; k < ARRAY_KINDS; k++) {
        (*env)->DeleteGlobalRef(env, ombj.array_class[k]);
    }
}

/* The kind of a primitive array (ARRAY_*), or -1 with an exception pending. */
static int array_kind(JNIEnv *env, jobject array)
{
    jclass cls = (*env)->GetObjectClass(env, array);
    int kind = -1;
    for (int k = 0; k < ARRAY_KINDS && kind < 0; k++) {
        if ((*env)->IsSameObject(env, cls, ombj.array_class[k])) {
            kind = k;
        }
    }
    (*env)->DeleteLocalRef(env, cls);
    if (kind < 0) {
        ombj_throw(env, ombj.illegal_argument, "not a primitive array");
    }
    return kind;
}

/*
 * Get (to_array 0) or Set (to_array 1) <Type>ArrayRegion of n elements of an array of that
 * kind from element `start`, at `native`.
 */
static void region(JNIEnv *env, jobject array, int kind, jsize start, jsize n, void *native,
                   int to_array)
{
#define OMBJ_REGION(Type, jtype)                                                       \
    if (to_array) {                                                                    \
        (*env)->Set##Type##ArrayRegion(env, (jtype##Array)array, start, n, native);    \
    } else {                                                                           \
        (*env)->Get##Type##ArrayRegion(env, (jtype##Array)array, start, n, native);    \
    }                                                                                  \
    break;
    switch (kind) {
    case ARRAY_BYTE: OMBJ_REGION(Byte, jbyte)
    case ARRAY_SHORT: OMBJ_REGION(Short, jshort)
    case ARRAY_CHAR: OMBJ_REGION(Char, jchar)
    case ARRAY_INT: OMBJ_REGION(Int, jint)
    case ARRAY_LONG: OMBJ_REGION(Long, jlong)
    case ARRAY_FLOAT: OMBJ_REGION(Float, jfloat)
    case ARRAY_DOUBLE: OMBJ_REGION(Double, jdouble)
    default: OMBJ_REGION(Boolean, jboolean)
    }
#undef OMBJ_REGION
}

/* Get (to_array 0) or Set (to_array 1) <Type>ArrayRegion of the array's first `bytes` bytes. */
static int copy_region(JNIEnv *env, jobject array, void *native, jint bytes, int to_array)
{
    int kind = array_kind(env, array);
    if (kind < 0) {
        return -1;
    }
    region(env, array, kind, 0, bytes / ARRAY_ELEMENT_SIZES[kind], native, to_array);
    return (*env)->ExceptionCheck(env) ? -1 : 0;
}

int ombj_copy_from_array(JNIEnv *env, jobject array, void *dst, jint bytes)
{
    return copy_region(env, array, dst, bytes, 0);
}

int ombj_copy_to_array(JNIEnv *env, const void *src, jobject array, jint bytes)
{
    return copy_region(env, array, (void *)src, bytes, 1);
}

int ombj_copy_blocks_to_array(JNIEnv *env, const void *src, jobject array, const jint *blocks,
                              jsize pairs)
{
    int kind = array_kind(env, array);
    if (kind < 0) {
        return -1;
    }
    jint size = ARRAY_ELEMENT_SIZES[kind];
    for (jsize k = 0; k < pairs; k++) {
        jint at = blocks[2 * k];
        jint bytes = blocks[2 * k + 1];
        if (at < 0 || bytes < 0 || at % size != 0 || bytes % size != 0) {
            ombj_throw(env, ombj.illegal_argument, "a block is not whole elements of the array");
            return -1;
        }
        region(env, array, kind, at / size, bytes / size, (char *)src + at, 1);
        if ((*env)->ExceptionCheck(env)) {
            return -1;
        }
    }
    return 0;
}

void ombj_throw(JNIEnv *env, jclass cls, const char *msg)
{
    (*env)->ThrowNew(env, cls, msg);
}

void ombj_throw_mpi(JNIEnv *env, int rc)
{
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

void ombj_set_status(JNIEnv *env, jobject status, const MPI_Status *s)
{
    int bytes = 0;
    if (MPI_Get_count(s, MPI_BYTE, &bytes) != MPI_SUCCESS || bytes == MPI_UNDEFINED) {
        bytes = 0;
    }
    (*env)->SetIntField(env, status, ombj.status_source, s->MPI_SOURCE);
    (*env)->SetIntField(env, status, ombj.status_tag, s->MPI_TAG);
    (*env)->SetIntField(env, status, ombj.status_error, s->MPI_ERROR);
    (*env)->SetLongField(env, status, ombj.status_bytes, (jlong)bytes);
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
