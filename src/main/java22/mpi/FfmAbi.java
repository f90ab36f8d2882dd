package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.List;
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

    /** @return the name of the ABI, for the binding line */
    abstract String name();

    /** @return {@code sizeof(MPI_Status)} */
    abstract long statusBytes();

    /**
     * @return where an MPI_Status holds the bytes received (a {@code size_t}), or -1 where the
     *         ABI leaves that to the library and only {@code MPI_Get_count} says it
     */
    abstract long statusByteCountAt();

    /** The value of every constant of the table, by id, resolved at the first use. */
    private volatile long[] values;

    /** @return the value, as this ABI writes it in the table, of one row of it */
    abstract long resolve(MpiConstants.Row row);

    /** @return the value of the constant of the table ({@link MpiConstants}) with this id */
    final long constant(int id) {
        long[] v = values;
        if (v == null) {
            List<MpiConstants.Row> rows = MpiConstants.rows();
            v = new long[rows.size()];
            for (MpiConstants.Row row : rows) {
                v[row.id()] = resolve(row);
            }
            values = v;
        }
        return v[id];
    }

    /** @return the value of the constant of the table called {@code name} */
    final long constant(String name) {
        return constant(MpiConstants.id(name));
    }

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
        long resolve(MpiConstants.Row row) {
            return MpiConstants.parse(row.standard());
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
        long resolve(MpiConstants.Row row) {
            String v = row.openMpi();
            return v.startsWith("&") ? global(v.substring(1)) : MpiConstants.parse(v);
        }
    }
}
