package mpi;

import static mpi.Backends.ENVIRONMENT;

import java.lang.annotation.Native;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Native memory where the JNI library writes what a call returns besides its result (a
 * status, request handles), for Java to read with plain loads: each JNI function C would call
 * to set a field of a Java object or a region of a Java array is a transition into the VM of
 * its own, about 10 ns, which made a probe cost seven times a receive. One per thread under
 * {@code MPI_THREAD_MULTIPLE}, else one for the process. Made after {@code MPI_Init}, as its
 * address comes from {@code MPI_Get_address}.
 */
final class JniOutArgs {
    /** Where a status is written: source, tag, error, cancelled (ints), then bytes (long). */
    @Native
    static final int STATUS_AT = 0;
    /** Where request handles are read and written, 8 bytes each. */
    @Native
    static final int HANDLES_AT = 32;
    /** How many handles fit; a call on more takes Java arrays. */
    static final int MAX_HANDLES = 64;

    private static volatile JniOutArgs shared;
    private static final ThreadLocal<JniOutArgs> PER_THREAD = ThreadLocal.withInitial(
            JniOutArgs::new);

    final ByteBuffer memory = ENVIRONMENT.newByteBuffer(HANDLES_AT + 8 * MAX_HANDLES)
            .order(ByteOrder.nativeOrder());
    final long address = ENVIRONMENT.mpiGetAddress(memory);

    private JniOutArgs() {
    }

    /** @return the calling thread's out-arguments */
    static JniOutArgs get() {
        if (MPI.threadMultiple) {
            return PER_THREAD.get();
        }
        JniOutArgs mine = shared;
        if (mine == null) {
            shared = mine = new JniOutArgs();
        }
        return mine;
    }

    /** Fills {@code status} from what C wrote (ombj_store_status). */
    void read(Status status) {
        status.source = memory.getInt(STATUS_AT);
        status.tag = memory.getInt(STATUS_AT + 4);
        status.error = memory.getInt(STATUS_AT + 8);
        status.cancelled = memory.getInt(STATUS_AT + 12) != 0;
        status.bytes = memory.getLong(STATUS_AT + 16);
    }

    void putHandles(long[] handles, int n) {
        for (int i = 0; i < n; i++) {
            memory.putLong(HANDLES_AT + 8 * i, handles[i]);
        }
    }

    void getHandles(long[] handles, int n) {
        for (int i = 0; i < n; i++) {
            handles[i] = memory.getLong(HANDLES_AT + 8 * i);
        }
    }
}
