package mpi.common.binding;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Win;

/**
 * The one-sided operations of the benchmarks, on the run's buffers and displacements. Open
 * MPI's Java bindings declare {@code Win}'s operations on direct {@link Buffer}s with an
 * {@code int} target displacement; this project's binding adds overloads on {@code Object}
 * (a Java array, staged until the synchronization that completes the operation, or a direct
 * buffer) with a {@code long} displacement, which a dynamic window's absolute addresses
 * need. Which overload a call links to is decided when it is compiled, so a benchmark calls
 * through this class: the {@code Buffer}/{@code int} calls for the buffer API on a created
 * or allocated window (on every binding), the extended calls otherwise
 * ({@link Extension#ONE_SIDED_ARRAYS}, {@link Extension#DYNAMIC_WINDOWS}, checked before the
 * run). One implementation is loaded per run, so the JIT inlines the call.
 *
 * <p>Every operation has the same count and datatype at origin and target, as in every OMB
 * program: {@code count} elements of {@code type}, at byte displacement {@code disp} of
 * {@code target}'s window (displacement unit 1).
 */
public abstract class OneSidedCalls {
    /** The extended operations: Object buffers, long target displacement. */
    static final List<Extension.Call> EXTENDED_CALLS = List.of(
            win("put", Object.class, int.class, Datatype.class, int.class, long.class, int.class,
                    Datatype.class),
            win("get", Object.class, int.class, Datatype.class, int.class, long.class, int.class,
                    Datatype.class),
            win("accumulate", Object.class, int.class, Datatype.class, int.class, long.class,
                    int.class, Datatype.class, Op.class),
            win("getAccumulate", Object.class, int.class, Datatype.class, Object.class, int.class,
                    Datatype.class, int.class, long.class, int.class, Datatype.class, Op.class),
            win("fetchAndOp", Object.class, Object.class, Datatype.class, int.class, long.class,
                    Op.class),
            win("compareAndSwap", Object.class, Object.class, Object.class, Datatype.class,
                    int.class, long.class));

    /** A dynamic window: the address of attached memory, and the extended operations. */
    static final List<Extension.Call> DYNAMIC_CALLS = withAddress();

    private OneSidedCalls() {
    }

    /**
     * @param extended whether to make the extended calls: for Java arrays ({@code -a arrays})
     *                 or a dynamic window ({@code -w dynamic}); else Open MPI's
     * @return the calls of that kind
     */
    public static OneSidedCalls of(boolean extended) {
        return extended ? new Extended() : new OpenMpi();
    }

    /**
     * {@code MPI_Get_address}: {@link Extension#DYNAMIC_WINDOWS}.
     *
     * @param buf a direct buffer
     * @return the address of its first byte, as a dynamic window's displacements count
     * @throws MPIException if the call fails
     */
    public static long address(Buffer buf) throws MPIException {
        return MPI.getAddress(buf);
    }

    /**
     * {@link Extension#ALLOCATED_WINDOW_MEMORY}.
     *
     * @param win a window made by {@code MPI_Win_allocate}
     * @return its memory, a direct buffer in native byte order
     */
    public static ByteBuffer allocatedMemory(Win win) {
        return win.getAllocatedBuffer();
    }

    /** {@code MPI_Put}. */
    public abstract void put(Win win, Object origin, int count, Datatype type, int target,
            long disp) throws MPIException;

    /** {@code MPI_Get}, into {@code origin}. */
    public abstract void get(Win win, Object origin, int count, Datatype type, int target,
            long disp) throws MPIException;

    /** {@code MPI_Accumulate}. */
    public abstract void accumulate(Win win, Object origin, int count, Datatype type, int target,
            long disp, Op op) throws MPIException;

    /** {@code MPI_Get_accumulate}, the old target data into {@code result}. */
    public abstract void getAccumulate(Win win, Object origin, Object result, int count,
            Datatype type, int target, long disp, Op op) throws MPIException;

    /** {@code MPI_Fetch_and_op} on one element. */
    public abstract void fetchAndOp(Win win, Object origin, Object result, Datatype type,
            int target, long disp, Op op) throws MPIException;

    /** {@code MPI_Compare_and_swap} on one element. */
    public abstract void compareAndSwap(Win win, Object origin, Object compare, Object result,
            Datatype type, int target, long disp) throws MPIException;

    private static Extension.Call win(String name, Class<?>... parameters) {
        return new Extension.Call("Win", name, parameters);
    }

    private static List<Extension.Call> withAddress() {
        List<Extension.Call> calls = new ArrayList<>();
        calls.add(new Extension.Call("MPI", "getAddress", Buffer.class));
        calls.addAll(EXTENDED_CALLS);
        return List.copyOf(calls);
    }

    /** Open MPI's signatures: direct buffers, int displacements (a window of under 2 GiB). */
    private static final class OpenMpi extends OneSidedCalls {
        @Override
        public void put(Win win, Object origin, int count, Datatype type, int target, long disp)
                throws MPIException {
            win.put((Buffer) origin, count, type, target, (int) disp, count, type);
        }

        @Override
        public void get(Win win, Object origin, int count, Datatype type, int target, long disp)
                throws MPIException {
            win.get((Buffer) origin, count, type, target, (int) disp, count, type);
        }

        @Override
        public void accumulate(Win win, Object origin, int count, Datatype type, int target,
                long disp, Op op) throws MPIException {
            win.accumulate((Buffer) origin, count, type, target, (int) disp, count, type, op);
        }

        @Override
        public void getAccumulate(Win win, Object origin, Object result, int count,
                Datatype type, int target, long disp, Op op) throws MPIException {
            win.getAccumulate((Buffer) origin, count, type, (Buffer) result, count, type, target,
                    (int) disp, count, type, op);
        }

        @Override
        public void fetchAndOp(Win win, Object origin, Object result, Datatype type, int target,
                long disp, Op op) throws MPIException {
            win.fetchAndOp((Buffer) origin, (Buffer) result, type, target, (int) disp, op);
        }

        @Override
        public void compareAndSwap(Win win, Object origin, Object compare, Object result,
                Datatype type, int target, long disp) throws MPIException {
            win.compareAndSwap((Buffer) origin, (Buffer) compare, (Buffer) result, type, target,
                    (int) disp);
        }
    }

    /** This project's overloads: arrays or direct buffers, long displacements. */
    private static final class Extended extends OneSidedCalls {
        @Override
        public void put(Win win, Object origin, int count, Datatype type, int target, long disp)
                throws MPIException {
            win.put(origin, count, type, target, disp, count, type);
        }

        @Override
        public void get(Win win, Object origin, int count, Datatype type, int target, long disp)
                throws MPIException {
            win.get(origin, count, type, target, disp, count, type);
        }

        @Override
        public void accumulate(Win win, Object origin, int count, Datatype type, int target,
                long disp, Op op) throws MPIException {
            win.accumulate(origin, count, type, target, disp, count, type, op);
        }

        @Override
        public void getAccumulate(Win win, Object origin, Object result, int count,
                Datatype type, int target, long disp, Op op) throws MPIException {
            win.getAccumulate(origin, count, type, result, count, type, target, disp, count, type,
                    op);
        }

        @Override
        public void fetchAndOp(Win win, Object origin, Object result, Datatype type, int target,
                long disp, Op op) throws MPIException {
            win.fetchAndOp(origin, result, type, target, disp, op);
        }

        @Override
        public void compareAndSwap(Win win, Object origin, Object compare, Object result,
                Datatype type, int target, long disp) throws MPIException {
            win.compareAndSwap(origin, compare, result, type, target, disp);
        }
    }
}
