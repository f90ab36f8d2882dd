package mpi.common.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mpi.common.options.ProcessCountException;
import mpi.common.options.UsageException;

/**
 * One rank's neighbours in a neighborhood collective, as C OMB builds them: the ranks it
 * receives from ({@link #sources}) and sends to ({@link #destinations}), in the order of the
 * blocks of its buffers. Pure computation: the grid's extents and the coordinates come from
 * MPI ({@link Neighborhood}).
 *
 * @param sources      the ranks this rank receives from, in block order
 * @param destinations the ranks this rank sends to, in block order
 */
public record Neighbors(int[] sources, int[] destinations) {
    /**
     * The offsets of a Cartesian neighbourhood, as C OMB orders them: every vector of
     * {@code [-radius, radius]^dimensions} but the zero vector, in lexicographic order with
     * the last dimension changing fastest.
     *
     * @param dimensions the number of dimensions
     * @param radius     the radius
     * @return {@code (2 radius + 1)^dimensions - 1} offsets of {@code dimensions} entries
     */
    public static int[][] offsets(int dimensions, int radius) {
        int side = 2 * radius + 1;
        long total = 1;
        for (int d = 0; d < dimensions; d++) {
            total *= side;
        }
        List<int[]> offsets = new ArrayList<>();
        for (long i = 0; i < total; i++) {
            int[] offset = new int[dimensions];
            long rest = i;
            boolean zero = true;
            for (int d = dimensions - 1; d >= 0; d--) {
                offset[d] = (int) (rest % side) - radius;
                rest /= side;
                zero &= offset[d] == 0;
            }
            if (!zero) {
                offsets.add(offset);
            }
        }
        return offsets.toArray(new int[0][]);
    }

    /**
     * @param dims   the grid's extent in each dimension ({@code MPI_Dims_create})
     * @param radius the radius
     * @throws UsageException if the radius is too large for the grid: C OMB's condition,
     *                        {@code radius > (min(dims) - 1) / 2}, so that no rank is its own
     *                        neighbour or twice the same one's
     */
    public static void checkRadius(int[] dims, int radius) throws UsageException {
        int smallest = Arrays.stream(dims).min().orElse(0);
        if (radius > (smallest - 1) / 2) {
            int processes = Arrays.stream(dims).reduce(1, (a, b) -> a * b);
            throw new ProcessCountException("-N cart:" + dims.length + ":" + radius + " needs at least "
                    + (2 * radius + 1) + " processes along each dimension; " + processes
                    + " processes make a grid of " + grid(dims));
        }
    }

    /** @return e.g. {@code 3 x 3} */
    private static String grid(int[] dims) {
        StringBuilder s = new StringBuilder();
        for (int d : dims) {
            s.append(s.length() == 0 ? "" : " x ").append(d);
        }
        return s.toString();
    }

    /**
     * Reads a graph file as C OMB does: lines {@code src, dst}, each a directed edge; lines
     * starting with {@code #}, and blank lines, are ignored.
     *
     * @param file      the file
     * @param processes the number of processes: every rank id must be below it
     * @return the edges, each {@code {src, dst}}, in file order
     * @throws UsageException if the file cannot be read, a line is not two non-negative
     *                        integers separated by a comma, or names a rank that does not
     *                        exist
     */
    public static List<int[]> readGraph(Path file, int processes) throws UsageException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            throw new UsageException("-N graph:" + file + ": no such file");
        } catch (IOException | RuntimeException e) {
            throw new UsageException("-N graph:" + file + ": cannot read the file ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                    + ")");
        }
        List<int[]> edges = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = "-N graph:" + file + ", line " + (n + 1) + ": ";
            if (!line.matches("\\d{1,9}\\s*,\\s*\\d{1,9}")) {
                throw new UsageException(where + "expected 'src, dst' (two ranks), got '"
                        + line + "'");
            }
            String[] ends = line.split("\\s*,\\s*");
            int[] edge = {Integer.parseInt(ends[0]), Integer.parseInt(ends[1])};
            for (int r : edge) {
                if (r >= processes) {
                    throw new ProcessCountException(where + "rank " + r + " does not exist: "
                            + processes + " processes (ranks 0.." + (processes - 1) + ")");
                }
            }
            edges.add(edge);
        }
        return edges;
    }

    /**
     * @param edges the graph's edges, {@code {src, dst}}
     * @param rank  this rank
     * @return its neighbours: the source of every edge to it, the destination of every edge
     *         from it, in file order (a rank absent from the graph has none)
     */
    public static Neighbors ofGraph(List<int[]> edges, int rank) {
        int[] sources = edges.stream().filter(e -> e[1] == rank).mapToInt(e -> e[0]).toArray();
        int[] destinations = edges.stream().filter(e -> e[0] == rank).mapToInt(e -> e[1])
                .toArray();
        return new Neighbors(sources, destinations);
    }

    /** @return the number of ranks this rank receives from */
    public int inDegree() {
        return sources.length;
    }

    /** @return the number of ranks this rank sends to */
    public int outDegree() {
        return destinations.length;
    }
}
