package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the FFM backend must know of an MPI library's ABI that a C compiler would read from its
 * {@code mpi.h}: the values of the predefined handles and constants, and the size of
 * {@code MPI_Status}. Two are known: the MPI-5 standard ABI ({@code libmpi_abi.so}: fixed
 * values, the same for every library that implements it) and Open MPI's own (4.1 and 5.0:
 * predefined handles are the addresses of global objects of {@code libmpi}, found once by
 * name). Other ABIs (MPICH's own, and so Intel MPI's and MVAPICH's) are the JNI backend's.
 *
 * <p>Handles are pointers in both (incomplete struct pointers in the standard ABI), passed to
 * and from MPI as 64-bit integers: on the LP64 platforms the backend supports a pointer and a
 * {@code long} travel in the same register. In both, {@code MPI_Status} begins with
 * {@code MPI_SOURCE}, {@code MPI_TAG} and {@code MPI_ERROR}.
 */
abstract class FfmAbi {
    /** Offsets of the public fields of {@code MPI_Status}. */
    static final long STATUS_SOURCE = 0, STATUS_TAG = 4, STATUS_ERROR = 8;
    /** {@code MPI_BOTTOM}, {@code MPI_IN_PLACE}, {@code MPI_STATUS_IGNORE}: the same in both. */
    static final long BOTTOM = 0, IN_PLACE = 1, STATUS_IGNORE = 0;
    /** {@code MPI_ERR_TOPOLOGY}: the same in both. */
    static final int ERR_TOPOLOGY = 11;
    /** Topology kinds, for {@link #topology}: {@code MPI_CART}, {@code MPI_GRAPH}, {@code MPI_DIST_GRAPH}. */
    static final int TOPO_CART = 0, TOPO_GRAPH = 1, TOPO_DIST_GRAPH = 2;

    /** @return the name of the ABI, for the binding line */
    abstract String name();

    /** @return {@code sizeof(MPI_Status)} */
    abstract long statusBytes();

    /**
     * @return where an MPI_Status holds the bytes received (a {@code size_t}), or -1 where the
     *         ABI leaves that to the library and only {@code MPI_Get_count} says it
     */
    abstract long statusByteCountAt();

    /** @return the value of a constant of {@link MPI} ({@code MPI.K_*}) */
    abstract long constant(int id);

    /** @return the value of a one-sided or group constant ({@code MPI.K_LOCK_SHARED}, ...) */
    abstract long oneSidedConstant(int id);

    /** @return {@code MPI_ERRORS_RETURN} */
    abstract long errorsReturn();

    /** @return what {@code MPI_Topo_test} writes for a topology kind ({@link #TOPO_CART}, ...) */
    abstract int topology(int kind);

    /** @return {@code MPI_UNWEIGHTED} and {@code MPI_WEIGHTS_EMPTY}, as addresses */
    abstract long unweighted();

    abstract long weightsEmpty();

    /** @return {@code MPI_MAX_ERROR_STRING}, {@code MPI_MAX_PROCESSOR_NAME}, ... */
    abstract int maxErrorString();

    abstract int maxProcessorName();

    abstract int maxLibraryVersionString();

    abstract int maxInfoValue();

    /**
     * @param file what the library was opened as, for messages
     * @param find the library's symbols
     * @return its ABI
     * @throws UnsatisfiedLinkError in one line, if it is neither
     */
    static FfmAbi of(String file, Function<String, Optional<MemorySegment>> find) {
        Optional<MemorySegment> abiVersion = find.apply("MPI_Abi_get_version");
        if (abiVersion.isPresent() && standardMajor(abiVersion.get()) >= 1) {
            return new StandardAbi();
        }
        if (find.apply("ompi_mpi_comm_world").isPresent()) {
            return new OpenMpiAbi(find);
        }
        throw new UnsatisfiedLinkError(file + " is neither an MPI-5 standard ABI library"
                + " (libmpi_abi.so) nor Open MPI's libmpi: the FFM backend cannot call it;"
                + " use -D" + Backends.PROPERTY + "=jni (built against this MPI with mpicc)");
    }

    /** MPI_Abi_get_version, which MPI-5 lets a program call before MPI_Init. */
    private static int standardMajor(MemorySegment function) {
        MethodHandle call = Linker.nativeLinker().downcallHandle(function,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment major = arena.allocate(JAVA_INT), minor = arena.allocate(JAVA_INT);
            int rc = (int) call.invokeExact(major, minor);
            return rc == 0 ? major.get(JAVA_INT, 0) : -1;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** The MPI-5 standard ABI: every value fixed by the standard (MPI-5.0, chapter 20). */
    static final class StandardAbi extends FfmAbi {
        @Override
        String name() {
            return "MPI-5 standard ABI";
        }

        @Override
        long statusBytes() {
            return 32; // MPI_SOURCE, MPI_TAG, MPI_ERROR, int[5]
        }

        @Override
        long statusByteCountAt() {
            return -1; // in MPI_internal, as each library chooses
        }

        @Override
        long constant(int id) {
            switch (id) {
                case MPI.K_ANY_SOURCE: return -1;
                case MPI.K_ANY_TAG: return -2;
                case MPI.K_PROC_NULL: return -3;
                case MPI.K_UNDEFINED: return -32766;
                case MPI.K_SUCCESS: return 0;
                case MPI.K_THREAD_SINGLE: return 0;
                case MPI.K_THREAD_FUNNELED: return 1024;
                case MPI.K_THREAD_SERIALIZED: return 2048;
                case MPI.K_THREAD_MULTIPLE: return 4096;
                case MPI.K_COMM_WORLD: return 0x101;
                case MPI.K_COMM_SELF: return 0x102;
                case MPI.K_COMM_NULL: return 0x100;
                case MPI.K_REQUEST_NULL: return 0x180;
                case MPI.K_INFO_NULL: return 0x130;
                case MPI.K_BYTE: return 0x240;    // MPI_INT8_T: each type matches its Java primitive
                case MPI.K_CHAR: return 0x249;    // MPI_UINT16_T
                case MPI.K_SHORT: return 0x248;   // MPI_INT16_T
                case MPI.K_BOOLEAN: return 0x238; // MPI_C_BOOL
                case MPI.K_INT: return 0x250;     // MPI_INT32_T
                case MPI.K_LONG: return 0x258;    // MPI_INT64_T
                case MPI.K_FLOAT: return 0x210;
                case MPI.K_DOUBLE: return 0x214;
                case MPI.K_MAX: return 0x23;
                case MPI.K_MIN: return 0x22;
                case MPI.K_SUM: return 0x21;
                case MPI.K_PROD: return 0x24;
                case MPI.K_LAND: return 0x30;
                case MPI.K_BAND: return 0x28;
                case MPI.K_LOR: return 0x31;
                case MPI.K_BOR: return 0x29;
                case MPI.K_LXOR: return 0x32;
                case MPI.K_BXOR: return 0x2a;
                default: throw new IllegalArgumentException("unknown MPI constant " + id);
            }
        }

        @Override
        long oneSidedConstant(int id) {
            switch (id) {
                case MPI.K_LOCK_SHARED: return 302;
                case MPI.K_LOCK_EXCLUSIVE: return 301;
                case MPI.K_MODE_NOCHECK: return 1024;
                case MPI.K_MODE_NOSTORE: return 8192;
                case MPI.K_MODE_NOPUT: return 4096;
                case MPI.K_MODE_NOPRECEDE: return 2048;
                case MPI.K_MODE_NOSUCCEED: return 16384;
                case MPI.K_WIN_NULL: return 0x110;
                case MPI.K_GROUP_NULL: return 0x108;
                case MPI.K_GROUP_EMPTY: return 0x109;
                case MPI.K_IDENT: return 201;
                case MPI.K_CONGRUENT: return 202;
                case MPI.K_SIMILAR: return 203;
                case MPI.K_UNEQUAL: return 204;
                default: throw new IllegalArgumentException("unknown MPI constant " + id);
            }
        }

        @Override
        long errorsReturn() {
            return 0x143;
        }

        @Override
        int topology(int kind) {
            return 211 + kind; // MPI_CART 211, MPI_GRAPH 212, MPI_DIST_GRAPH 213
        }

        @Override
        long unweighted() {
            return 10;
        }

        @Override
        long weightsEmpty() {
            return 11;
        }

        @Override
        int maxErrorString() {
            return 512;
        }

        @Override
        int maxProcessorName() {
            return 256;
        }

        @Override
        int maxLibraryVersionString() {
            return 8192;
        }

        @Override
        int maxInfoValue() {
            return 1024;
        }
    }

    /**
     * Open MPI's own ABI (4.1 and 5.0 alike): a predefined handle is the address of a global
     * object of libmpi ({@code MPI_COMM_WORLD} is {@code &ompi_mpi_comm_world}); integer
     * constants are those of its mpi.h.
     */
    static final class OpenMpiAbi extends FfmAbi {
        private final Function<String, Optional<MemorySegment>> find;

        OpenMpiAbi(Function<String, Optional<MemorySegment>> find) {
            this.find = find;
        }

        private long global(String name) {
            return find.apply(name).orElseThrow(() -> new UnsatisfiedLinkError(
                    "Open MPI's libmpi has no " + name)).address();
        }

        @Override
        String name() {
            return "Open MPI ABI";
        }

        @Override
        long statusBytes() {
            return 24; // MPI_SOURCE, MPI_TAG, MPI_ERROR, _cancelled, size_t _ucount
        }

        @Override
        long statusByteCountAt() {
            return 16; // _ucount: MPI_Get_count divides it by the type's size
        }

        @Override
        long constant(int id) {
            switch (id) {
                case MPI.K_ANY_SOURCE: return -1;
                case MPI.K_ANY_TAG: return -1;
                case MPI.K_PROC_NULL: return -2;
                case MPI.K_UNDEFINED: return -32766;
                case MPI.K_SUCCESS: return 0;
                case MPI.K_THREAD_SINGLE: return 0;
                case MPI.K_THREAD_FUNNELED: return 1;
                case MPI.K_THREAD_SERIALIZED: return 2;
                case MPI.K_THREAD_MULTIPLE: return 3;
                case MPI.K_COMM_WORLD: return global("ompi_mpi_comm_world");
                case MPI.K_COMM_SELF: return global("ompi_mpi_comm_self");
                case MPI.K_COMM_NULL: return global("ompi_mpi_comm_null");
                case MPI.K_REQUEST_NULL: return global("ompi_request_null");
                case MPI.K_INFO_NULL: return global("ompi_mpi_info_null");
                case MPI.K_BYTE: return global("ompi_mpi_int8_t");
                case MPI.K_CHAR: return global("ompi_mpi_uint16_t");
                case MPI.K_SHORT: return global("ompi_mpi_int16_t");
                case MPI.K_BOOLEAN: return global("ompi_mpi_c_bool");
                case MPI.K_INT: return global("ompi_mpi_int32_t");
                case MPI.K_LONG: return global("ompi_mpi_int64_t");
                case MPI.K_FLOAT: return global("ompi_mpi_float");
                case MPI.K_DOUBLE: return global("ompi_mpi_double");
                case MPI.K_MAX: return global("ompi_mpi_op_max");
                case MPI.K_MIN: return global("ompi_mpi_op_min");
                case MPI.K_SUM: return global("ompi_mpi_op_sum");
                case MPI.K_PROD: return global("ompi_mpi_op_prod");
                case MPI.K_LAND: return global("ompi_mpi_op_land");
                case MPI.K_BAND: return global("ompi_mpi_op_band");
                case MPI.K_LOR: return global("ompi_mpi_op_lor");
                case MPI.K_BOR: return global("ompi_mpi_op_bor");
                case MPI.K_LXOR: return global("ompi_mpi_op_lxor");
                case MPI.K_BXOR: return global("ompi_mpi_op_bxor");
                default: throw new IllegalArgumentException("unknown MPI constant " + id);
            }
        }

        @Override
        long oneSidedConstant(int id) {
            switch (id) {
                case MPI.K_LOCK_SHARED: return 2;
                case MPI.K_LOCK_EXCLUSIVE: return 1;
                case MPI.K_MODE_NOCHECK: return 1;
                case MPI.K_MODE_NOSTORE: return 8;
                case MPI.K_MODE_NOPUT: return 4;
                case MPI.K_MODE_NOPRECEDE: return 2;
                case MPI.K_MODE_NOSUCCEED: return 16;
                case MPI.K_WIN_NULL: return global("ompi_mpi_win_null");
                case MPI.K_GROUP_NULL: return global("ompi_mpi_group_null");
                case MPI.K_GROUP_EMPTY: return global("ompi_mpi_group_empty");
                case MPI.K_IDENT: return 0;
                case MPI.K_CONGRUENT: return 1;
                case MPI.K_SIMILAR: return 2;
                case MPI.K_UNEQUAL: return 3;
                default: throw new IllegalArgumentException("unknown MPI constant " + id);
            }
        }

        @Override
        long errorsReturn() {
            return global("ompi_mpi_errors_return");
        }

        @Override
        int topology(int kind) {
            return kind + 1; // MPI_CART 1, MPI_GRAPH 2, MPI_DIST_GRAPH 3
        }

        @Override
        long unweighted() {
            return 2;
        }

        @Override
        long weightsEmpty() {
            return 3;
        }

        @Override
        int maxErrorString() {
            return 256;
        }

        @Override
        int maxProcessorName() {
            return 256;
        }

        @Override
        int maxLibraryVersionString() {
            return 256;
        }

        @Override
        int maxInfoValue() {
            return 256;
        }
    }
}
