package mpi.it;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.Arrays;

import mpi.Comm;
import mpi.Datatype;
import mpi.DoubleComplex;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.UserFunction;

/**
 * User-defined reductions, MINLOC/MAXLOC and complex numbers on every rank of the world, each
 * result against the value worked out here:
 * <ul>
 * <li>a commutative operation on arrays (the array form of {@link UserFunction}): allReduce,
 *     reduce, reduceLocal;</li>
 * <li>a non-commutative one on MPI's memory (the buffer form): 2x2 matrix products in rank
 *     order, each matrix one element of a contiguous derived type, blocking on arrays and
 *     non-blocking on a direct buffer;</li>
 * <li>a function that throws: the reduction throws it, and the next one works;</li>
 * <li>MINLOC and MAXLOC on {@code MPI.INT2} (int[]) and {@code MPI.DOUBLE_INT} (a direct
 *     buffer of C's struct layout), SUM and PROD on {@code MPI.DOUBLE_COMPLEX};</li>
 * <li>free, isNull, isCommutative, refusals of a freed and a predefined operation, and more
 *     operations created and dropped than the JNI backend has slots at once.</li>
 * </ul>
 * Each rank prints {@code rank R ok}; a wrong value is an exception and exit status 1.
 */
public final class UserOpProbe {
    private UserOpProbe() {
    }

