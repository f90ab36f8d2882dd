package mpi.it;

import java.nio.ByteBuffer;
import java.util.Arrays;

import mpi.Datatype;
import mpi.DoubleInt;
import mpi.Int2;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Struct;

/**
 * Derived datatypes Open MPI's API builds in bytes, on every rank of the world (2 or more):
 * <ul>
 * <li>a {@link Struct} of (int, double, char[3]) sent from rank 0 to rank 1 on a direct buffer
 *     and broadcast on a {@code byte[]}, read back through its {@code Data};</li>
 * <li>createHVector, createHIndexed and createResized broadcast on arrays: the elements they
 *     reach arrive, the others stay;</li>
 * <li>MINLOC and MAXLOC on {@code MPI.DOUBLE_INT} and {@code MPI.INT2}, written and read
 *     through {@code MPI.doubleInt} and {@code MPI.int2};</li>
 * <li>refusals: negative counts, arrays of different lengths, a null type, an array too short
 *     or of the wrong kind, a view past the buffer.</li>
 * </ul>
 * Each rank prints {@code rank R ok}; a wrong value is an exception and exit status 1.
 */
public final class StructProbe {
    private StructProbe() {
    }

    /** C's {@code struct {int i; double d; char c[3];}}: 24 bytes. */
    static final class Sample extends Struct {
        private final int i = addInt();
        private final int d = addDouble();
        private final int c = addChar(3);

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            void put(int k) {
                putInt(i, k);
                putDouble(d, k + 0.5);
                for (int j = 0; j < 3; j++) {
                    putChar(c, j, (char) ('a' + k + j));
                }
            }

            boolean holds(int k) {
                return getInt(i) == k && getDouble(d) == k + 0.5 && getChar(c, 0) == 'a' + k
                        && getChar(c, 2) == 'a' + k + 2;
            }
        }
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();

        // A user struct, two instances, point to point on a direct buffer.
        Sample sample = new Sample();
        Datatype type = sample.getType();
        require(type == sample.getType() && type.getExtent() == 24 && type.getLb() == 0
                && type.getSize() == 4 + 8 + 6, "the struct's type " + type.getExtent());
        ByteBuffer buffer = MPI.newByteBuffer(48);
        if (rank == 0) {
            for (int k = 0; k < 2; k++) {
                sample.<Sample.Data>getData(buffer, k).put(10 + k);
            }
            world.send(buffer, 2, type, 1, 7);
        } else if (rank == 1) {
            world.recv(buffer, 2, type, 0, 7);
            for (int k = 0; k < 2; k++) {
                require(sample.<Sample.Data>getData(buffer, k).holds(10 + k), "received " + k);
            }
        }
        // The same on a byte[], broadcast: its element kind is bytes.
        byte[] bytes = new byte[48];
        if (rank == 0) {
            sample.<Sample.Data>getData(bytes, 1).put(3);
        }
        world.bcast(bytes, 2, type, 0);
        require(sample.<Sample.Data>getData(bytes, 1).holds(3), "broadcast struct");
        // Two structs reach 24 + 22 bytes: the second's padding is not data.
        world.bcast(new byte[46], 2, type, 0);
        expect(IndexOutOfBoundsException.class, () -> world.bcast(new byte[45], 2, type, 0),
                "a byte[] shorter than two structs' data");
        expect(IllegalArgumentException.class, () -> world.bcast(new int[12], 2, type, 0),
                "an int[] with a struct of mixed kinds");
        expect(IndexOutOfBoundsException.class, () -> sample.getData(buffer, 2),
                "a view past the buffer");

        // hvector: 3 ints 12 bytes apart reach ints 0, 3, 6 of 7.
        Datatype hvector = Datatype.createHVector(3, 1, 12, MPI.INT);
        hvector.commit();
        int[] ints = rank == 0 ? new int[] {1, 2, 3, 4, 5, 6, 7} : new int[7];
        world.bcast(ints, 1, hvector, 0);
        int[] expected = rank == 0 ? new int[] {1, 2, 3, 4, 5, 6, 7}
                : new int[] {1, 0, 0, 4, 0, 0, 7};
        require(Arrays.equals(ints, expected), "hvector " + Arrays.toString(ints));
        expect(IndexOutOfBoundsException.class, () -> world.bcast(new int[6], 1, hvector, 0),
                "an int[] shorter than the hvector's span");

