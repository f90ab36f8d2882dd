package mpi.common.graph;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What rank 0 keeps for {@code -G} during a run: each size's timed iterations, copied after
 * the size's timed loop from the values the harness computes anyway (for {@code -z}), so that
 * nothing is added to the timed loop; then the graphs, drawn at the end of the run.
 */
public final class GraphRecorder {
    private final String program;
    private final GraphOutputs outputs;
    private final List<SizeSeries> series = new ArrayList<>();
    private Quantity quantity = Quantity.LATENCY;
    private int pendingSize;
    private double[] pending;

    /**
     * @param program C OMB's name of the benchmark, e.g. {@code osu_latency}
     * @param outputs what {@code -G} asks for
     */
    public GraphRecorder(String program, GraphOutputs outputs) {
        this.program = program;
        this.outputs = outputs;
    }

    /**
     * Keeps a size's iterations until its average is known ({@link #average}).
     *
     * @param size     the message size in bytes
     * @param values   the iterations' values; the first {@code n} are copied
     * @param n        the number of timed iterations
     * @param quantity what the values are
     */
    public void record(int size, double[] values, int n, Quantity quantity) {
        this.quantity = quantity;
        pendingSize = size;
        pending = Arrays.copyOf(values, n);
    }

    /**
     * Completes the size last recorded with its value as the table prints it; a size with
     * no recorded iterations (none since the last) is not drawn.
     *
     * @param average the size's value in the table
     */
    public void average(double average) {
        if (pending != null) {
            series.add(new SizeSeries(pendingSize, pending, average));
            pending = null;
        }
    }

    /** @return the sizes kept so far, in order */
    public List<SizeSeries> series() {
        return List.copyOf(series);
    }

    /**
     * Draws the graphs: the text plots on {@code tty}, the files in {@code dir}.
     *
     * @param dir where the files go
     * @param tty where the text plots go
     * @return the files written
     * @throws IOException if a file cannot be written
     */
    public List<Path> draw(Path dir, PrintStream tty) throws IOException {
        if (series.isEmpty()) {
            return List.of();
        }
        return GraphWriter.write(program, series, quantity, outputs, dir, tty,
                TerminalSize.of(System.getenv()));
    }
}
