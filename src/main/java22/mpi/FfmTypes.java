package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static mpi.FfmSupport.HANDLE;
import static mpi.FfmSupport.POINTER;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.ints;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;
import java.nio.charset.StandardCharsets;

/**
 * The FFM backend's calls of derived datatypes ({@link Datatype}: constructors, their size and
 * bounds, commit and free) and of {@link Info}. None is timed: each call takes its memory from
 * an arena of its own. Java has checked the arguments (non-negative counts, equal array
 * lengths, a type not freed); a new type is returned to Java only when MPI created it.
 */
final class FfmTypes implements Seam.Types {
    private static final MethodHandle TYPE_CONTIGUOUS = FfmLibrary.downcall("MPI_Type_contiguous",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, HANDLE, ADDRESS));
    private static final MethodHandle TYPE_VECTOR = FfmLibrary.downcall("MPI_Type_vector",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, HANDLE, ADDRESS));
    private static final MethodHandle TYPE_INDEXED = FfmLibrary.downcall("MPI_Type_indexed",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, HANDLE, ADDRESS));
    // MPI_Aint is 64 bits on every platform the FFM backend runs on (LP64), as a handle is.
    private static final MethodHandle TYPE_STRUCT = FfmLibrary.downcall("MPI_Type_create_struct",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle TYPE_HVECTOR = FfmLibrary.downcall(
            "MPI_Type_create_hvector",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, HANDLE, ADDRESS));
    private static final MethodHandle TYPE_HINDEXED = FfmLibrary.downcall(
            "MPI_Type_create_hindexed",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, HANDLE, ADDRESS));
    private static final MethodHandle TYPE_RESIZED = FfmLibrary.downcall(
            "MPI_Type_create_resized",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_LONG, JAVA_LONG, ADDRESS));
    // MPI_Count is 64 bits in both ABIs (Open MPI's long long, the standard ABI's int64_t).
    private static final MethodHandle TYPE_SIZE = FfmLibrary.downcall("MPI_Type_size_x",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));
    private static final FunctionDescriptor BOUNDS = FunctionDescriptor.of(JAVA_INT, HANDLE,
            ADDRESS, ADDRESS);
    private static final MethodHandle TYPE_EXTENT = FfmLibrary.downcall("MPI_Type_get_extent_x",
            BOUNDS);
    private static final MethodHandle TYPE_TRUE_EXTENT = FfmLibrary.downcall(
            "MPI_Type_get_true_extent_x", BOUNDS);
    private static final FunctionDescriptor BY_REFERENCE = FunctionDescriptor.of(JAVA_INT, ADDRESS);
    private static final MethodHandle TYPE_COMMIT = FfmLibrary.downcall("MPI_Type_commit",
            BY_REFERENCE);
    private static final MethodHandle TYPE_FREE = FfmLibrary.downcall("MPI_Type_free",
            BY_REFERENCE);
    private static final MethodHandle INFO_CREATE = FfmLibrary.downcall("MPI_Info_create",
            BY_REFERENCE);
    private static final MethodHandle INFO_SET = FfmLibrary.downcall("MPI_Info_set",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS, ADDRESS));
    private static final MethodHandle INFO_GET_VALUELEN = FfmLibrary.downcall(
            "MPI_Info_get_valuelen", FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS, ADDRESS,
                    ADDRESS));
    private static final MethodHandle INFO_GET = FfmLibrary.downcall("MPI_Info_get",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle INFO_FREE = FfmLibrary.downcall("MPI_Info_free",
            BY_REFERENCE);

    private static final MethodHandle INFO_NKEYS = FfmLibrary.critical("MPI_Info_get_nkeys",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));
    private static final MethodHandle INFO_NTHKEY = FfmLibrary.downcall("MPI_Info_get_nthkey",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS));
    private static final MethodHandle INFO_DELETE = FfmLibrary.downcall("MPI_Info_delete",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));
    private static final MethodHandle INFO_DUP = FfmLibrary.downcall("MPI_Info_dup",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));

    private static final MethodHandle TYPE_DUP = FfmLibrary.downcall("MPI_Type_dup",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));
    private static final MethodHandle TYPE_SET_NAME = FfmLibrary.downcall("MPI_Type_set_name",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));
    // Buffers by their addresses (POINTER): Java hands direct buffers only.
    private static final MethodHandle PACK = FfmLibrary.downcall("MPI_Pack",
            FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_INT, HANDLE, POINTER, JAVA_INT,
                    ADDRESS, HANDLE));
    private static final MethodHandle UNPACK = FfmLibrary.downcall("MPI_Unpack",
            FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_INT, ADDRESS, POINTER, JAVA_INT,
                    HANDLE, HANDLE));
    private static final MethodHandle PACK_SIZE = FfmLibrary.downcall("MPI_Pack_size",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, HANDLE, HANDLE, ADDRESS));

    FfmTypes() {
    }

    @Override
    public long typeContiguous(int count, long oldType) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment type = arena.allocate(JAVA_LONG);
            check((int) TYPE_CONTIGUOUS.invokeExact(count, oldType, type));
            return type.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long typeVector(int count, int blockLength, int stride,
            long oldType) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment type = arena.allocate(JAVA_LONG);
            check((int) TYPE_VECTOR.invokeExact(count, blockLength, stride, oldType, type));
            return type.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** Java has checked that both arrays are there, of one length. */
    @Override
    public long typeIndexed(int[] blockLengths, int[] displacements,
            long oldType) throws MPIException {
        try {
            int n = blockLengths.length;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment type = arena.allocate(JAVA_LONG);
                check((int) TYPE_INDEXED.invokeExact(n, ints(arena, blockLengths),
                        ints(arena, displacements), oldType, type));
                return type.get(JAVA_LONG, 0);
            }
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** Java has checked that the three arrays are there, of one length. */
    @Override
    public long typeStruct(int[] blockLengths, int[] displacements,
            long[] types) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment type = arena.allocate(JAVA_LONG);
            check((int) TYPE_STRUCT.invokeExact(blockLengths.length, ints(arena, blockLengths),
                    aints(arena, displacements), longs(arena, types), type));
            return type.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long typeHVector(int count, int blockLength, int stride,
            long oldType) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment type = arena.allocate(JAVA_LONG);
            check((int) TYPE_HVECTOR.invokeExact(count, blockLength, (long) stride, oldType,
                    type));
            return type.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** Java has checked that both arrays are there, of one length. */
    @Override
    public long typeHIndexed(int[] blockLengths, int[] displacements,
            long oldType) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment type = arena.allocate(JAVA_LONG);
            check((int) TYPE_HINDEXED.invokeExact(blockLengths.length, ints(arena, blockLengths),
                    aints(arena, displacements), oldType, type));
            return type.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long typeResized(long oldType, int lb, int extent) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment type = arena.allocate(JAVA_LONG);
            check((int) TYPE_RESIZED.invokeExact(oldType, (long) lb, (long) extent, type));
            return type.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** @return byte displacements widened to MPI_Aint, at least one long (as {@code ints}) */
    private static MemorySegment aints(Arena arena, int[] values) {
        MemorySegment s = arena.allocate(JAVA_LONG, Math.max(values.length, 1));
        for (int i = 0; i < values.length; i++) {
            s.setAtIndex(JAVA_LONG, i, values[i]);
        }
        return s;
    }

    /** @return handles in native memory, at least one long (as {@code ints}) */
    private static MemorySegment longs(Arena arena, long[] values) {
        MemorySegment s = arena.allocate(JAVA_LONG, Math.max(values.length, 1));
        MemorySegment.copy(values, 0, s, JAVA_LONG, 0, values.length);
        return s;
    }

    /**
     * Writes the type's size, lower bound, extent, true lower bound and true extent into
     * {@code layout} (a long[5], from Java), as MPI_Type_size_x, MPI_Type_get_extent_x and
     * MPI_Type_get_true_extent_x report them.
     */
    @Override
    public void typeLayout(long type, long[] layout) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_LONG, 5);
            int rc = (int) TYPE_SIZE.invokeExact(type, v);
            if (rc == 0) {
                rc = (int) TYPE_EXTENT.invokeExact(type, v.asSlice(8), v.asSlice(16));
            }
            if (rc == 0) {
                rc = (int) TYPE_TRUE_EXTENT.invokeExact(type, v.asSlice(24), v.asSlice(32));
            }
            check(rc);
            if (v.get(JAVA_LONG, 0) == FfmLibrary.ABI.constant("UNDEFINED")) {
                throw new IllegalArgumentException("the datatype's size does not fit in a count");
            }
            MemorySegment.copy(v, JAVA_LONG, 0, layout, 0, 5);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void typeCommit(long type) throws MPIException {
        try {
            byReference(TYPE_COMMIT, type);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void typeFree(long type) throws MPIException {
        try {
            byReference(TYPE_FREE, type);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long infoCreate() throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(JAVA_LONG);
            check((int) INFO_CREATE.invokeExact(info));
            return info.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void infoSet(long info, String key, String value) throws MPIException {
        try {
            if (key == null || value == null) {
                throw new IllegalArgumentException("an Info key and value may not be null");
            }
            try (Arena arena = Arena.ofConfined()) {
                check((int) INFO_SET.invokeExact(info, text(arena, key), text(arena, value)));
            }
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** @return the value of {@code key}, or null if {@code info} has none */
    @Override
    public String infoGet(long info, String key) throws MPIException {
        try {
            if (key == null) {
                throw new IllegalArgumentException("an Info key may not be null");
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment k = text(arena, key);
                MemorySegment len = arena.allocate(JAVA_INT), flag = arena.allocate(JAVA_INT);
                check((int) INFO_GET_VALUELEN.invokeExact(info, k, len, flag));
                if (flag.get(JAVA_INT, 0) == 0) {
                    return null;
                }
                int n = len.get(JAVA_INT, 0); // without the terminating NUL MPI_Info_get adds
                MemorySegment value = arena.allocate(n + 1L);
                check((int) INFO_GET.invokeExact(info, k, n, value, flag));
                return flag.get(JAVA_INT, 0) == 0 ? null : value.getString(0,
                        StandardCharsets.UTF_8);
            }
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void infoFree(long info) throws MPIException {
        try {
            byReference(INFO_FREE, info);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** A call that takes a handle by reference (MPI_Type_commit(&type), MPI_Info_free(&info)). */
    private static void byReference(MethodHandle call, long handle) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment h = arena.allocate(JAVA_LONG);
            h.set(JAVA_LONG, 0, handle);
            check((int) call.invokeExact(h));
        }
    }

    @Override
    public int infoSize(long info) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocate(JAVA_INT);
            check((int) INFO_NKEYS.invokeExact(info, n));
            return n.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public String infoKey(long info, int n) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            int max = (int) FfmLibrary.ABI.constant("MAX_INFO_KEY");
            MemorySegment key = arena.allocate(max + 1L);
            check((int) INFO_NTHKEY.invokeExact(info, n, key));
            key.set(java.lang.foreign.ValueLayout.JAVA_BYTE, max, (byte) 0);
            return key.getString(0, StandardCharsets.UTF_8);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void infoDelete(long info, String key) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            check((int) INFO_DELETE.invokeExact(info, text(arena, key)));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long infoDup(long info) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment copy = arena.allocate(JAVA_LONG);
            check((int) INFO_DUP.invokeExact(info, copy));
            return copy.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long typeDup(long type) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment copy = arena.allocate(JAVA_LONG);
            check((int) TYPE_DUP.invokeExact(type, copy));
            return copy.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void typeSetName(long type, String name) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            check((int) TYPE_SET_NAME.invokeExact(type, text(arena, name)));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int pack(Buffer in, int count, long type, Buffer out, int outBytes, int position,
            long comm) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment at = arena.allocateFrom(JAVA_INT, position);
            check((int) PACK.invokeExact(FfmSupport.address(in), count, type,
                    FfmSupport.address(out), outBytes, at, comm));
            return at.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int unpack(Buffer in, int inBytes, int position, Buffer out, int count, long type,
            long comm) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment at = arena.allocateFrom(JAVA_INT, position);
            check((int) UNPACK.invokeExact(FfmSupport.address(in), inBytes, at,
                    FfmSupport.address(out), count, type, comm));
            return at.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int packSize(int count, long type, long comm) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment size = arena.allocate(JAVA_INT);
            check((int) PACK_SIZE.invokeExact(count, type, comm, size));
            return size.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** {@code s} as a NUL-terminated C string (UTF-8, as JNI's modified UTF-8 for keys MPI reads). */
    private static MemorySegment text(Arena arena, String s) {
        return arena.allocateFrom(s, StandardCharsets.UTF_8);
    }
}
