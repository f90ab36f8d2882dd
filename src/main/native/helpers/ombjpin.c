/*
 * libombjpin.so: calls a C function with up to two Java arrays pinned, for the FFM backend
 * (mpi.PinnedCall). No MPI dependency: the function comes as an address (an MPI function the
 * FFM backend looked up), so one build serves every MPI library.
 *
 * Why JNI: a downcall that may wait (MPI_Send, MPI_Recv, a collective) must leave the thread
 * safepoint-safe, and the FFM API then takes only native memory. GetPrimitiveArrayCritical
 * gives the array's own memory, and with G1 since JDK 22 (JEP 423) it pins the array's region
 * only, so collections go on while the call waits (mpi.PinnedCall says when it is used).
 *
 * The function is called as int f(intptr_t x 12). On the LP64 ABIs (x86-64 System V, AArch64
 * AAPCS64) integer and pointer arguments travel in the same registers and stack slots, an int
 * parameter reads the low half of its slot, and the caller removes what it pushed, so a
 * function of fewer integer or pointer parameters (MPI_Send has 6) reads exactly its own.
 */
#include <jni.h>
#include <stdint.h>

typedef int (*ombj_call12)(intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t,
                           intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t);

/* Pins `array` (if not null) and adds its address to a[slot]. Returns 0, or -1 with an
 * exception pending (OutOfMemoryError, or IllegalArgumentException for a bad slot). */
static int pin(JNIEnv *env, jobject array, jint slot, intptr_t a[12], void **pinned)
{
    *pinned = NULL;
    if (array == NULL) {
        return 0;
    }
    if (slot < 0 || slot >= 12) {
        jclass iae = (*env)->FindClass(env, "java/lang/IllegalArgumentException");
        if (iae != NULL) {
            (*env)->ThrowNew(env, iae, "argument slot out of range");
        }
        return -1;
    }
    *pinned = (*env)->GetPrimitiveArrayCritical(env, array, NULL);
    if (*pinned == NULL) {
        return -1; /* OutOfMemoryError pending */
    }
    a[slot] += (intptr_t)*pinned;
    return 0;
}

JNIEXPORT jint JNICALL Java_mpi_PinnedCall_call(JNIEnv *env, jclass cls, jlong function,
                                                jobject first, jint first_slot, jobject second,
                                                jint second_slot, jlong a0, jlong a1, jlong a2,
                                                jlong a3, jlong a4, jlong a5, jlong a6,
                                                jlong a7, jlong a8, jlong a9, jlong a10,
                                                jlong a11)
{
    (void)cls;
    intptr_t a[12] = { (intptr_t)a0, (intptr_t)a1, (intptr_t)a2, (intptr_t)a3, (intptr_t)a4,
                       (intptr_t)a5, (intptr_t)a6, (intptr_t)a7, (intptr_t)a8, (intptr_t)a9,
                       (intptr_t)a10, (intptr_t)a11 };
    void *p1, *p2;
    if (pin(env, first, first_slot, a, &p1) != 0) {
        return -1;
    }
    /* No JNI call between the two pins but the second pin itself, as JNI allows. */
    if (pin(env, second, second_slot, a, &p2) != 0) {
        if (p1 != NULL) {
            (*env)->ReleasePrimitiveArrayCritical(env, first, p1, 0);
        }
        return -1;
    }
    int rc = ((ombj_call12)(intptr_t)function)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7],
                                               a[8], a[9], a[10], a[11]);
    if (p2 != NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, second, p2, 0);
    }
    if (p1 != NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, first, p1, 0);
    }
    return rc;
}
