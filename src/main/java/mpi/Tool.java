package mpi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

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

    /** Makes the variable of an index, whose description MPI_T may refuse. */
    @FunctionalInterface
    interface Describe<T> {
        T of(int index) throws MPIException;
    }

    /**
     * @param count    the library's number of variables of a kind
     * @param describe makes the variable of an index
     * @return every variable the library describes, by index: those of indices it calls
     *         invalid ({@code MPI_T_ERR_INVALID_INDEX}, or Open MPI's {@code MPI_T_ERR_INVALID}
     *         for the variables of components it closed) are left out
     */
    static <T> List<T> described(int count, Describe<T> describe) throws MPIException {
        long invalidIndex = MPI.constant("T_ERR_INVALID_INDEX");
        long invalid = MPI.constant("T_ERR_INVALID");
        List<T> all = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            try {
                all.add(describe.of(i));
            } catch (MPIException e) {
                if (!refusedAs(e, invalidIndex) && !refusedAs(e, invalid)) {
                    throw e;
                }
            }
        }
        return Collections.unmodifiableList(all);
    }

    private static boolean refusedAs(MPIException e, long error) {
        return e.getErrorCode() == error || e.getErrorClass() == error;
    }

    /** Before MPI_Finalize: MPI_T_finalize if MPI_T was started. */
    static synchronized void end() throws MPIException {
        if (started) {
            started = false;
            ENVIRONMENT.mpiTFinalize();
        }
    }
}
