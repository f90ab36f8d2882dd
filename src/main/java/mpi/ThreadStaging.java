package mpi;

import static mpi.Backends.ENVIRONMENT;
import static mpi.Backends.POINT_TO_POINT;

import java.nio.ByteBuffer;

/**
 * Blocking point-to-point calls on Java arrays through native memory of the calling thread:
 * every such call under {@code MPI_THREAD_MULTIPLE} ({@link MPI#InitThread}), and at any
 * thread level a small {@code byte[]} message ({@link #stagesSmall}).
 *
 * <p>Otherwise a blocking call pins its array with {@code GetPrimitiveArrayCritical} for the
 * whole MPI call: no copy. With many threads that is a deadlock: while one thread waits in
 * {@code MPI_Recv} with an array pinned, HotSpot lets no garbage collection run, so a second
 * thread that needs one (or pins an array of its own while one is pending) stops, and if the
 * message the first thread waits for depends on what the second would have sent, neither ever
 * moves. So under {@code MPI_THREAD_MULTIPLE} a blocking call copies through native memory of
 * the calling thread instead, with {@code Get/Set<Type>ArrayRegion} (no pin), in the same JNI
 * call as the MPI call.
 *
 * <p>On the JNI backend a small {@code byte[]} is copied in Java instead ({@link #stagesSmall}),
 * whatever the thread level: a pin and its release are two calls into the VM, each a
 * thread-state transition, which cost more than copying a few hundred bytes (README,
 * "Message rate"). The FFM backend copies small arrays through native memory of its own,
 * with no transition ({@link Seam.Environment#stagesSmallArraysInJava}).
 *
 * <p>Under {@code MPI_THREAD_MULTIPLE} each thread has its own staging buffer; below it the one
 * thread that may call MPI at a time uses one shared buffer. Each is grown to the largest
 * message sent or received through it: no lock, and no allocation in steady state.
 * Collectives and send-receive on arrays under {@code MPI_THREAD_MULTIPLE} take their
 * non-blocking, staged path and wait.
 */
final class ThreadStaging {
    /**
     * Up to this many bytes, a blocking call on a {@code byte[]} with a basic datatype is
     * copied in Java through the thread's staging memory rather than pinned. Measured with
     * JMH's blockingArray (send + recv to self; above 512 B with Open MPI's
     * {@code btl_self_eager_limit} raised, as a blocking send to self of more than about 1 KiB
     * waits for its receive) against the pin: 19-40 ns less per pair up to 2 KiB, 5-22 ns
     * more at 4 KiB. {@link ArrayCopy#JAVA_COPY_MAX_BYTES}, larger, is where a copy the call
     * makes anyway moves from JNI to Java.
     */
    static final int BLOCKING_COPY_MAX_BYTES = 2048;

    private static final ThreadLocal<ThreadStaging> MINE = ThreadLocal.withInitial(ThreadStaging::new);
    /**
     * The staging of the one thread that may call MPI at a time below
     * {@code MPI_THREAD_MULTIPLE}: no thread-local lookup per call, and less compiled code in
     * the caller (which decides whether the JIT inlines {@code Comm.recv} and can leave its
     * status unallocated).
     */
    private static final ThreadStaging SHARED = new ThreadStaging();

    private ByteBuffer buffer = ENVIRONMENT.newByteBuffer(StagingPool.OWN_BUFFER_MAX_BYTES);

    private ThreadStaging() {
    }

    /**
     * @return whether a blocking call on {@code array} (checked by {@link BufferArgs}) goes
     *         through this class rather than pinning it
     */
    static boolean stages(Object array, int count, Datatype type) {
        return MPI.neverPin || stagesSmall(array, count, type);
    }

    /**
     * @return whether {@code count} elements of {@code type} in {@code array} are a small
     *         {@code byte[]} message, contiguous from the array's start, copied in Java
     */
    static boolean stagesSmall(Object array, int count, Datatype type) {
        return ENVIRONMENT.stagesSmallArraysInJava() && array instanceof byte[] && !type.isDerived()
                && (long) count * type.getSize() <= BLOCKING_COPY_MAX_BYTES;
    }

    /** This thread's staging memory of at least {@code bytes} bytes. */
    private static ByteBuffer of(int bytes) {
        ThreadStaging mine = MPI.threadMultiple ? MINE.get() : SHARED;
        if (mine.buffer.capacity() < bytes) {
            mine.buffer = ENVIRONMENT.newByteBuffer(1 << StagingPool.sizeClass(bytes));
        }
        return mine.buffer;
    }

    /** {@code MPI_Send} of an array (checked by {@link BufferArgs}) through staging memory. */
    static void send(long comm, Object array, int count, Datatype type, int dest, int tag)
            throws MPIException {
        if (stagesSmall(array, count, type)) {
            int bytes = count * type.getSize();
            ByteBuffer staging = of(bytes);
            ArrayCopy.toStaging(array, staging, bytes);
            POINT_TO_POINT.commSendStaged(comm, null, 0, staging, 0, count, type.handle, dest, tag);
            return;
        }
        int bytes = type.spanBytes(count);
        POINT_TO_POINT.commSendStaged(comm, array, ArrayCopy.kindOf(array), of(bytes), bytes, count,
                type.handle, dest, tag);
    }

    /**
     * {@code MPI_Recv} into an array (checked by {@link BufferArgs}) through staging memory,
     * from a known tag (not {@code MPI.ANY_TAG}).
     *
     * @return the source and byte count, for {@link Status#received}: the caller makes the
     *         status, so that where it is inlined and the status is only read, no status is
     *         allocated even when this method is compiled on its own
     */
    static long recv(long comm, Object array, int count, Datatype type, int source, int tag)
            throws MPIException {
        int bytes = count * type.getSize();
        if (stagesSmall(array, count, type)) {
            ByteBuffer staging = of(bytes);
            long received = POINT_TO_POINT.commRecv(comm, staging, false, count, type.handle, source, tag);
            // MPI wrote what arrived, at most the posted bytes, from the start.
            ArrayCopy.toArray(staging, array, (int) received);
            return received;
        }
        return POINT_TO_POINT.commRecvStaged(comm, array, ArrayCopy.kindOf(array), of(bytes), bytes, count,
                type.handle, source, tag, null);
    }

    /** As {@link #recv}, from any tag ({@code MPI.ANY_TAG}): the status says which. */
    static Status recvAnyTag(long comm, Object array, int count, Datatype type, int source)
            throws MPIException {
        int bytes = count * type.getSize();
        Status status = new Status();
        if (stagesSmall(array, count, type)) {
            ByteBuffer staging = of(bytes);
            POINT_TO_POINT.commRecvStatus(comm, staging, false, count, type.handle, source, MPI.ANY_TAG,
                    status);
            ArrayCopy.toArray(staging, array, (int) status.bytes);
            return status;
        }
        POINT_TO_POINT.commRecvStaged(comm, array, ArrayCopy.kindOf(array), of(bytes), bytes, count,
                type.handle, source, MPI.ANY_TAG, status);
        return status;
    }
}
