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

    private static final MethodHandle T_INIT = FfmLibrary.downcall("MPI_T_init_thread",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
    private static final MethodHandle T_FINALIZE = FfmLibrary.downcall("MPI_T_finalize",
            FunctionDescriptor.of(JAVA_INT));
    private static final MethodHandle T_CVAR_GET_NUM = FfmLibrary.downcall("MPI_T_cvar_get_num",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle T_CVAR_GET_INDEX = FfmLibrary.downcall(
            "MPI_T_cvar_get_index", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle T_CVAR_GET_INFO = FfmLibrary.downcall("MPI_T_cvar_get_info",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS,
                    ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle T_ENUM_GET_INFO = FfmLibrary.downcall("MPI_T_enum_get_info",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle T_ENUM_GET_ITEM = FfmLibrary.downcall("MPI_T_enum_get_item",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle T_CVAR_HANDLE_ALLOC = FfmLibrary.downcall(
            "MPI_T_cvar_handle_alloc",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle T_CVAR_HANDLE_FREE = FfmLibrary.downcall(
            "MPI_T_cvar_handle_free", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle T_CVAR_READ = FfmLibrary.downcall("MPI_T_cvar_read",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));
    private static final MethodHandle T_CVAR_WRITE = FfmLibrary.downcall("MPI_T_cvar_write",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));
    private static final MethodHandle T_PVAR_GET_NUM = FfmLibrary.downcall("MPI_T_pvar_get_num",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle T_PVAR_GET_INFO = FfmLibrary.downcall("MPI_T_pvar_get_info",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS,
                    ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle T_PVAR_SESSION_CREATE = FfmLibrary.downcall(
            "MPI_T_pvar_session_create", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle T_PVAR_SESSION_FREE = FfmLibrary.downcall(
            "MPI_T_pvar_session_free", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle T_PVAR_HANDLE_ALLOC = FfmLibrary.downcall(
            "MPI_T_pvar_handle_alloc",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle T_PVAR_HANDLE_FREE = FfmLibrary.downcall(
            "MPI_T_pvar_handle_free", FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));
    private static final MethodHandle T_PVAR_START = FfmLibrary.downcall("MPI_T_pvar_start",
            FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE));
    private static final MethodHandle T_PVAR_STOP = FfmLibrary.downcall("MPI_T_pvar_stop",
            FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE));
    private static final MethodHandle T_PVAR_READ = FfmLibrary.downcall("MPI_T_pvar_read",
            FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE, ADDRESS));
    private static final int T_ERR_INVALID_NAME = (int) FfmLibrary.ABI.constant(
            "T_ERR_INVALID_NAME");

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

    @Override
    public int mpiTInit(int required) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment provided = arena.allocate(JAVA_INT);
            check((int) T_INIT.invokeExact(required, provided));
            return provided.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void mpiTFinalize() throws MPIException {
        try {
            check((int) T_FINALIZE.invokeExact());
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int mpiTCvarCount() throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment num = arena.allocate(JAVA_INT);
            check((int) T_CVAR_GET_NUM.invokeExact(num));
            return num.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int mpiTCvarIndex(String name) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment index = arena.allocate(JAVA_INT);
            int rc = (int) T_CVAR_GET_INDEX.invokeExact(arena.allocateFrom(name), index);
            if (rc == T_ERR_INVALID_NAME) {
                return -1;
            }
            check(rc);
            return index.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public String[] mpiTCvarInfo(int index, int[] info, long[] handles) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ints = arena.allocate(JAVA_INT, 5); // name_len, verbosity, desc_len, bind, scope
            MemorySegment hs = arena.allocate(HANDLE, 2);     // datatype, enumeration
            MemorySegment nameLen = ints, verbosity = ints.asSlice(4), descLen = ints.asSlice(8);
            MemorySegment bind = ints.asSlice(12), scope = ints.asSlice(16);
            // First the lengths (0: MPI writes no text), then the text.
            check((int) T_CVAR_GET_INFO.invokeExact(index, MemorySegment.NULL, nameLen, verbosity,
                    hs, hs.asSlice(8), MemorySegment.NULL, descLen, bind, scope));
            int nl = Math.max(ints.get(JAVA_INT, 0), 1), dl = Math.max(ints.get(JAVA_INT, 8), 1);
            MemorySegment name = arena.allocate(nl + 1L), desc = arena.allocate(dl + 1L);
            check((int) T_CVAR_GET_INFO.invokeExact(index, name, nameLen, verbosity,
                    hs, hs.asSlice(8), desc, descLen, bind, scope));
            info[0] = verbosity.get(JAVA_INT, 0);
            info[1] = bind.get(JAVA_INT, 0);
            info[2] = scope.get(JAVA_INT, 0);
            handles[0] = hs.get(HANDLE, 0);
            handles[1] = hs.get(HANDLE, 8);
            return new String[] {ascii(name), ascii(desc)};
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** MPI's text up to its NUL (within the segment), bytes outside ASCII as '?', as JNI does. */
    private static String ascii(MemorySegment text) {
        byte[] b = text.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        int n = 0;
        while (n < b.length && b[n] != 0) {
            if (b[n] < 0) {
                b[n] = '?';
            }
            n++;
        }
        return new String(b, 0, n, java.nio.charset.StandardCharsets.US_ASCII);
    }

    @Override
    public String mpiTEnumInfo(long enumeration, int[] count) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment num = arena.allocate(JAVA_INT), len = arena.allocate(JAVA_INT);
            MemorySegment name = arena.allocate(1024);
            len.set(JAVA_INT, 0, 1023);
            check((int) T_ENUM_GET_INFO.invokeExact(enumeration, num, name, len));
            count[0] = num.get(JAVA_INT, 0);
            return ascii(name);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public String mpiTEnumItem(long enumeration, int item, int[] value) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_INT), len = arena.allocate(JAVA_INT);
            MemorySegment name = arena.allocate(1024);
            len.set(JAVA_INT, 0, 1023);
            check((int) T_ENUM_GET_ITEM.invokeExact(enumeration, item, v, name, len));
            value[0] = v.get(JAVA_INT, 0);
            return ascii(name);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int mpiTCvarAccess(int index, boolean bound, long comm, byte[] value, int elementBytes,
            boolean write) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(HANDLE);
            c.set(HANDLE, 0, comm);
            MemorySegment handle = arena.allocate(HANDLE), num = arena.allocate(JAVA_INT);
            MemorySegment object = bound ? c : MemorySegment.NULL; // a typed argument for invokeExact
            check((int) T_CVAR_HANDLE_ALLOC.invokeExact(index, object, handle, num));
            int count = num.get(JAVA_INT, 0);
            long h = handle.get(HANDLE, 0);
            long bytes = (long) count * elementBytes;
            int rc = 0;
            if (count > 0 && (write ? bytes == value.length : bytes <= value.length)) {
                // MPI may write a little more than count elements of a string: room for a NUL.
                MemorySegment buf = arena.allocate(value.length + 8L, 8);
                if (write) {
                    MemorySegment.copy(value, 0, buf, java.lang.foreign.ValueLayout.JAVA_BYTE, 0,
                            value.length);
                    rc = (int) T_CVAR_WRITE.invokeExact(h, buf);
                } else {
                    rc = (int) T_CVAR_READ.invokeExact(h, buf);
                    if (rc == 0) {
                        MemorySegment.copy(buf, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, value,
                                0, (int) bytes);
                    }
                }
            }
            int frc = (int) T_CVAR_HANDLE_FREE.invokeExact(handle);
            check(rc != 0 ? rc : frc);
            return count;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int mpiTPvarCount() throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment num = arena.allocate(JAVA_INT);
            check((int) T_PVAR_GET_NUM.invokeExact(num));
            return num.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public String[] mpiTPvarInfo(int index, int[] info, long[] handles) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            // name_len, desc_len, then verbosity, class, bind, readonly, continuous, atomic
            MemorySegment ints = arena.allocate(JAVA_INT, 8);
            MemorySegment hs = arena.allocate(HANDLE, 2); // datatype, enumeration
            MemorySegment nameLen = ints, descLen = ints.asSlice(4);
            MemorySegment verbosity = ints.asSlice(8), varClass = ints.asSlice(12);
            MemorySegment bind = ints.asSlice(16), readonly = ints.asSlice(20);
            MemorySegment continuous = ints.asSlice(24), atomic = ints.asSlice(28);
            MemorySegment type = hs, enumtype = hs.asSlice(8);
            check((int) T_PVAR_GET_INFO.invokeExact(index, MemorySegment.NULL, nameLen, verbosity,
                    varClass, type, enumtype, MemorySegment.NULL, descLen, bind, readonly,
                    continuous, atomic));
            int nl = Math.max(ints.get(JAVA_INT, 0), 1), dl = Math.max(ints.get(JAVA_INT, 4), 1);
            MemorySegment name = arena.allocate(nl + 1L), desc = arena.allocate(dl + 1L);
            check((int) T_PVAR_GET_INFO.invokeExact(index, name, nameLen, verbosity, varClass,
                    type, enumtype, desc, descLen, bind, readonly, continuous, atomic));
            for (int i = 0; i < 6; i++) {
                info[i] = ints.get(JAVA_INT, 8 + 4L * i);
            }
            handles[0] = hs.get(HANDLE, 0);
            handles[1] = hs.get(HANDLE, 8);
            return new String[] {ascii(name), ascii(desc)};
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long mpiTPvarSessionCreate() throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment session = arena.allocate(HANDLE);
            check((int) T_PVAR_SESSION_CREATE.invokeExact(session));
            return session.get(HANDLE, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void mpiTPvarSessionFree(long session) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(HANDLE);
            s.set(HANDLE, 0, session);
            check((int) T_PVAR_SESSION_FREE.invokeExact(s));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long mpiTPvarHandleAlloc(long session, int index, boolean bound, long comm,
            int[] count) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(HANDLE);
            c.set(HANDLE, 0, comm);
            MemorySegment handle = arena.allocate(HANDLE), num = arena.allocate(JAVA_INT);
            MemorySegment object = bound ? c : MemorySegment.NULL; // a typed argument for invokeExact
            check((int) T_PVAR_HANDLE_ALLOC.invokeExact(session, index, object, handle, num));
            count[0] = num.get(JAVA_INT, 0);
            return handle.get(HANDLE, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void mpiTPvarHandleFree(long session, long handle) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment h = arena.allocate(HANDLE);
            h.set(HANDLE, 0, handle);
            check((int) T_PVAR_HANDLE_FREE.invokeExact(session, h));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void mpiTPvarStart(long session, long handle) throws MPIException {
        try {
            check((int) T_PVAR_START.invokeExact(session, handle));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void mpiTPvarStop(long session, long handle) throws MPIException {
        try {
            check((int) T_PVAR_STOP.invokeExact(session, handle));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void mpiTPvarRead(long session, long handle, byte[] value) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(value.length + 8L, 8);
            check((int) T_PVAR_READ.invokeExact(session, handle, buf));
            MemorySegment.copy(buf, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, value, 0,
                    value.length);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }
}
