package mpi.common.collective;

import java.util.Arrays;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.clock.ClockModel;
import mpi.common.clock.ClockSync;

/**
 * {@code --timing global}, ReproMPI's window method: every rank starts call i at the agreed
 * time start + i x window on rank 0's clock ({@link ClockSync}), and the call's value is the
 * last rank's exit less the first rank's entry, both on that clock. A rank that reaches a
 * window's start after it has passed marks that call invalid, for every rank: the calls did
 * not start together. Nothing but the clock readings is stored in the timed loop; the mapping
 * to rank 0's clock and the reductions come after it.
 */
final class GlobalWindows {
    /** The least window: the clocks' agreement is of microseconds. */
    static final long MIN_WINDOW_NANOS = 20_000;
    /** How far past rank 0's "now" the first window starts: the broadcast of it must arrive. */
    static final long START_MARGIN_NANOS = 2_000_000;
    /** A window is this many times the slowest rank's median untimed call, at least. */
    static final int WINDOW_FACTOR = 4;
    /** A late entry, in the reductions: less than any reading. */
    static final long LATE = Long.MIN_VALUE;

    private final Comm comm;
    private final int rank;
    private final ClockSync clock;
    private final long[] entries;
    private final long[] exits;
    private final long[] firstEntry;
    private final long[] lastExit;
    private final long[] values;
    private final long[] agreed = new long[2];
    private final long[] local = new long[1];
    private ClockModel model;
    private double start;
    private long window;
    private int valid;

    /**
     * @param comm  the benchmark's communicator
     * @param clock its ranks' synchronized clocks
     * @param most  the most timed iterations of a size in the run
     * @throws MPIException if the rank cannot be read
     */
    GlobalWindows(Comm comm, ClockSync clock, int most) throws MPIException {
        this.comm = comm;
        this.rank = comm.getRank();
        this.clock = clock;
        entries = new long[most];
        exits = new long[most];
        firstEntry = new long[most];
        lastExit = new long[most];
        values = new long[most];
    }

    /**
     * Before a size's timed loop, every rank: re-anchors the clocks, sizes the window from the
     * untimed calls' times and agrees on the first window's start.
     *
     * @param untimed this rank's times of untimed calls at this size, in nanoseconds (sorted
     *                in place)
     * @param n       how many, at least 1
     * @param least   whether to take the least window whatever the calls' times: in the JIT
     *                warm-up, whose cold calls would size windows of milliseconds, and whose
     *                rows (late calls or not) are not printed
     * @throws MPIException if a message fails
     */
    void beforeLoop(long[] untimed, int n, boolean least) throws MPIException {
        clock.reanchor();
        model = clock.model();
        Arrays.sort(untimed, 0, n);
        local[0] = least ? 0 : untimed[n / 2];
        comm.allReduce(local, agreed, 1, MPI.LONG, MPI.MAX);
        window = Math.max(MIN_WINDOW_NANOS, WINDOW_FACTOR * agreed[0]);
        agreed[0] = Math.round(model.toReference(System.nanoTime())) + START_MARGIN_NANOS;
        agreed[1] = window;
        comm.bcast(agreed, 2, MPI.LONG, 0);
        start = agreed[0];
        window = agreed[1];
    }

    /**
     * Waits, spinning, for call {@code i}'s window to start; untimed.
     *
     * @param i the timed call's number at this size, from 0
     * @return the local time the window starts, or {@link #LATE} if it had already passed
     */
    long await(int i) {
        long at = model.toLocal(start + (double) i * window);
        if (System.nanoTime() > at) {
            return LATE;
        }
        while (System.nanoTime() < at) {
            Thread.onSpinWait();
        }
        return at;
    }

    /**
     * @param i     the timed call's number
     * @param late  whether {@link #await} found its window passed
     * @param entry the local time the call began
     * @param exit  the local time it returned
     */
    void record(int i, boolean late, long entry, long exit) {
        entries[i] = late ? LATE : entry;
        exits[i] = exit;
    }

    /**
     * After the timed loop, every rank: maps its readings to rank 0's clock and reduces them.
     *
     * @param n the timed calls
     * @return at rank 0, the valid calls' values (last exit less first entry, in nanoseconds),
     *         the first {@link #valid()} entries; elsewhere undefined
     * @throws MPIException if a reduction fails
     */
    long[] values(int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            if (entries[i] != LATE) {
                entries[i] = Math.round(model.toReference(entries[i]));
            }
            exits[i] = Math.round(model.toReference(exits[i]));
        }
        comm.reduce(entries, firstEntry, n, MPI.LONG, MPI.MIN, 0);
        comm.reduce(exits, lastExit, n, MPI.LONG, MPI.MAX, 0);
        valid = 0;
        if (rank == 0) {
            for (int i = 0; i < n; i++) {
                if (firstEntry[i] != LATE) {
                    values[valid++] = lastExit[i] - firstEntry[i];
                }
            }
        }
        return values;
    }

    /** @return at rank 0, how many of the last size's calls were valid */
    int valid() {
        return valid;
    }

    /** @return the last size's window, in nanoseconds */
    long window() {
        return window;
    }
}
