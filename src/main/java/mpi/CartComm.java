package mpi;

import static mpi.Backends.COMMUNICATORS;

/**
 * A communicator with a cartesian topology ({@code MPI_Cart_create}), made by
 * {@link Intracomm#createCart}: its processes sit on a grid of {@code getTopo().getDimCount()}
 * dimensions, each periodic (wrapping around) or not. Its neighbourhood, for the neighbour
 * collectives of {@link Comm}, is the two processes one step away in each dimension.
 */
public final class CartComm extends Intracomm {
    private int dims = -1; // the number of dimensions never changes: asked once

    CartComm(long handle) {
        super(handle);
    }

    /** @return a duplicate of this communicator, with its topology ({@code MPI_Comm_dup}) */
    @Override
    public CartComm dup() throws MPIException {
        return new CartComm(COMMUNICATORS.commDup(live()));
    }

    /** @return a duplicate with these hints ({@code MPI_Comm_dup_with_info}) */
    public CartComm dupWithInfo(Info info) throws MPIException {
        return new CartComm(COMMUNICATORS.commDupWithInfo(live(), infoHandle(info)));
    }

    /**
     * @return a duplicate, with its topology ({@code MPI_Comm_idup}), usable once
     *         {@link #getRequest()} completes
     */
    @Override
    public CartComm iDup() throws MPIException {
        long[] started = new long[1];
        return pending(new CartComm(COMMUNICATORS.commIdup(live(), started)), started[0]);
    }

    /** @return {@link #dup()}, as Open MPI's bindings name it too */
    @Override
    public CartComm clone() {
        return dup();
    }

    /**
     * Chooses a balanced grid for {@code nnodes} processes ({@code MPI_Dims_create}).
     *
     * @param nnodes the number of processes
     * @param dims   one entry per dimension: 0 for the method to choose, a positive size to
     *               keep; on return, every entry is the size of its dimension
     * @throws MPIException if no grid fits (e.g. {@code nnodes} is not a multiple of the
     *                      sizes given)
     */
    public static void createDims(int nnodes, int[] dims) throws MPIException {
        MPI.check();
        if (dims == null) {
            throw new NullPointerException("dims is null");
        }
        COMMUNICATORS.cartCreateDims(nnodes, dims);
    }

    /**
     * @return the grid's dimensions, periods and this process's coordinates
     *         ({@code MPI_Cartdim_get}, {@code MPI_Cart_get})
     */
    public CartParms getTopo() throws MPIException {
        MPI.check();
        int n = dimensions();
        int[] sizes = new int[n];
        boolean[] periods = new boolean[n];
        int[] coords = new int[n];
        COMMUNICATORS.cartGet(handle, sizes, periods, coords);
        return new CartParms(sizes, periods, coords);
    }

    /**
     * @param dims    the number of processes along each dimension of a grid
     * @param periods for each dimension, whether it wraps around
     * @return the rank this process would have on that grid mapped onto this communicator's
     *         processes, or {@code MPI.UNDEFINED} ({@code MPI_Cart_map})
     */
    public int map(int[] dims, boolean[] periods) throws MPIException {
        long comm = live();
        return COMMUNICATORS.cartMap(comm, dims, flags(periods, dims.length, "periods"));
    }

    /**
     * @param remainDims for each dimension, whether it stays in the sub-grid
     * @return the sub-grid of this process's coordinates along the dimensions dropped
     *         ({@code MPI_Cart_sub})
     */
    public CartComm sub(boolean[] remainDims) throws MPIException {
        long comm = live();
        return new CartComm(COMMUNICATORS.cartSub(comm, flags(remainDims, dimensions(),
                "remainDims")));
    }

    /** @return the first {@code n} of {@code flags} as MPI's 0 and 1 */
    private static int[] flags(boolean[] flags, int n, String what) {
        if (flags == null) {
            throw new NullPointerException(what + " is null");
        }
        if (flags.length < n) {
            throw new IllegalArgumentException(what + " has " + flags.length + " entries for "
                    + n + " dimensions");
        }
        int[] ints = new int[n];
        for (int i = 0; i < n; i++) {
            ints[i] = flags[i] ? 1 : 0;
        }
        return ints;
    }

    /**
     * @param rank a rank of this communicator
     * @return its coordinates on the grid ({@code MPI_Cart_coords})
     */
    public int[] getCoords(int rank) throws MPIException {
        MPI.check();
        int[] coords = new int[dimensions()];
        COMMUNICATORS.cartCoords(handle, rank, coords);
        return coords;
    }

    /**
     * @param coords coordinates on the grid, one per dimension; in a periodic dimension
     *               any integer, taken modulo the dimension's size (so -1 is the last)
     * @return the rank at those coordinates ({@code MPI_Cart_rank})
     * @throws IllegalArgumentException if {@code coords} has fewer entries than dimensions
     * @throws MPIException if a coordinate of a non-periodic dimension is off the grid
     */
    public int getRank(int[] coords) throws MPIException {
        MPI.check();
        if (coords == null) {
            throw new NullPointerException("coords is null");
        }
        if (coords.length < dimensions()) {
            throw new IllegalArgumentException("coords has " + coords.length + " entries for "
                    + dimensions() + " dimensions");
        }
        return COMMUNICATORS.cartRank(handle, coords);
    }

    /**
     * The ranks {@code disp} steps away along one dimension ({@code MPI_Cart_shift}).
     *
     * @param direction the dimension, from 0
     * @param disp      the steps: positive goes up, negative down
     * @return the rank this process receives from and the one it sends to in that shift
     *         ({@link MPI#PROC_NULL} off the edge of a non-periodic dimension)
     */
    public ShiftParms shift(int direction, int disp) throws MPIException {
        MPI.check();
        long ranks = COMMUNICATORS.cartShift(handle, direction, disp);
        return new ShiftParms((int) (ranks >> 32), (int) ranks);
    }

    private int dimensions() throws MPIException {
        if (dims < 0) {
            dims = COMMUNICATORS.cartDims(handle);
        }
        return dims;
    }

}
