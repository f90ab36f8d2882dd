/*
 * User-defined reduction operations (MPI_Op_create): MPI calls a C function with no user
 * data, so each of OMBJ_USER_OPS trampolines stands for one slot of JniCollectives' table of
 * callbacks and calls JniCollectives.userOp(slot, in, inout, count, datatype) with direct
 * buffers over MPI's memory.
 */
#include "ombj.h"

#define OMBJ_USER_OPS mpi_JniCollectives_USER_OPS

/*
 * The JVM and JniCollectives.userOp, resolved by the first MPI_Op_create (JniCollectives
 * serialises it): MPI's callback has nothing else to reach Java with.
 */
static JavaVM *op_vm;
static jclass op_class;
static jmethodID op_dispatch;

/*
 * One call of a user-defined operation. It may run on a thread the JVM does not know (an MPI
 * progress thread): that one is attached for the call. Java's side catches what the user's
 * function throws; anything still pending here (an error of the VM) is printed and cleared,
 * as MPI goes on calling and the JNI code that called MPI must not find it pending.
 */
static void user_op(jint slot, void *in, void *inout, int *len, MPI_Datatype *type)
{
    JNIEnv *env = NULL;
    int attached = 0;
    if ((*op_vm)->GetEnv(op_vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) {
        if ((*op_vm)->AttachCurrentThreadAsDaemon(op_vm, (void **)&env, NULL) != JNI_OK) {
            return; /* no way into Java: the result stays MPI's inout */
        }
        attached = 1;
    }
    if ((*env)->ExceptionCheck(env)) {
        goto done; /* never call Java with an exception pending */
    }
    MPI_Aint lb = 0, extent = 0;
    jlong bytes = 0;
    if (MPI_Type_get_extent(*type, &lb, &extent) == MPI_SUCCESS && extent > 0 && *len > 0) {
        bytes = (jlong)extent * *len;
    }
    /* NULL buffers (an allocation failed) make Java record the failure instead. */
    jobject a = (*env)->NewDirectByteBuffer(env, in, bytes);
    if (a == NULL) {
        (*env)->ExceptionClear(env);
    }
    jobject b = a == NULL ? NULL : (*env)->NewDirectByteBuffer(env, inout, bytes);
    if (a != NULL && b == NULL) {
        (*env)->ExceptionClear(env);
    }
    (*env)->CallStaticVoidMethod(env, op_class, op_dispatch, slot, a, b, (jint)*len,
                                 OMBJ_J(*type));
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionDescribe(env);
        (*env)->ExceptionClear(env);
    }
    if (a != NULL) {
        (*env)->DeleteLocalRef(env, a);
    }
    if (b != NULL) {
        (*env)->DeleteLocalRef(env, b);
    }
done:
    if (attached) {
        (*op_vm)->DetachCurrentThread(op_vm);
    }
}

#define TRAMPOLINE(i) \
    static void user_op_##i(void *in, void *inout, int *len, MPI_Datatype *type) \
    { \
        user_op(i, in, inout, len, type); \
    }
TRAMPOLINE(0)
TRAMPOLINE(1)
TRAMPOLINE(2)
TRAMPOLINE(3)
TRAMPOLINE(4)
TRAMPOLINE(5)
TRAMPOLINE(6)
TRAMPOLINE(7)
TRAMPOLINE(8)
TRAMPOLINE(9)
TRAMPOLINE(10)
TRAMPOLINE(11)
TRAMPOLINE(12)
TRAMPOLINE(13)
TRAMPOLINE(14)
TRAMPOLINE(15)
TRAMPOLINE(16)
TRAMPOLINE(17)
TRAMPOLINE(18)
TRAMPOLINE(19)
TRAMPOLINE(20)
TRAMPOLINE(21)
TRAMPOLINE(22)
TRAMPOLINE(23)
TRAMPOLINE(24)
TRAMPOLINE(25)
TRAMPOLINE(26)
TRAMPOLINE(27)
TRAMPOLINE(28)
TRAMPOLINE(29)
TRAMPOLINE(30)
TRAMPOLINE(31)
TRAMPOLINE(32)
TRAMPOLINE(33)
TRAMPOLINE(34)
TRAMPOLINE(35)
TRAMPOLINE(36)
TRAMPOLINE(37)
TRAMPOLINE(38)
TRAMPOLINE(39)
TRAMPOLINE(40)
TRAMPOLINE(41)
TRAMPOLINE(42)
TRAMPOLINE(43)
TRAMPOLINE(44)
TRAMPOLINE(45)
TRAMPOLINE(46)
TRAMPOLINE(47)
TRAMPOLINE(48)
TRAMPOLINE(49)
TRAMPOLINE(50)
TRAMPOLINE(51)
TRAMPOLINE(52)
TRAMPOLINE(53)
TRAMPOLINE(54)
TRAMPOLINE(55)
TRAMPOLINE(56)
TRAMPOLINE(57)
TRAMPOLINE(58)
TRAMPOLINE(59)
TRAMPOLINE(60)
TRAMPOLINE(61)
TRAMPOLINE(62)
TRAMPOLINE(63)

