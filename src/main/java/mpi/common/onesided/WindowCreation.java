package mpi.common.onesided;

import java.util.Locale;

import mpi.common.options.Labelled;
import mpi.common.options.UsageException;

/**
 * How a one-sided benchmark creates its window ({@code -w}), as C OMB's {@code -w} does: over
 * the rank's own memory, over memory MPI allocates, or dynamic with the memory attached.
 */
public enum WindowCreation implements Labelled {
    /** {@code MPI_Win_create} over the rank's own buffer. */
    CREATE("MPI_Win_create"),
    /** {@code MPI_Win_allocate}: the window memory belongs to MPI. */
    ALLOCATE("MPI_Win_allocate"),
    /** {@code MPI_Win_create_dynamic}, then the rank's buffer attached; absolute displacements. */
    DYNAMIC("MPI_Win_create_dynamic");

    private final String mpiCall;

    WindowCreation(String mpiCall) {
        this.mpiCall = mpiCall;
    }

    /** @return the value of {@code -w} that names it, e.g. {@code allocate} */
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the MPI call, for the {@code # Window creation:} line */
    public String mpiCall() {
        return mpiCall;
    }

    /**
     * @param value the argument of {@code -w}
     * @return the creation it names
     * @throws UsageException unless it is {@code create}, {@code allocate} or {@code dynamic}
     */
    public static WindowCreation parse(String value) throws UsageException {
        return Labelled.find(values(), value).orElseThrow(() -> new UsageException(
                "-w must be create, allocate or dynamic, got '" + value + "'"));
    }
}
