package mpi.common.topology;

import java.nio.file.Path;

import mpi.common.options.UsageException;

/**
 * The neighbourhood of a neighborhood collective ({@code -N}), as C OMB's {@code -N}: a
 * periodic Cartesian grid where every rank's neighbours are those within a radius, or a graph
 * read from a file of {@code src, dst} edges. This is the option's value only; the grid or
 * file becomes neighbour lists once the number of processes is known.
 */
public sealed interface Topology {
    /** C OMB's default: a ring, each rank's neighbours being the ranks before and after it. */
    Cartesian DEFAULT = new Cartesian(1, 1);

    /** @return the value of {@code -N} that gives this topology */
    String label();

    /**
     * A periodic grid of {@code dimensions} dimensions ({@code MPI_Dims_create} chooses the
     * extents); a rank's neighbours are the ranks at every offset in
     * {@code [-radius, radius]} per dimension but the zero offset.
     *
     * @param dimensions the number of dimensions, at least 1
     * @param radius     the neighbourhood radius, at least 1
     */
    record Cartesian(int dimensions, int radius) implements Topology {
        @Override
        public String label() {
            return "cart:" + dimensions + ":" + radius;
        }
    }

    /**
     * A graph of directed edges read from a file: lines {@code src, dst}, {@code #} comments.
     *
     * @param file the edge file
     */
    record Graph(Path file) implements Topology {
        @Override
        public String label() {
            return "graph:" + file;
        }
    }

    /**
     * @param value the argument of {@code -N}
     * @return the topology it names
     * @throws UsageException unless it is {@code cart:D:R} with positive D and R, or
     *         {@code graph:FILE}
     */
    static Topology parse(String value) throws UsageException {
        if (value.startsWith("graph:") && value.length() > "graph:".length()) {
            return new Graph(Path.of(value.substring("graph:".length())));
        }
        if (value.matches("cart:\\d{1,9}:\\d{1,9}")) {
            String[] parts = value.split(":");
            int dimensions = Integer.parseInt(parts[1]);
            int radius = Integer.parseInt(parts[2]);
            if (dimensions > 0 && radius > 0) {
                return new Cartesian(dimensions, radius);
            }
        }
        throw new UsageException("-N must be cart:DIMENSIONS:RADIUS (both positive) or"
                + " graph:FILE, got '" + value + "'");
    }
}
