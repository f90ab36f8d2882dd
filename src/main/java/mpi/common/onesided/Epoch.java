package mpi.common.onesided;

import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;
import mpi.common.onesided.OneSidedKind.Pattern;

/**
 * The synchronization recipes of C OMB's one-sided programs (§3.2 of the catalogue): what a
 * rank does around its operations in one timed iteration, for each {@code -s} mode and
 * {@link Pattern}. {@link #begin} and {@link #end} frame the whole loop (the lock of the
 * flush modes); {@link #iteration} is one epoch, the code that is timed.
 *
 * <pre>
 * -s           rank 0 (origin), each iteration           rank 1 (target), each iteration
 * lock         lock(L, 1); OPS; unlock(1)                  nothing
 * flush        OPS; flush(1)    (lock once before all)     nothing
 * flush_local  OPS; flushLocal(1) (lock once before all)   nothing
 * lock_all     lockAll; OPS; unlockAll                     nothing
 * fence        fence; OPS; fence; fence                    fence; fence; OPS; fence
 * pscw         start; OPS; complete; post; wait            post; wait; start; OPS; complete
 * </pre>
 *
 * Those are the latency programs' ({@link Pattern#PING_PONG}): in the active-target modes
 * rank 1 answers each operation with its own, so an iteration counts two. The bandwidth
 * programs ({@link Pattern#ONE_WAY}) leave the answer out: fence; OPS; fence against fence;
 * fence, and start; OPS; complete against post; wait. Bi-directional bandwidth
 * ({@link Pattern#BOTH_WAYS}) has both ranks do fence; OPS; fence, or post; start; OPS;
 * complete; wait. In the passive-target modes rank 1 takes no part.
 */
public abstract class Epoch {
    /** The operations of one epoch: the benchmark's calls. */
    @FunctionalInterface
    public interface Operations {
        /**
         * @param count the elements per operation
         * @throws MPIException if a call fails
         */
        void run(int count) throws MPIException;
    }

    /** The window. */
    protected final Win win;
    /** The other rank. */
    protected final int peer;
    /** The benchmark's operations. */
    protected final Operations ops;

    private Epoch(Win win, int peer, Operations ops) {
        this.win = win;
        this.peer = peer;
        this.ops = ops;
    }

    /**
     * @param sync      the synchronization mode
     * @param pattern   how the ranks take part
     * @param origin    whether this is rank 0, the origin of the passive modes
     * @param exclusive whether locks are exclusive (else shared)
     * @param win       the window
     * @param peer      the other rank
     * @param peerGroup the group of the other rank alone (pscw), or null
     * @param ops       the benchmark's operations
     * @return this rank's part
     */
    public static Epoch of(Synchronization sync, Pattern pattern, boolean origin,
            boolean exclusive, Win win, int peer, Group peerGroup, Operations ops) {
        if (!sync.activeTarget() && pattern == Pattern.BOTH_WAYS) {
            throw new IllegalArgumentException(sync + " cannot have both ranks operate");
        }
        if (!sync.activeTarget() && !origin) {
            return new Idle(win, peer, ops);
        }
        int lock = exclusive ? MPI.LOCK_EXCLUSIVE : MPI.LOCK_SHARED;
        switch (sync) {
            case LOCK:        return new Lock(win, peer, ops, lock);
            case FLUSH:       return new Flush(win, peer, ops, lock, false);
            case FLUSH_LOCAL: return new Flush(win, peer, ops, lock, true);
            case LOCK_ALL:    return new LockAll(win, peer, ops);
            case FENCE:       return new Fence(win, peer, ops, pattern, origin);
            case PSCW:        return new Pscw(win, peer, ops, pattern, origin, peerGroup);
            default:          throw new AssertionError(sync);
        }
    }

    /** @return whether this rank makes calls in the loop (else it only waits at its end) */
    public boolean takesPart() {
        return true;
    }

    /**
     * Before the first iteration.
     *
     * @throws MPIException if a call fails
     */
    public void begin() throws MPIException {
    }

    /**
     * One epoch: the timed code.
     *
     * @param count the elements per operation
     * @throws MPIException if a call fails
     */
    public abstract void iteration(int count) throws MPIException;

    /**
     * After the last iteration.
     *
     * @throws MPIException if a call fails
     */
    public void end() throws MPIException {
    }

    /** Rank 1 in a passive-target mode. */
    private static final class Idle extends Epoch {
        Idle(Win win, int peer, Operations ops) {
            super(win, peer, ops);
        }

        @Override
        public boolean takesPart() {
            return false;
        }

        @Override
        public void iteration(int count) {
        }
    }

    private static final class Lock extends Epoch {
        private final int lock;

        Lock(Win win, int peer, Operations ops, int lock) {
            super(win, peer, ops);
            this.lock = lock;
        }

        @Override
        public void iteration(int count) throws MPIException {
            win.lock(lock, peer, 0);
            ops.run(count);
            win.unlock(peer);
        }
    }

    private static final class Flush extends Epoch {
        private final int lock;
        private final boolean local;

        Flush(Win win, int peer, Operations ops, int lock, boolean local) {
            super(win, peer, ops);
            this.lock = lock;
            this.local = local;
        }

        @Override
        public void begin() throws MPIException {
            win.lock(lock, peer, 0);
        }

        @Override
        public void iteration(int count) throws MPIException {
            ops.run(count);
            if (local) {
                win.flushLocal(peer);
            } else {
                win.flush(peer);
            }
        }

        @Override
        public void end() throws MPIException {
            win.unlock(peer);
        }
    }

    private static final class LockAll extends Epoch {
        LockAll(Win win, int peer, Operations ops) {
            super(win, peer, ops);
        }

        @Override
        public void iteration(int count) throws MPIException {
            win.lockAll(0);
            ops.run(count);
            win.unlockAll();
        }
    }

    private static final class Fence extends Epoch {
        private final Pattern pattern;
        private final boolean origin;

        Fence(Win win, int peer, Operations ops, Pattern pattern, boolean origin) {
            super(win, peer, ops);
            this.pattern = pattern;
            this.origin = origin;
        }

        @Override
        public void iteration(int count) throws MPIException {
            win.fence(0);
            if (origin || pattern == Pattern.BOTH_WAYS) {
                ops.run(count);
            }
            win.fence(0);
            if (pattern == Pattern.PING_PONG) {
                if (!origin) {
                    ops.run(count);
                }
                win.fence(0);
            }
        }
    }

    private static final class Pscw extends Epoch {
        private final Pattern pattern;
        private final boolean origin;
        private final Group group;

        Pscw(Win win, int peer, Operations ops, Pattern pattern, boolean origin, Group group) {
            super(win, peer, ops);
            this.pattern = pattern;
            this.origin = origin;
            this.group = group;
        }

        @Override
        public void iteration(int count) throws MPIException {
            switch (pattern) {
                case PING_PONG:
                    if (origin) {
                        access(count);
                        exposure();
                    } else {
                        exposure();
                        access(count);
                    }
                    break;
                case ONE_WAY:
                    if (origin) {
                        access(count);
                    } else {
                        exposure();
                    }
                    break;
                case BOTH_WAYS:
                    win.post(group, 0);
                    access(count);
                    win.waitFor();
                    break;
                default:
                    throw new AssertionError(pattern);
            }
        }

        /** An access epoch: start; OPS; complete. */
        private void access(int count) throws MPIException {
            win.start(group, 0);
            ops.run(count);
            win.complete();
        }

        /** An exposure epoch: post; wait. */
        private void exposure() throws MPIException {
            win.post(group, 0);
            win.waitFor();
        }
    }
}
