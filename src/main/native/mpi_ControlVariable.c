/* MPI_T, the tool information interface (mpi.ControlVariable, mpi.Tool): the JNI backend's
 * calls of Seam.Environment's mpiT* methods. */
#include "ombj.h"

#include <stdlib.h>
#include <string.h>

/* A Java string of MPI's text: bytes outside ASCII become '?', so that NewStringUTF never sees
 * what is not modified UTF-8. */
static jstring text(JNIEnv *env, char *s)
{
    for (char *p = s; *p != '\0'; p++) {
        if ((unsigned char)*p > 0x7f) {
            *p = '?';
        }
    }
    return (*env)->NewStringUTF(env, s);
}

/*
 * Allocates the buffers of a variable's name and description for the lengths the first
 * MPI_T_*_get_info call gave (at least one byte each, and room for a NUL). On failure both are
 * freed and an OutOfMemoryError is pending.
 */
static int text_buffers(JNIEnv *env, int *name_len, int *desc_len, char **name, char **desc,
                        const char *call)
{
    if (*name_len < 1) {
        *name_len = 1;
    }
    if (*desc_len < 1) {
        *desc_len = 1;
    }
    *name = calloc((size_t)*name_len + 1, 1);
    *desc = calloc((size_t)*desc_len + 1, 1);
    if (*name == NULL || *desc == NULL) {
        free(*name);
        free(*desc);
        ombj_throw(env, ombj.out_of_memory, call);
        return 0;
    }
    return 1;
}

/* A String[2] of the name and the description, or NULL with an exception pending; frees both. */
static jobjectArray name_and_description(JNIEnv *env, char *name, char *desc)
{
    jobjectArray out = NULL;
    jclass string = (*env)->FindClass(env, "java/lang/String");
    if (string != NULL) {
        out = (*env)->NewObjectArray(env, 2, string, NULL);
        (*env)->DeleteLocalRef(env, string);
    }
    jstring n = out == NULL ? NULL : text(env, name);
    jstring d = n == NULL ? NULL : text(env, desc);
    if (d != NULL) {
        (*env)->SetObjectArrayElement(env, out, 0, n);
        (*env)->SetObjectArrayElement(env, out, 1, d);
    }
    free(name);
    free(desc);
    return d == NULL ? NULL : out;
}

JNIEXPORT jint JNICALL Java_mpi_JniEnvironment_mpiTInit(JNIEnv *env, jobject backend,
    jint required)
{
    (void)backend;
    int provided = MPI_THREAD_SINGLE;
    int rc = MPI_T_init_thread(required, &provided);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return provided;
}

