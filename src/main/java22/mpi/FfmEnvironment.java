package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.HANDLE;
import static mpi.FfmSupport.POINTER;
import static mpi.FfmSupport.check;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The FFM backend's calls of {@link MPI}: constants, start and end, timers, library facts.
 * As in every {@code Ffm<Concern>} class of the backend, a method is the C of the JNI
 * library's function in Java; what a downcall may throw is caught in the method and passed to
 * {@link FfmSupport#unchecked}, the one place that decides what it becomes.
 */
final class FfmEnvironment implements Seam.Environment {

    @Override
    public void allowUpcalls() {
        FfmLibrary.allowUpcalls();
    }

    private static final MethodHandle INIT = FfmLibrary.downcall("MPI_Init",
            FunctionDescriptor.of(JAVA_INT, POINTER, POINTER));
    private static final MethodHandle INIT_THREAD = FfmLibrary.downcall("MPI_Init_thread",
            FunctionDescriptor.of(JAVA_INT, POINTER, POINTER, JAVA_INT, ADDRESS));
    private static final MethodHandle QUERY_THREAD = FfmLibrary.downcall("MPI_Query_thread",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle IS_THREAD_MAIN = FfmLibrary.critical("MPI_Is_thread_main",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle PCONTROL = FfmLibrary.variadic("MPI_Pcontrol",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final MethodHandle SET_ERRHANDLER = FfmLibrary.downcall(
            "MPI_Comm_set_errhandler", FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE));
    private static final MethodHandle FINALIZE = FfmLibrary.downcall("MPI_Finalize",
            FunctionDescriptor.of(JAVA_INT));
    private static final MethodHandle WTIME = FfmLibrary.critical("MPI_Wtime",
            FunctionDescriptor.of(JAVA_DOUBLE));
    private static final MethodHandle WTICK = FfmLibrary.critical("MPI_Wtick",
            FunctionDescriptor.of(JAVA_DOUBLE));
    private static final MethodHandle PROCESSOR_NAME = FfmLibrary.downcall(
            "MPI_Get_processor_name", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle LIBRARY_VERSION = FfmLibrary.downcall(
            "MPI_Get_library_version", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle VERSION = FfmLibrary.downcall("MPI_Get_version",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle GET_ADDRESS = FfmLibrary.critical("MPI_Get_address",
            FunctionDescriptor.of(JAVA_INT, POINTER, ADDRESS));

    FfmEnvironment() {
    }

    @Override
    public String name() {
        return "FFM (" + FfmLibrary.ABI.name() + ")";
    }

    @Override
    public boolean stagesSmallArraysInJava() {
        return false;
    }

    /**
     * Memory of an automatic arena, seen as a buffer: the buffer keeps its segment, so that
     * {@code MemorySegment.ofBuffer} on it, at every call that passes it to MPI, takes that
     * segment's scope rather than making a new one (which the JIT did not always remove).
     */
    @Override
    public ByteBuffer newByteBuffer(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative buffer size " + bytes);
        }
        return java.lang.foreign.Arena.ofAuto().allocate(bytes, PageAligned.PAGE).asByteBuffer()
                .order(java.nio.ByteOrder.nativeOrder());
    }

    @Override
    public long mpiConstant(int id) {
        return FfmLibrary.ABI.constant(id);
    }

    @Override
    public int mpiInit(int required) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment provided = arena.allocate(JAVA_INT);
            int rc = required < 0 ? (int) INIT.invokeExact(0L, 0L)
                    : (int) INIT_THREAD.invokeExact(0L, 0L, required, provided);
            // Errors come back to Java as MPIException rather than aborting the job.
            long errorsReturn = FfmLibrary.ABI.constant("ERRORS_RETURN");
            if (rc == 0) {
                rc = (int) SET_ERRHANDLER.invokeExact(FfmLibrary.ABI.constant("COMM_WORLD"), errorsReturn);
            }
            if (rc == 0) {
                rc = (int) SET_ERRHANDLER.invokeExact(FfmLibrary.ABI.constant("COMM_SELF"), errorsReturn);
            }
            if (rc == 0 && required < 0) {
                rc = (int) QUERY_THREAD.invokeExact(provided);
            }
            check(rc);
            return provided.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void mpiFinalize() throws MPIException {
        try {
            check((int) FINALIZE.invokeExact());
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public double mpiWtime() {
        try {
            return (double) WTIME.invokeExact();
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public double mpiWtick() {
        try {
            return (double) WTICK.invokeExact();
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public String mpiProcessorName() throws MPIException {
        try {
            return text(PROCESSOR_NAME, (int) FfmLibrary.ABI.constant("MAX_PROCESSOR_NAME"));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public String mpiLibVersion() throws MPIException {
        try {
            return text(LIBRARY_VERSION, (int) FfmLibrary.ABI.constant("MAX_LIBRARY_VERSION_STRING")).strip();
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** A string MPI writes with its length, as MPI_Get_processor_name does. */
    private static String text(MethodHandle call, int max) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(max + 1L);
            MemorySegment len = arena.allocate(JAVA_INT);
            check((int) call.invokeExact(text, len));
            int n = Math.min(Math.max(len.get(JAVA_INT, 0), 0), max);
            text.set(java.lang.foreign.ValueLayout.JAVA_BYTE, n, (byte) 0);
            return text.getString(0);
        }
    }

    @Override
    public void mpiVersion(int[] version) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_INT, 2);
            check((int) VERSION.invokeExact(v, v.asSlice(4)));
            version[0] = v.get(JAVA_INT, 0);
            version[1] = v.get(JAVA_INT, 4);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long mpiGetAddress(Buffer buf) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(java.lang.foreign.ValueLayout.JAVA_LONG);
            check((int) GET_ADDRESS.invokeExact(FfmSupport.address(buf), out));
            return out.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int mpiQueryThread() throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment provided = arena.allocate(JAVA_INT);
            check((int) QUERY_THREAD.invokeExact(provided));
            return provided.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public boolean mpiIsThreadMain() throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment flag = arena.allocate(JAVA_INT);
            check((int) IS_THREAD_MAIN.invokeExact(flag));
            return flag.get(JAVA_INT, 0) != 0;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void mpiPcontrol(int level) throws MPIException {
        try {
            check((int) PCONTROL.invokeExact(level));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }
}
