/* Native side of mpi.MPI: constants, initialisation, timers, library information. */
#include "ombj.h"
#include "mpi_MPI.h"

#include <ctype.h>
#include <string.h>

JNIEXPORT jlong JNICALL Java_mpi_MPI_nConstant(JNIEnv *env, jclass cls, jint id)
{
    (void)cls;
    switch (id) {
    case mpi_MPI_K_ANY_SOURCE:        return MPI_ANY_SOURCE;
    case mpi_MPI_K_ANY_TAG:           return MPI_ANY_TAG;
    case mpi_MPI_K_PROC_NULL:         return MPI_PROC_NULL;
    case mpi_MPI_K_UNDEFINED:         return MPI_UNDEFINED;
    case mpi_MPI_K_SUCCESS:           return MPI_SUCCESS;
    case mpi_MPI_K_THREAD_SINGLE:     return MPI_THREAD_SINGLE;
    case mpi_MPI_K_THREAD_FUNNELED:   return MPI_THREAD_FUNNELED;
    case mpi_MPI_K_THREAD_SERIALIZED: return MPI_THREAD_SERIALIZED;
    case mpi_MPI_K_THREAD_MULTIPLE:   return MPI_THREAD_MULTIPLE;
    case mpi_MPI_K_COMM_WORLD:        return OMBJ_J(MPI_COMM_WORLD);
    case mpi_MPI_K_COMM_SELF:         return OMBJ_J(MPI_COMM_SELF);
    case mpi_MPI_K_COMM_NULL:         return OMBJ_J(MPI_COMM_NULL);
    case mpi_MPI_K_REQUEST_NULL:      return OMBJ_J(MPI_REQUEST_NULL);
    case mpi_MPI_K_INFO_NULL:         return OMBJ_J(MPI_INFO_NULL);
    /* Fixed-width types, so each matches its Java primitive exactly and reduces as Java computes. */
    case mpi_MPI_K_BYTE:              return OMBJ_J(MPI_INT8_T);
    case mpi_MPI_K_CHAR:              return OMBJ_J(MPI_UINT16_T);
    case mpi_MPI_K_SHORT:             return OMBJ_J(MPI_INT16_T);
    case mpi_MPI_K_BOOLEAN:           return OMBJ_J(MPI_C_BOOL);
    case mpi_MPI_K_INT:               return OMBJ_J(MPI_INT32_T);
    case mpi_MPI_K_LONG:              return OMBJ_J(MPI_INT64_T);
    case mpi_MPI_K_FLOAT:             return OMBJ_J(MPI_FLOAT);
    case mpi_MPI_K_DOUBLE:            return OMBJ_J(MPI_DOUBLE);
    case mpi_MPI_K_MAX:               return OMBJ_J(MPI_MAX);
    case mpi_MPI_K_MIN:               return OMBJ_J(MPI_MIN);
    case mpi_MPI_K_SUM:               return OMBJ_J(MPI_SUM);
    case mpi_MPI_K_PROD:              return OMBJ_J(MPI_PROD);
    case mpi_MPI_K_LAND:              return OMBJ_J(MPI_LAND);
    case mpi_MPI_K_BAND:              return OMBJ_J(MPI_BAND);
    case mpi_MPI_K_LOR:               return OMBJ_J(MPI_LOR);
    case mpi_MPI_K_BOR:               return OMBJ_J(MPI_BOR);
    case mpi_MPI_K_LXOR:              return OMBJ_J(MPI_LXOR);
    case mpi_MPI_K_BXOR:              return OMBJ_J(MPI_BXOR);
    default:
        ombj_throw(env, ombj.illegal_argument, "unknown MPI constant");
        return 0;
    }
}

JNIEXPORT jint JNICALL Java_mpi_MPI_nInit(JNIEnv *env, jclass cls, jint required)
{
    (void)cls;
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

JNIEXPORT void JNICALL Java_mpi_MPI_nFinalize(JNIEnv *env, jclass cls)
{
    (void)cls;
    int rc = MPI_Finalize();
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}

JNIEXPORT jdouble JNICALL Java_mpi_MPI_nWtime(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return MPI_Wtime();
}

JNIEXPORT jdouble JNICALL Java_mpi_MPI_nWtick(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return MPI_Wtick();
}

JNIEXPORT jstring JNICALL Java_mpi_MPI_nProcessorName(JNIEnv *env, jclass cls)
{
    (void)cls;
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

JNIEXPORT jstring JNICALL Java_mpi_MPI_nLibVersion(JNIEnv *env, jclass cls)
{
    (void)cls;
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

JNIEXPORT void JNICALL Java_mpi_MPI_nVersion(JNIEnv *env, jclass cls, jintArray version)
{
    (void)cls;
    int v[2] = { 0, 0 };
    int rc = MPI_Get_version(&v[0], &v[1]);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return;
    }
    (*env)->SetIntArrayRegion(env, version, 0, 2, (const jint *)v); /* Java passes an int[2] */
}