    /** Keeps, per pair, the larger magnitude: commutative, on int arrays. */
    private static final class MaxMagnitude extends UserFunction {
        @Override
        public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
            int[] in = (int[]) inVec, inout = (int[]) inOutVec;
            for (int i = 0; i < count; i++) {
                if (Math.abs(in[i]) > Math.abs(inout[i])) {
                    inout[i] = in[i];
                }
            }
        }
    }

    /** inout = in x inout for 2x2 long matrices, row-major: associative, not commutative. */
    private static final class MatrixProduct extends UserFunction {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) {
            LongBuffer a = in.asLongBuffer(), b = inOut.asLongBuffer();
            for (int m = 0; m < count; m++) {
                int o = 4 * m;
                long[] p = multiply(get(a, o), get(b, o));
                b.put(o, p[0]).put(o + 1, p[1]).put(o + 2, p[2]).put(o + 3, p[3]);
            }
        }

        private static long[] get(LongBuffer buffer, int o) {
            return new long[] {buffer.get(o), buffer.get(o + 1), buffer.get(o + 2),
                buffer.get(o + 3)};
        }
    }

    /**
     * @param args none; or {@code refusal}: only tries to create an operation and prints
     *             {@code created} or {@code refused: } and the exception's message
     */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        if (args.length > 0 && args[0].equals("refusal")) {
            try {
                new Op(new MaxMagnitude(), true).free();
                System.out.println("created");
            } catch (UnsupportedOperationException e) {
                System.out.println("refused: " + e.getMessage());
            }
            MPI.Finalize();
            return;
        }
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();

        // Commutative, on arrays: the value of largest magnitude, each sign in turn.
        Op maxMagnitude = new Op(new MaxMagnitude(), true);
        require(maxMagnitude.isCommutative() && !maxMagnitude.isNull(), "a new operation");
        int[] mine = {rank % 2 == 0 ? rank : -rank, -3, rank == 1 ? -100 : 7};
        int[] out = new int[3];
        world.allReduce(mine, out, 3, MPI.INT, maxMagnitude);
        int largest = size - 1;
        int[] expected = {largest % 2 == 0 ? largest : -largest, -3, size > 1 ? -100 : 7};
        require(Arrays.equals(out, expected), "allReduce " + Arrays.toString(out));
        int[] atRoot = new int[3];
        world.reduce(mine, atRoot, 3, MPI.INT, maxMagnitude, 0);
        require(rank != 0 || Arrays.equals(atRoot, expected), "reduce " + Arrays.toString(atRoot));
        int[] inout = {1, -9, 4};
        Comm.reduceLocal(new int[] {-5, 2, 4}, inout, 3, MPI.INT, maxMagnitude);
        require(Arrays.equals(inout, new int[] {-5, -9, 4}), "reduceLocal " + Arrays.toString(inout));

        // Not commutative, on MPI's memory, one matrix per element of a derived type.
        Datatype matrix = Datatype.createContiguous(4, MPI.LONG);
        matrix.commit();
        Op product = new Op(new MatrixProduct(), false);
        require(!product.isCommutative(), "isCommutative");
        long[] expectedProduct = {1, 0, 0, 1};
        for (int r = 0; r < size; r++) {
            expectedProduct = multiply(expectedProduct, matrixOf(r));
        }
        long[] twoMatrices = new long[8];
        System.arraycopy(matrixOf(rank), 0, twoMatrices, 0, 4);
        System.arraycopy(matrixOf(rank), 0, twoMatrices, 4, 4);
        long[] products = new long[8];
        world.allReduce(twoMatrices, products, 2, matrix, product);
        require(Arrays.equals(Arrays.copyOf(products, 4), expectedProduct)
                && Arrays.equals(Arrays.copyOfRange(products, 4, 8), expectedProduct),
                "allReduce of matrices " + Arrays.toString(products));
        ByteBuffer buffer = MPI.newByteBuffer(32).order(ByteOrder.nativeOrder());
        buffer.asLongBuffer().put(matrixOf(rank));
        Request request = world.iAllReduce(buffer, 1, matrix, product);
        request.waitFor();
        long[] got = new long[4];
        buffer.asLongBuffer().get(got);
        require(Arrays.equals(got, expectedProduct), "iAllReduce of a matrix " + Arrays.toString(got));

        // A function that throws: the call that reduced throws it, and MPI goes on.
        Op failing = new Op(new UserFunction() {
            @Override
            public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
                throw new IllegalStateException("failing on purpose");
            }
        }, true);
        try {
            Comm.reduceLocal(new int[] {1}, new int[1], 1, MPI.INT, failing);
            throw new AssertionError("a throwing function's reduceLocal returned");
        } catch (IllegalStateException e) {
            require(e.getMessage().equals("failing on purpose"), "thrown " + e);
        }
        // Which ranks apply the function is the algorithm's choice: at least one must throw.
        int[] threw = {0};
        try {
            world.allReduce(new int[] {1}, new int[1], 1, MPI.INT, failing);
        } catch (IllegalStateException e) {
            require(e.getMessage().equals("failing on purpose"), "thrown " + e);
            threw[0] = 1;
        }
        int[] throwers = new int[1];
        world.allReduce(threw, throwers, 1, MPI.INT, MPI.SUM);
        require(size == 1 || throwers[0] > 0, "no rank threw the function's exception");
        // Non-blocking: the completion throws it.
        threw[0] = 0;
        try {
            world.iAllReduce(new int[] {1}, new int[1], 1, MPI.INT, failing).waitFor();
        } catch (IllegalStateException e) {
            require(e.getMessage().equals("failing on purpose"), "thrown " + e);
            threw[0] = 1;
        }
        world.allReduce(threw, throwers, 1, MPI.INT, MPI.SUM);
        require(size == 1 || throwers[0] > 0, "no completion threw the function's exception");
        world.allReduce(mine, out, 3, MPI.INT, maxMagnitude);
        require(Arrays.equals(out, expected), "allReduce after a failure " + Arrays.toString(out));

        // MINLOC and MAXLOC: value, index pairs.
        int[] pairs = {(rank * 5) % size, rank, -rank, rank};
        int[] located = new int[4];
        world.allReduce(pairs, located, 2, MPI.INT2, MPI.MINLOC);
        require(located[0] == 0 && located[1] == 0, "MINLOC of INT2 " + Arrays.toString(located));
        require(located[2] == -(size - 1) && located[3] == size - 1, "MINLOC " + Arrays.toString(located));
        ByteBuffer doubleInt = MPI.newByteBuffer(16).order(ByteOrder.nativeOrder());
        doubleInt.putDouble(0, rank * 1.5).putInt(8, rank);
        ByteBuffer maxAt = MPI.newByteBuffer(16).order(ByteOrder.nativeOrder());
        world.allReduce(doubleInt, maxAt, 1, MPI.DOUBLE_INT, MPI.MAXLOC);
        require(maxAt.getDouble(0) == (size - 1) * 1.5 && maxAt.getInt(8) == size - 1,
                "MAXLOC of DOUBLE_INT " + maxAt.getDouble(0) + " at " + maxAt.getInt(8));

        // Complex numbers: (rank + i) summed, and i multiplied size times.
        double[] z = {rank, 1};
        double[] sum = new double[2];
        world.allReduce(z, sum, 1, MPI.DOUBLE_COMPLEX, MPI.SUM);
        DoubleComplex s = DoubleComplex.get(sum);
        require(s.getReal() == size * (size - 1) / 2.0 && s.getImag() == size,
                "complex sum " + Arrays.toString(sum));
        double[] power = new double[2];
        world.allReduce(new double[] {0, 1}, power, 1, MPI.DOUBLE_COMPLEX, MPI.PROD);
        double[][] powersOfI = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
        double[] iPower = powersOfI[size % 4]; // compared with ==, for which -0.0 is 0.0
        require(power[0] == iPower[0] && power[1] == iPower[1], "complex product " + Arrays.toString(power));

        // A user-defined operation exists: the blocking w-collective stages its arrays.
        int[] counts = new int[size];
        int[] displs = new int[size];
        Datatype[] types = new Datatype[size];
        for (int r = 0; r < size; r++) {
            counts[r] = 1;
            displs[r] = 4 * r;
            types[r] = MPI.INT;
        }
        int[] sendW = new int[size];
        int[] recvW = new int[size];
        Arrays.fill(sendW, rank);
        world.allToAllw(sendW, counts, displs, types, recvW, counts, displs, types);
        for (int r = 0; r < size; r++) {
            require(recvW[r] == r, "allToAllw of arrays " + Arrays.toString(recvW));
        }

        // Freeing, and refusals.
        failing.free();
        require(failing.isNull(), "isNull after free");
        expectRefused(() -> failing.free(), "a second free");
        expectRefused(() -> world.allReduce(mine, out, 3, MPI.INT, failing), "a freed operation");
        expectRefused(() -> MPI.SUM.free(), "freeing MPI.SUM");
        require(!MPI.SUM.isNull(), "MPI.SUM isNull");

        // More operations than the JNI backend's slots, each freed and dropped in turn.
        for (int i = 0; i < 200; i++) {
            Op op = created();
            int[] one = new int[1];
            world.allReduce(new int[] {i}, one, 1, MPI.INT, op);
            require(one[0] == i, "operation " + i + " gave " + one[0]);
            op.free();
        }
        maxMagnitude.free();
        product.free();
        matrix.free();
        System.out.println("rank " + rank + " ok");
        MPI.Finalize();
    }

    /** @return a new operation, after the garbage collector freed dropped ones' slots if needed */
    private static Op created() throws InterruptedException {
        for (int attempt = 0;; attempt++) {
            try {
                return new Op(new MaxMagnitude(), true);
            } catch (MPIException e) {
                if (attempt == 100) {
                    throw e;
                }
                System.gc();
                Thread.sleep(20);
            }
        }
    }

    private static long[] matrixOf(int rank) {
        return new long[] {rank + 1, 1, 1, 0};
    }

    private static long[] multiply(long[] a, long[] b) {
        return new long[] {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void expectRefused(Call call, String what) throws Exception {
        try {
            call.run();
        } catch (MPIException e) {
            return;
        }
        throw new AssertionError(what + " was not refused");
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
