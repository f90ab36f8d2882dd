package mpi;

/**
 * The topology of a {@link CartComm}, from {@link CartComm#getTopo()}: the size and
 * periodicity of each dimension, and the coordinates of the process that asked.
 */
public final class CartParms {
    private final int[] dims;
    private final boolean[] periods;
    private final int[] coords;

    CartParms(int[] dims, boolean[] periods, int[] coords) {
        this.dims = dims;
        this.periods = periods;
        this.coords = coords;
    }

    /** @return the number of dimensions */
    public int getDimCount() {
        return dims.length;
    }

    /** @return the number of processes along dimension {@code i} */
    public int getDim(int i) {
        return dims[i];
    }

    /** @return whether dimension {@code i} wraps around */
    public boolean getPeriod(int i) {
        return periods[i];
    }

    /** @return this process's coordinate in dimension {@code i} */
    public int getCoord(int i) {
        return coords[i];
    }
}
