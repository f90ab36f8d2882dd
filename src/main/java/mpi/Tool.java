package mpi;

import static mpi.Backends.ENVIRONMENT;

/**
 * MPI_T's own start and end for {@link ControlVariable} and {@link PerformanceSession}: the
 * first use, between {@link MPI#Init} and {@link MPI#Finalize}, calls {@code MPI_T_init_thread}
 * with the thread level MPI provides; {@link MPI#Finalize} calls {@code MPI_T_finalize} first if
 * it did.
 */
final class Tool {

    private static boolean started;

    private Tool() {
    }

    /** Throws unless MPI is initialized; starts MPI_T once. */
    static synchronized void start() throws MPIException {
        MPI.check();
        if (!started) {
            ENVIRONMENT.mpiTInit(ENVIRONMENT.mpiQueryThread());
            started = true;
        }
    }

    /** Before MPI_Finalize: MPI_T_finalize if MPI_T was started. */
    static synchronized void end() throws MPIException {
        if (started) {
            started = false;
            ENVIRONMENT.mpiTFinalize();
        }
    }
}
