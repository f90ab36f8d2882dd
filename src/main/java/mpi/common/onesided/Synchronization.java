package mpi.common.onesided;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import mpi.common.options.Labelled;
import mpi.common.options.UsageException;

/**
 * How a one-sided benchmark synchronizes its window ({@code -s}), as C OMB's {@code -s}:
 * passive target (lock, flush, flush_local, lock_all) or active target (pscw, fence).
 */
public enum Synchronization implements Labelled {
    /** A lock and unlock of the target around each operation (or window of operations). */
    LOCK("MPI_Win_lock/unlock"),
    /** One lock for the whole run and a flush after each operation (or window). */
    FLUSH("MPI_Win_flush"),
    /** One lock for the whole run and a local flush after each operation (or window). */
    FLUSH_LOCAL("MPI_Win_flush_local"),
    /** A lock_all and unlock_all around each operation (or window). */
    LOCK_ALL("MPI_Win_lock_all/unlock_all"),
    /** Post, start, complete and wait: generalized active target. */
    PSCW("MPI_Win_post/start/complete/wait"),
    /** Fences around each operation (or window). */
    FENCE("MPI_Win_fence");

    private final String mpiCalls;

    Synchronization(String mpiCalls) {
        this.mpiCalls = mpiCalls;
    }

    /** @return the value of {@code -s} that names it, e.g. {@code flush_local} */
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the MPI calls, for the {@code # Synchronization:} line */
    public String mpiCalls() {
        return mpiCalls;
    }

    /** @return whether the target takes part in each epoch (pscw, fence) */
    public boolean activeTarget() {
        return this == PSCW || this == FENCE;
    }

    /**
     * @param value   the argument of {@code -s}
     * @param allowed the synchronizations the benchmark takes
     * @return the synchronization it names
     * @throws UsageException unless it names one of {@code allowed}
     */
    public static Synchronization parse(String value, Set<Synchronization> allowed)
            throws UsageException {
        java.util.Optional<Synchronization> named = Labelled.find(allowed, value);
        if (named.isPresent()) {
            return named.get();
        }
        String choices = allowed.stream().sorted().map(Synchronization::label)
                .collect(Collectors.joining(", "));
        throw new UsageException("-s must be one of " + choices + ", got '" + value + "'");
    }
}
