package mpi;

/**
 * Keeps the JVM's own signal handlers in place when an MPI or network library replaces them.
 *
 * <p>HotSpot handles SIGSEGV, SIGBUS, SIGILL and SIGFPE during normal work (implicit null
 * checks and safepoint polls in JIT-compiled code fault on purpose) and SIGPIPE, SIGXFSZ,
 * SIGHUP, SIGINT, SIGTERM, SIGQUIT and SIGUSR2 for its own services. A library that installs
 * its own handler for one of them turns the JVM's next deliberate fault into a crash: UCX does
 * (for UCX_ERROR_SIGNALS and UCX_DEBUG_SIGNO), and it is loaded by MPICH with libombj.so, and by
 * Open MPI during {@code MPI_Init}.
 *
 * <p>The guard is its own small native library, {@code libombjsig.so}, with no MPI dependency,
 * which {@link NativeLibrary} loads before {@code libombj.so}. Loading it sets
 * {@code UCX_ERROR_SIGNALS} to the empty list and {@code UCX_DEBUG_SIGNO} to 0 unless the user
 * has set them (so UCX installs no handler), and records the JVM's handlers. {@link #restore()}
 * puts back any recorded handler that something has replaced since; {@code libombj.so} calls it
 * first thing when it is loaded, and {@link MPI#Init} and {@link MPI#InitThread} after
 * {@code MPI_Init}.
 */
final class SignalGuard {
    private SignalGuard() {
    }

    /**
     * Puts the JVM's handlers back where a library replaced them.
     *
     * @return bit {@code 1 << signal} for each signal whose handler was put back
     */
    static int restore() {
        return nRestore();
    }

    /** @return bit {@code 1 << signal} for each signal whose JVM handler the guard recorded */
    static native int nGuarded();

    /**
     * @return bit {@code 1 << signal} for each signal whose handler {@link #restore()} has put
     *         back so far in this process
     */
    static native int nEverRestored();

    /** @return bit {@code 1 << signal} for each recorded signal whose handler is not the JVM's now */
    static native int nReplaced();

    private static native int nRestore();
}
