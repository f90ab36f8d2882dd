/* Native side of mpi.MPI: constants, initialisation, timers, library information. */
#include "ombj.h"
#include "ombj_constants.h"

#include <ctype.h>
#include <string.h>

JNIEXPORT jlong JNICALL Java_mpi_JniEnvironment_mpiConstant(JNIEnv *env, jobject backend, jint id)
{
    (void)backend;
    switch (id) {
#define OMBJ_CASE(id, value) case id: return OMBJ_J(value);
    OMBJ_CONSTANTS(OMBJ_CASE)
#undef OMBJ_CASE
    default:
        ombj_throw(env, ombj.illegal_argument, "unknown MPI constant");
        return 0;
    }
}

JNIEXPORT jint JNICALL Java_mpi_JniEnvironment_mpiInit(JNIEnv *env, jobject backend, jint required)
{
    (void)backend;
    int provided = MPI_THREAD_SINGLE;
    int rc = required < 0 ? MPI_Init(NULL, NULL)
                          : MPI_Init_thread(NULL, NULL, required, &provided);
    if (rc == MPI_SUCCESS) {
        /* Errors come back to Java as MPIException rather than aborting the job. */
        rc = MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    }
    if (rc == MPI_SUCCESS) {
        rc = MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    }
    if (rc == MPI_SUCCESS && required < 0) {
        rc = MPI_Query_thread(&provided);
    }
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return provided;
}

JNIEXPORT void JNICALL Java_mpi_JniEnvironment_mpiFinalize(JNIEnv *env, jobject backend)
{
    (void)backend;
    int rc = MPI_Finalize();
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jdouble JNICALL Java_mpi_JniEnvironment_mpiWtime(JNIEnv *env, jobject backend)
{
    (void)env;
    (void)backend;
    return MPI_Wtime();
}

JNIEXPORT jdouble JNICALL Java_mpi_JniEnvironment_mpiWtick(JNIEnv *env, jobject backend)
{
    (void)env;
    (void)backend;
    return MPI_Wtick();
}

JNIEXPORT jstring JNICALL Java_mpi_JniEnvironment_mpiProcessorName(JNIEnv *env, jobject backend)
{
    (void)backend;
    char name[MPI_MAX_PROCESSOR_NAME + 1];
    int len = 0;
    int rc = MPI_Get_processor_name(name, &len);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    name[len < MPI_MAX_PROCESSOR_NAME ? len : MPI_MAX_PROCESSOR_NAME] = '\0';
    return (*env)->NewStringUTF(env, name);
}

JNIEXPORT jstring JNICALL Java_mpi_JniEnvironment_mpiLibVersion(JNIEnv *env, jobject backend)
{
    (void)backend;
    char version[MPI_MAX_LIBRARY_VERSION_STRING + 1];
    int len = 0;
    int rc = MPI_Get_library_version(version, &len);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return NULL;
    }
    if (len > MPI_MAX_LIBRARY_VERSION_STRING) {
        len = MPI_MAX_LIBRARY_VERSION_STRING;
    }
    while (len > 0 && (version[len - 1] == '\0' || isspace((unsigned char)version[len - 1]))) {
        len--;
    }
    version[len] = '\0';
    return (*env)->NewStringUTF(env, version);
}

JNIEXPORT void JNICALL Java_mpi_JniEnvironment_mpiVersion(JNIEnv *env, jobject backend, jintArray version)
{
    (void)backend;
    int v[2] = { 0, 0 };
    int rc = MPI_Get_version(&v[0], &v[1]);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return;
    }
    (*env)->SetIntArrayRegion(env, version, 0, 2, (const jint *)v); /* Java passes an int[2] */
}

JNIEXPORT jint JNICALL Java_mpi_JniEnvironment_mpiQueryThread(JNIEnv *env, jobject backend)
{
    (void)backend;
    int provided = MPI_THREAD_SINGLE;
    int rc = MPI_Query_thread(&provided);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return provided;
}

JNIEXPORT jboolean JNICALL Java_mpi_JniEnvironment_mpiIsThreadMain(JNIEnv *env, jobject backend)
{
    (void)backend;
    int flag = 0;
    int rc = MPI_Is_thread_main(&flag);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
    return flag ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL Java_mpi_JniEnvironment_mpiPcontrol(JNIEnv *env, jobject backend,
    jint level)
{
    (void)backend;
    int rc = MPI_Pcontrol(level);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}