        // hindexed: 2 doubles at byte 0 and 1 at byte 24.
        Datatype hindexed = Datatype.createHIndexed(new int[] {2, 1}, new int[] {0, 24},
                MPI.DOUBLE);
        hindexed.commit();
        double[] doubles = rank == 0 ? new double[] {1, 2, 3, 4} : new double[4];
        world.bcast(doubles, 1, hindexed, 0);
        require(Arrays.equals(doubles, rank == 0 ? new double[] {1, 2, 3, 4}
                : new double[] {1, 2, 0, 4}), "hindexed " + Arrays.toString(doubles));

        // resized: an int with an extent of 8 bytes, every other int.
        Datatype resized = Datatype.createResized(MPI.INT, 0, 8);
        resized.commit();
        require(resized.getExtent() == 8 && resized.getSize() == 4, "resized extent");
        int[] every = rank == 0 ? new int[] {1, 2, 3, 4, 5} : new int[5];
        world.bcast(every, 3, resized, 0);
        require(Arrays.equals(every, rank == 0 ? new int[] {1, 2, 3, 4, 5}
                : new int[] {1, 0, 3, 0, 5}), "resized " + Arrays.toString(every));

        // MINLOC and MAXLOC through the pair classes, the predefined types theirs.
        require(MPI.doubleInt.getType() == MPI.DOUBLE_INT && MPI.int2.getType() == MPI.INT2
                && MPI.longInt.getType() == MPI.LONG_INT, "the pair classes' types");
        ByteBuffer pairs = MPI.newByteBuffer(2 * MPI.doubleInt.getExtent());
        for (int k = 0; k < 2; k++) {
            DoubleInt.Data p = MPI.doubleInt.getData(pairs, k);
            p.putValue(k == 0 ? rank * 1.5 : -rank);
            p.putIndex(rank);
        }
        ByteBuffer minAt = MPI.newByteBuffer(pairs.capacity());
        world.allReduce(pairs, minAt, 2, MPI.DOUBLE_INT, MPI.MINLOC);
        DoubleInt.Data first = MPI.doubleInt.getData(minAt, 0);
        DoubleInt.Data second = MPI.doubleInt.getData(minAt, 1);
        require(first.getValue() == 0 && first.getIndex() == 0, "MINLOC " + first.getValue());
        require(second.getValue() == -(size - 1) && second.getIndex() == size - 1,
                "MINLOC " + second.getValue() + " at " + second.getIndex());
        ByteBuffer ints2 = MPI.newByteBuffer(MPI.int2.getExtent());
        Int2.Data mine = MPI.int2.getData(ints2);
        mine.putValue(rank % 2);
        mine.putIndex(rank);
        ByteBuffer maxAt = MPI.newByteBuffer(MPI.int2.getExtent());
        world.allReduce(ints2, maxAt, 1, MPI.INT2, MPI.MAXLOC);
        Int2.Data max = MPI.int2.getData(maxAt);
        require(max.getValue() == 1 && max.getIndex() == 1, "MAXLOC of INT2 " + max.getIndex());

        // Refusals, before MPI sees them.
        expect(IllegalArgumentException.class, () -> Datatype.createHVector(-1, 1, 8, MPI.INT),
                "a negative count");
        expect(IllegalArgumentException.class, () -> Datatype.createStruct(new int[] {1, -1},
                new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.INT}), "a negative block length");
        expect(IllegalArgumentException.class, () -> Datatype.createStruct(new int[] {1, 1},
                new int[] {0, 8}, new Datatype[] {MPI.INT}), "fewer types than blocks");
        expect(IllegalArgumentException.class, () -> Datatype.createHIndexed(new int[] {1},
                new int[] {0, 8}, MPI.INT), "more displacements than blocks");
        expect(NullPointerException.class, () -> Datatype.createStruct(new int[] {1},
                new int[] {0}, new Datatype[] {null}), "a null type");
        expect(NullPointerException.class, () -> Datatype.createResized(null, 0, 8),
                "a null old type");
        Datatype uncommitted = Datatype.createResized(MPI.INT, 0, 8);
        expect(IllegalStateException.class, () -> world.bcast(new int[5], 1, uncommitted, 0),
                "an uncommitted type");
        uncommitted.free();
        hvector.free();
        expect(IllegalStateException.class, () -> Datatype.createResized(hvector, 0, 8),
                "a freed old type");
        hindexed.free();
        resized.free();
        type.free(); // the struct's: MPI (MPICH) reports a type left at Finalize
        System.out.println("rank " + rank + " ok");
        MPI.Finalize();
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void expect(Class<? extends Exception> kind, Call call, String what)
            throws Exception {
        try {
            call.run();
        } catch (Exception e) {
            if (kind.isInstance(e)) {
                return;
            }
            throw new AssertionError(what + " threw " + e, e);
        }
        throw new AssertionError(what + " was not refused");
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
