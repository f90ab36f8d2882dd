/*
 * libombjsig.so: keeps the JVM's signal handlers when a library loaded after it replaces them.
 *
 * HotSpot needs its own handlers for SIGSEGV, SIGBUS, SIGILL and SIGFPE during normal work:
 * JIT-compiled code dereferences null on purpose (implicit null checks), safepoint and
 * handshake polls fault on a protected page, and the JVM's handler turns these faults into
 * exceptions or deoptimisation. MPI and network libraries may install handlers of their own:
 * UCX (under MPICH's ch4:ucx and Open MPI's pml/ucx) installs one for UCX_ERROR_SIGNALS
 * (SIGILL, SIGSEGV, SIGBUS, SIGFPE by default) and one for UCX_DEBUG_SIGNO (SIGHUP) in libucs'
 * constructor, that is when libucs is loaded, which for MPICH is when libombj.so is loaded
 * (libombj -> libmpi -> libucp -> libucs). UCX's handler takes the JVM's first deliberate fault
 * in compiled code for a crash and aborts the process.
 *
 * This library has no MPI dependency, so mpi.NativeLibrary loads it before libombj.so. When it
 * loads (JNI_OnLoad) it
 *  - sets UCX_ERROR_SIGNALS="" and UCX_DEBUG_SIGNO=0 unless the user set them, so that UCX,
 *    which reads them in that constructor, installs no handler at all; and
 *  - records the handlers the JVM has installed for the signals HotSpot uses (the ones its
 *    -Xcheck:jni periodic check watches, "Warning: SIGSEGV handler modified!").
 * mpi.SignalGuard.restore() (called by libombj's JNI_OnLoad and after MPI_Init) puts back every
 * recorded handler that any library has replaced since: UCX with handlers the user asked for,
 * or any other MPI or network library.
 */
#define _GNU_SOURCE
#include <jni.h>
#include <signal.h>
#include <stdlib.h>

#include "mpi_SignalGuard.h"

/*
 * The signals HotSpot installs handlers for on Linux and checks under -Xcheck:jni: the error
 * signals it uses on purpose, SIGPIPE and SIGXFSZ, the shutdown signals (SIGHUP, SIGINT,
 * SIGTERM: Runtime shutdown hooks), SIGQUIT (thread dumps) and SIGUSR2 (thread suspension).
 * A signal whose handler is SIG_DFL or SIG_IGN when the JVM loads this library (e.g. SIGINT
 * under -Xrs) is not the JVM's and is left to whoever installs one.
 */
static const int guarded[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGPIPE, SIGXFSZ,
                              SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGUSR2};
#define N_GUARDED ((int)(sizeof guarded / sizeof guarded[0]))

_Static_assert(SIGXFSZ < 31 && SIGUSR2 < 31 && SIGTERM < 31, "a signal's bit fits a jint mask");

static struct sigaction jvm_action[N_GUARDED];
static jint recorded; /* bit (1 << signal) for each signal in jvm_action */
static jint ever_restored; /* bits of the signals restore has put back so far */

/* glibc marks its signal trampoline with SA_RESTORER (not in <signal.h>); HotSpot ignores it too. */
#define OMBJ_SA_RESTORER 0x04000000

static void *handler_of(const struct sigaction *a)
{
    return (a->sa_flags & SA_SIGINFO) ? (void *)a->sa_sigaction : (void *)a->sa_handler;
}

/* The same handler with the same flags: the comparison HotSpot's periodic check makes. */
static int same_action(const struct sigaction *a, const struct sigaction *b)
{
    return handler_of(a) == handler_of(b)
        && (a->sa_flags & ~OMBJ_SA_RESTORER) == (b->sa_flags & ~OMBJ_SA_RESTORER);
}

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    (void)vm;
    (void)reserved;
    /* Before any MPI library is loaded: UCX reads these in its library constructor. */
    setenv("UCX_ERROR_SIGNALS", "", 0);
    setenv("UCX_DEBUG_SIGNO", "0", 0);

    for (int i = 0; i < N_GUARDED; i++) {
        struct sigaction now;
        if (sigaction(guarded[i], NULL, &now) != 0) {
            continue;
        }
        void *h = handler_of(&now);
        if (h != (void *)SIG_DFL && h != (void *)SIG_IGN) {
            jvm_action[i] = now;
            recorded |= (jint)1 << guarded[i];
        }
    }
    return JNI_VERSION_1_8;
}

/* Bits of the recorded signals whose handler is no longer the JVM's. */
static jint replaced(void)
{
    jint mask = 0;
    for (int i = 0; i < N_GUARDED; i++) {
        struct sigaction now;
        if ((recorded & ((jint)1 << guarded[i])) != 0
            && sigaction(guarded[i], NULL, &now) == 0 && !same_action(&now, &jvm_action[i])) {
            mask |= (jint)1 << guarded[i];
        }
    }
    return mask;
}

JNIEXPORT jint JNICALL Java_mpi_SignalGuard_nGuarded(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return recorded;
}

JNIEXPORT jint JNICALL Java_mpi_SignalGuard_nEverRestored(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return ever_restored;
}

JNIEXPORT jint JNICALL Java_mpi_SignalGuard_nReplaced(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return replaced();
}

JNIEXPORT jint JNICALL Java_mpi_SignalGuard_nRestore(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    jint mask = replaced();
    jint restored = 0;
    for (int i = 0; i < N_GUARDED; i++) {
        if ((mask & ((jint)1 << guarded[i])) != 0
            && sigaction(guarded[i], &jvm_action[i], NULL) == 0) {
            restored |= (jint)1 << guarded[i];
        }
    }
    ever_restored |= restored;
    return restored;
}