static MPI_User_function *const trampolines[OMBJ_USER_OPS] = {
    user_op_0, user_op_1, user_op_2, user_op_3, user_op_4, user_op_5, user_op_6, user_op_7,
    user_op_8, user_op_9, user_op_10, user_op_11, user_op_12, user_op_13, user_op_14, user_op_15,
    user_op_16, user_op_17, user_op_18, user_op_19, user_op_20, user_op_21, user_op_22, user_op_23,
    user_op_24, user_op_25, user_op_26, user_op_27, user_op_28, user_op_29, user_op_30, user_op_31,
    user_op_32, user_op_33, user_op_34, user_op_35, user_op_36, user_op_37, user_op_38, user_op_39,
    user_op_40, user_op_41, user_op_42, user_op_43, user_op_44, user_op_45, user_op_46, user_op_47,
    user_op_48, user_op_49, user_op_50, user_op_51, user_op_52, user_op_53, user_op_54, user_op_55,
    user_op_56, user_op_57, user_op_58, user_op_59, user_op_60, user_op_61, user_op_62, user_op_63
};

/* Resolves what the trampolines need. Returns 0, or -1 with an exception pending. */
static int resolve(JNIEnv *env, jobject backend)
{
    if (op_class != NULL) {
        return 0;
    }
    if ((*env)->GetJavaVM(env, &op_vm) != JNI_OK) {
        ombj_throw(env, ombj.illegal_argument, "GetJavaVM failed");
        return -1;
    }
    jclass cls = (*env)->GetObjectClass(env, backend);
    jmethodID dispatch = (*env)->GetStaticMethodID(env, cls, "userOp",
        "(ILjava/nio/ByteBuffer;Ljava/nio/ByteBuffer;IJ)V");
    if (dispatch == NULL) {
        (*env)->DeleteLocalRef(env, cls);
        return -1; /* NoSuchMethodError pending */
    }
    jclass global = (*env)->NewGlobalRef(env, cls);
    (*env)->DeleteLocalRef(env, cls);
    if (global == NULL) {
        return -1; /* OutOfMemoryError pending */
    }
    op_dispatch = dispatch;
    op_class = global;
    return 0;
}

JNIEXPORT jlong JNICALL Java_mpi_JniCollectives_createOp(JNIEnv *env, jobject backend,
    jint slot, jboolean commute)
{
    if (resolve(env, backend) != 0) {
        return 0;
    }
    if (slot < 0 || slot >= OMBJ_USER_OPS) {
        ombj_throw(env, ombj.illegal_argument, "no such user-defined operation slot");
        return 0;
    }
    MPI_Op op = MPI_OP_NULL;
    int rc = MPI_Op_create(trampolines[slot], commute ? 1 : 0, &op);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
        return 0;
    }
    return OMBJ_J(op);
}

JNIEXPORT void JNICALL Java_mpi_JniCollectives_opFree(JNIEnv *env, jobject backend, jlong op)
{
    (void)backend;
    MPI_Op o = OMBJ_OP(op);
    int rc = MPI_Op_free(&o);
    if (rc != MPI_SUCCESS) {
        ombj_throw_mpi(env, rc);
    }
}
