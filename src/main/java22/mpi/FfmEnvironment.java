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

/**
 * The FFM backend's calls of {@link MPI}: constants, start and end, timers, library facts.
 * As in every {@code Ffm*} class of the backend, a method is the C of the JNI library's
 * function in Java, and throws what it meets; {@link FfmBackend} turns anything but an
 * {@link MPIException} or an unchecked exception into an error, in one place.
 */
final class FfmEnvironment {
    private static final MethodHandle INIT = FfmLibrary.downcall("MPI_Init",
            FunctionDescriptor.of(JAVA_INT, POINTER, POINTER));
    private static final MethodHandle INIT_THREAD = FfmLibrary.downcall("MPI_Init_thread",
            FunctionDescriptor.of(JAVA_INT, POINTER, POINTER, JAVA_INT, ADDRESS));
    private static final MethodHandle QUERY_THREAD = FfmLibrary.downcall("MPI_Query_thread",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
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

    private FfmEnvironment() {
    }

    static long mpiConstant(int id) {
        return FfmLibrary.ABI.constant(id);
    }

    static long mpiOneSidedConstant(int id) {
        return FfmLibrary.ABI.oneSidedConstant(id);
    }

    static int mpiInit(int required) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment provided = arena.allocate(JAVA_INT);
            int rc = required < 0 ? (int) INIT.invokeExact(0L, 0L)
                    : (int) INIT_THREAD.invokeExact(0L, 0L, required, provided);
            // Errors come back to Java as MPIException rather than aborting the job.
            long errorsReturn = FfmLibrary.ABI.errorsReturn();
            if (rc == 0) {
                rc = (int) SET_ERRHANDLER.invokeExact(mpiConstant(MPI.K_COMM_WORLD), errorsReturn);
            }
            if (rc == 0) {
                rc = (int) SET_ERRHANDLER.invokeExact(mpiConstant(MPI.K_COMM_SELF), errorsReturn);
            }
            if (rc == 0 && required < 0) {
                rc = (int) QUERY_THREAD.invokeExact(provided);
            }
            check(rc);
            return provided.get(JAVA_INT, 0);
        }
    }

    static void mpiFinalize() throws Throwable {
        check((int) FINALIZE.invokeExact());
    }

    static double mpiWtime() throws Throwable {
        return (double) WTIME.invokeExact();
    }

    static double mpiWtick() throws Throwable {
        return (double) WTICK.invokeExact();
    }

    static String mpiProcessorName() throws Throwable {
        return text(PROCESSOR_NAME, FfmLibrary.ABI.maxProcessorName());
    }

    static String mpiLibVersion() throws Throwable {
        return text(LIBRARY_VERSION, FfmLibrary.ABI.maxLibraryVersionString()).strip();
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

    static void mpiVersion(int[] version) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_INT, 2);
            check((int) VERSION.invokeExact(v, v.asSlice(4)));
            version[0] = v.get(JAVA_INT, 0);
            version[1] = v.get(JAVA_INT, 4);
        }
    }

    static long mpiGetAddress(Buffer buf) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(java.lang.foreign.ValueLayout.JAVA_LONG);
            check((int) GET_ADDRESS.invokeExact(FfmSupport.address(buf), out));
            return out.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0);
        }
    }
}