JNIEXPORT void JNICALL Java_mpi_JniEnvironment_mpiTFinalize(JNIEnv *env, jobject backend)
{
    (void)backend;
    int rc = MPI_T_finalize();
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jint JNICALL Java_mpi_JniEnvironment_mpiTCvarCount(JNIEnv *env, jobject backend)
{
    (void)backend;
    int num = 0;
    int rc = MPI_T_cvar_get_num(&num);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return num;
}

JNIEXPORT jint JNICALL Java_mpi_JniEnvironment_mpiTCvarIndex(JNIEnv *env, jobject backend,
    jstring name)
{
    (void)backend;
    const char *s = (*env)->GetStringUTFChars(env, name, NULL);
    if (s == NULL) {
        return -1; /* OutOfMemoryError pending */
    }
    int index = -1;
    int rc = MPI_T_cvar_get_index(s, &index);
    (*env)->ReleaseStringUTFChars(env, name, s);
    if (rc == MPI_T_ERR_INVALID_NAME) {
        return -1;
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return -1;
    }
    return index;
}

JNIEXPORT jobjectArray JNICALL Java_mpi_JniEnvironment_mpiTCvarInfo(JNIEnv *env, jobject backend,
    jint index, jintArray info, jlongArray handles)
{
    (void)backend;
    int name_len = 0, desc_len = 0, verbosity = 0, bind = 0, scope = 0;
    MPI_Datatype type;
    MPI_T_enum enumtype = MPI_T_ENUM_NULL;
    /* First the lengths (name_len and desc_len 0: MPI writes no text, only the lengths). */
    int rc = MPI_T_cvar_get_info(index, NULL, &name_len, &verbosity, &type, &enumtype, NULL,
                                 &desc_len, &bind, &scope);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    char *name, *desc;
    if (!text_buffers(env, &name_len, &desc_len, &name, &desc, "MPI_T_cvar_get_info")) {
        return NULL;
    }
    rc = MPI_T_cvar_get_info(index, name, &name_len, &verbosity, &type, &enumtype, desc,
                             &desc_len, &bind, &scope);
    if (rc != MPI_SUCCESS) {
        free(name);
        free(desc);
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    jint i[3] = { verbosity, bind, scope };
    jlong h[2] = { OMBJ_J(type), OMBJ_J(enumtype) };
    (*env)->SetIntArrayRegion(env, info, 0, 3, i);      /* Java passes an int[3] */
    (*env)->SetLongArrayRegion(env, handles, 0, 2, h);  /* and a long[2] */
    return name_and_description(env, name, desc);
}

JNIEXPORT jstring JNICALL Java_mpi_JniEnvironment_mpiTEnumInfo(JNIEnv *env, jobject backend,
    jlong enumeration, jintArray count)
{
    (void)backend;
    char name[1024];
    int len = (int)sizeof name;
    int num = 0;
    int rc = MPI_T_enum_get_info((MPI_T_enum)(intptr_t)enumeration, &num, name, &len);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    name[sizeof name - 1] = '\0';
    jint n = num;
    (*env)->SetIntArrayRegion(env, count, 0, 1, &n);
    return text(env, name);
}

JNIEXPORT jstring JNICALL Java_mpi_JniEnvironment_mpiTEnumItem(JNIEnv *env, jobject backend,
    jlong enumeration, jint item, jintArray value)
{
    (void)backend;
    char name[1024];
    int len = (int)sizeof name;
    int v = 0;
    int rc = MPI_T_enum_get_item((MPI_T_enum)(intptr_t)enumeration, item, &v, name, &len);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    name[sizeof name - 1] = '\0';
    jint j = v;
    (*env)->SetIntArrayRegion(env, value, 0, 1, &j);
    return text(env, name);
}

JNIEXPORT jint JNICALL Java_mpi_JniEnvironment_mpiTCvarAccess(JNIEnv *env, jobject backend,
    jint index, jboolean bound, jlong comm, jbyteArray value, jint elementBytes, jboolean write)
{
    (void)backend;
    MPI_Comm c = OMBJ_COMM(comm);
    MPI_T_cvar_handle handle;
    int count = 0;
    int rc = MPI_T_cvar_handle_alloc(index, bound ? (void *)&c : NULL, &handle, &count);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    jsize length = (*env)->GetArrayLength(env, value);
    long long bytes = (long long)count * elementBytes;
    if (count > 0 && (write ? bytes == length : bytes <= length)) {
        /* MPI may write a little more than count elements of a string: room for a NUL. */
        char *buf = calloc((size_t)length + 8, 1);
        if (buf == NULL) {
            MPI_T_cvar_handle_free(&handle);
            ombj_throw(env, ombj.out_of_memory, "MPI_T_cvar_read");
            return 0;
        }
        if (write) {
            (*env)->GetByteArrayRegion(env, value, 0, length, (jbyte *)buf);
            rc = MPI_T_cvar_write(handle, buf);
        } else {
            rc = MPI_T_cvar_read(handle, buf);
            if (rc == MPI_SUCCESS) {
                (*env)->SetByteArrayRegion(env, value, 0, (jsize)bytes, (const jbyte *)buf);
            }
        }
        free(buf);
    }
    int frc = MPI_T_cvar_handle_free(&handle);
    if (rc == MPI_SUCCESS) {
        rc = frc;
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return count;
}

/* Performance variables (mpi.PerformanceVariable, mpi.PerformanceSession). */

#define OMBJ_SESSION(j) ((MPI_T_pvar_session)(intptr_t)(j))
#define OMBJ_PVAR(j)    ((MPI_T_pvar_handle)(intptr_t)(j))

JNIEXPORT jint JNICALL Java_mpi_JniEnvironment_mpiTPvarCount(JNIEnv *env, jobject backend)
{
    (void)backend;
    int num = 0;
    int rc = MPI_T_pvar_get_num(&num);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return num;
}

JNIEXPORT jobjectArray JNICALL Java_mpi_JniEnvironment_mpiTPvarInfo(JNIEnv *env, jobject backend,
    jint index, jintArray info, jlongArray handles)
{
    (void)backend;
    int name_len = 0, desc_len = 0, verbosity = 0, var_class = 0, bind = 0;
    int readonly = 0, continuous = 0, atomic = 0;
    MPI_Datatype type;
    MPI_T_enum enumtype = MPI_T_ENUM_NULL;
    int rc = MPI_T_pvar_get_info(index, NULL, &name_len, &verbosity, &var_class, &type, &enumtype,
                                 NULL, &desc_len, &bind, &readonly, &continuous, &atomic);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    char *name, *desc;
    if (!text_buffers(env, &name_len, &desc_len, &name, &desc, "MPI_T_pvar_get_info")) {
        return NULL;
    }
    rc = MPI_T_pvar_get_info(index, name, &name_len, &verbosity, &var_class, &type, &enumtype,
                             desc, &desc_len, &bind, &readonly, &continuous, &atomic);
    if (rc != MPI_SUCCESS) {
        free(name);
        free(desc);
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    jint i[6] = { verbosity, var_class, bind, readonly, continuous, atomic };
    jlong h[2] = { OMBJ_J(type), OMBJ_J(enumtype) };
    (*env)->SetIntArrayRegion(env, info, 0, 6, i);      /* Java passes an int[6] */
    (*env)->SetLongArrayRegion(env, handles, 0, 2, h);  /* and a long[2] */
    return name_and_description(env, name, desc);
}

JNIEXPORT jlong JNICALL Java_mpi_JniEnvironment_mpiTPvarSessionCreate(JNIEnv *env,
    jobject backend)
{
    (void)backend;
    MPI_T_pvar_session session;
    int rc = MPI_T_pvar_session_create(&session);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(session);
}

JNIEXPORT void JNICALL Java_mpi_JniEnvironment_mpiTPvarSessionFree(JNIEnv *env, jobject backend,
    jlong session)
{
    (void)backend;
    MPI_T_pvar_session s = OMBJ_SESSION(session);
    int rc = MPI_T_pvar_session_free(&s);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jlong JNICALL Java_mpi_JniEnvironment_mpiTPvarHandleAlloc(JNIEnv *env, jobject backend,
    jlong session, jint index, jboolean bound, jlong comm, jintArray count)
{
    (void)backend;
    MPI_Comm c = OMBJ_COMM(comm);
    MPI_T_pvar_handle handle;
    int n = 0;
    int rc = MPI_T_pvar_handle_alloc(OMBJ_SESSION(session), index, bound ? (void *)&c : NULL,
                                     &handle, &n);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    jint j = n;
    (*env)->SetIntArrayRegion(env, count, 0, 1, &j); /* Java passes an int[1] */
    return OMBJ_J(handle);
}

JNIEXPORT void JNICALL Java_mpi_JniEnvironment_mpiTPvarHandleFree(JNIEnv *env, jobject backend,
    jlong session, jlong handle)
{
    (void)backend;
    MPI_T_pvar_handle h = OMBJ_PVAR(handle);
    int rc = MPI_T_pvar_handle_free(OMBJ_SESSION(session), &h);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniEnvironment_mpiTPvarStart(JNIEnv *env, jobject backend,
    jlong session, jlong handle)
{
    (void)backend;
    int rc = MPI_T_pvar_start(OMBJ_SESSION(session), OMBJ_PVAR(handle));
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniEnvironment_mpiTPvarStop(JNIEnv *env, jobject backend,
    jlong session, jlong handle)
{
    (void)backend;
    int rc = MPI_T_pvar_stop(OMBJ_SESSION(session), OMBJ_PVAR(handle));
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT void JNICALL Java_mpi_JniEnvironment_mpiTPvarRead(JNIEnv *env, jobject backend,
    jlong session, jlong handle, jbyteArray value)
{
    (void)backend;
    jsize length = (*env)->GetArrayLength(env, value);
    char *buf = calloc((size_t)length + 8, 1);
    if (buf == NULL) {
        ombj_throw(env, ombj.out_of_memory, "MPI_T_pvar_read");
        return;
    }
    int rc = MPI_T_pvar_read(OMBJ_SESSION(session), OMBJ_PVAR(handle), buf);
    if (rc == MPI_SUCCESS) {
        (*env)->SetByteArrayRegion(env, value, 0, length, (const jbyte *)buf);
    } else {
        ombj_throw_mpi(env, rc);
    }
    free(buf);
}
