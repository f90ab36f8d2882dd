package mpi.jmh;

import mpi.MPI;
import mpi.MPIException;

/**
 * MPI for the benchmarks: initialised once per JVM, finalised when the JVM exits.
 *
 * <p>Each JMH fork is its own JVM and its own MPI singleton process (Open MPI starts one without
 * mpirun), so {@code java -jar benchmarks.jar} needs no launcher. MPI can be initialised only
 * once per process, and with {@code -f 0} every benchmark runs in the one JMH JVM: hence a
 * static guard rather than an init per trial, and finalisation from a shutdown hook rather than
 * a {@code @TearDown}, which would end MPI before the next benchmark of a non-forked run.
 */
final class MpiRuntime {
    private static boolean started;

    private MpiRuntime() {
    }

    /**
     * Initialises MPI unless done already. {@code MPI_THREAD_SERIALIZED}, because JMH may run
     * setup, benchmarks and the shutdown hook on different threads (never at once); Open MPI
     * takes no locks below {@code MPI_THREAD_MULTIPLE}, so this costs the calls nothing.
     */
    static synchronized void ensureInitialized() throws MPIException {
        if (started) {
            return;
        }
        MPI.InitThread(new String[0], MPI.THREAD_SERIALIZED);
        started = true;
        Runtime.getRuntime().addShutdownHook(new Thread(MpiRuntime::finish, "mpi-finalize"));
    }

    private static void finish() {
        synchronized (MpiRuntime.class) {
            try {
                if (!MPI.isFinalized()) {
                    MPI.Finalize();
                }
            } catch (RuntimeException e) {
                System.err.println("MPI.Finalize failed: " + e);
            }
        }
    }
}
