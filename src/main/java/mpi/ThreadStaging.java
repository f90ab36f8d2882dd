package mpi;

import java.nio.ByteBuffer;

/**
 * Blocking point-to-point calls on Java arrays when MPI runs with
 * {@code MPI_THREAD_MULTIPLE} ({@link MPI#InitThread}).
 *
 * <p>Single-threaded, a blocking call pins its array with {@code GetPrimitiveArrayCritical}
 * for the whole MPI call: no copy. With many threads that is a deadlock: while one thread
 * waits in {@code MPI_Recv} with an array pinned, HotSpot lets no garbage collection run, so
 * a second thread that needs one (or pins an array of its own while one is pending) stops,
 * and if the message the first thread waits for depends on what the second would have sent,
 * neither ever moves. So under {@code MPI_THREAD_MULTIPLE} a blocking call copies through
 * native memory of the calling thread instead, with {@code Get/Set<Type>ArrayRegion} (no
 * pin), in the same JNI call as the MPI call. Each thread has its own staging buffer, grown
 * to the largest message it has sent or received: no lock, and no allocation in steady state.
 * Collectives and send-receive on arrays take their non-blocking, staged path and wait.
 */
final class ThreadStaging {
    private static final ThreadLocal<ThreadStaging> MINE = ThreadLocal.withInitial(ThreadStaging::new);

    private ByteBuffer buffer = PageAligned.allocate(StagingPool.OWN_BUFFER_MAX_BYTES);

    private ThreadStaging() {
    }

    /** This thread's staging memory of at least {@code bytes} bytes. */
    private static ByteBuffer of(int bytes) {
        ThreadStaging mine = MINE.get();
        if (mine.buffer.capacity() < bytes) {
            mine.buffer = PageAligned.allocate(1 << StagingPool.sizeClass(bytes));
        }
        return mine.buffer;
    }

    /** {@code MPI_Send} of an array (checked by {@link BufferArgs}) through staging memory. */
    static void send(long comm, Object array, int count, Datatype type, int dest, int tag)
            throws MPIException {
        int bytes = type.spanBytes(count);
        Comm.nSendStaged(comm, array, ArrayCopy.kindOf(array), of(bytes), bytes, count,
                type.handle, dest, tag);
    }

    /** {@code MPI_Recv} into an array (checked by {@link BufferArgs}) through staging memory. */
    static void recv(long comm, Object array, int count, Datatype type, int source, int tag,
            Status status) throws MPIException {
        int bytes = count * type.getSize();
        if (tag == MPI.ANY_TAG) {
            Comm.nRecvStaged(comm, array, ArrayCopy.kindOf(array), of(bytes), bytes, count,
                    type.handle, source, tag, status);
            return;
        }
        long sourceAndBytes = Comm.nRecvStaged(comm, array, ArrayCopy.kindOf(array), of(bytes),
                bytes, count, type.handle, source, tag, null);
        status.source = (int) (sourceAndBytes >> 32);
        status.tag = tag;
        status.bytes = sourceAndBytes & 0xFFFF_FFFFL;
    }
}
