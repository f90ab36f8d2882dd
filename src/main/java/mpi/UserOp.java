package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * What MPI calls back for a user-defined {@link Op}: the JNI library's trampoline
 * ({@code mpi_Op.c}, through {@link JniCollectives#userOp}) or the FFM backend's upcall stub
 * hand it views of MPI's memory. It never lets an exception escape into MPI (an FFM upcall
 * that throws ends the JVM; a JNI exception pending across MPI's further calls breaks JNI's
 * rules): the first one is kept, the following calls of the same reduction do nothing, and
 * {@link #rethrow} throws it once MPI has returned.
 */
final class UserOp {
    private final UserFunction function;
    /** The datatype of the latest reduction started: MPI hands the callback its handle only. */
    private volatile Datatype type;
    private volatile Throwable failure;

    /** What frees the backend's function for this callback (a JNI slot, an FFM stub). */
    private Runnable release = () -> { };

    UserOp(UserFunction function) {
        this.function = function;
    }

    /** @param release what frees the backend's function once the {@link Op} is unreachable */
    void releaseWith(Runnable release) {
        this.release = release;
    }

    /** Frees the backend's function: the {@link Op}'s cleaner, once it is unreachable. */
    void release() {
        release.run();
    }

    void useType(Datatype type) {
        this.type = type;
    }

    /**
     * MPI's callback: {@code inout = in op inout} for {@code count} instances of the datatype
     * whose handle is {@code typeHandle}; {@code in} and {@code inout} hold their bytes.
     */
    void call(ByteBuffer in, ByteBuffer inout, int count, long typeHandle) {
        if (failure != null) {
            return;
        }
        if (in == null || inout == null) {
            failure = new MPIException("a user-defined operation's buffers could not be made:"
                    + " out of memory");
            return;
        }
        try {
            function.call(in.order(ByteOrder.nativeOrder()), inout.order(ByteOrder.nativeOrder()),
                    count, datatype(typeHandle));
        } catch (Throwable t) {
            failure = t;
        }
    }

    /**
     * @return the datatype of the reduction: the one its call named, else the predefined type
     *         of that handle (two reductions with one operation on different types at once)
     */
    private Datatype datatype(long handle) {
        Datatype latest = type;
        if (latest != null && latest.handle == handle) {
            return latest;
        }
        Datatype predefined = MPI.predefinedType(handle);
        return predefined != null ? predefined : latest;
    }

    /** Throws, once, what the function threw since the last call of this method. */
    void rethrow() {
        Throwable t = failure;
        if (t == null) {
            return;
        }
        failure = null;
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new MPIException(t);
    }
}
