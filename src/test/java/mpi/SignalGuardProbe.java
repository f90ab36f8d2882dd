package mpi;

/**
 * Prints, on each rank after MPI.Init, which signals' handlers the binding had to put back
 * ({@code restored MASK}) and which it guards ({@code guarded MASK}), as bit masks of
 * {@code 1 << signal}; UcxSignalsIT reads them. In package mpi for SignalGuard's natives.
 */
public final class SignalGuardProbe {
    private SignalGuardProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        // One write: the JVM's -Xcheck:jni handler report may go to the same stream meanwhile.
        System.out.print("rank " + rank + " guarded " + SignalGuard.nGuarded() + " restored "
                + SignalGuard.nEverRestored() + " replaced " + SignalGuard.nReplaced() + "\n");
        System.out.flush();
        MPI.Finalize();
    }
}
