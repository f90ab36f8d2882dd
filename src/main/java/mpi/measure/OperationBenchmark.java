package mpi.measure;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import mpi.Intracomm;
import mpi.MPIException;
import mpi.common.collective.TimedCallBenchmark;
import mpi.common.options.Options;
import mpi.common.output.ResultTable;

/** The suite's timed loop ({@link TimedCallBenchmark}) over a user's {@link Operation}. */
final class OperationBenchmark extends TimedCallBenchmark {
    private final String name;
    private final Intracomm on;
    private final Operation operation;
    private final PrintStream out;
    private final List<ResultTable.Row> rows = new ArrayList<>();

    OperationBenchmark(OperationSpec spec, Intracomm on, Operation operation, PrintStream out) {
        super(spec);
        this.name = spec.title();
        this.on = on;
        this.operation = operation;
        this.out = out;
    }

    @Override
    protected String program() {
        return name;
    }

    @Override
    protected Intracomm communicator() {
        return on;
    }

    @Override
    protected PrintStream output() {
        return out;
    }

    @Override
    protected int[] setUp(Options o) throws MPIException {
        int[] sizes = o.sizes().toArray();
        prepareLoop(o, sizes);
        return sizes;
    }

    @Override
    protected ResultTable table(Options o) {
        return latencyTable(name, null, o, null, true);
    }

    @Override
    protected int prepareSize(int size) throws MPIException {
        operation.setUp(size);
        return size;
    }

    @Override
    protected ResultTable.Row atSize(int size, int warmup, int iterations) throws MPIException {
        ResultTable.Row row = super.atSize(size, warmup, iterations);
        operation.tearDown(size);
        return row;
    }

    @Override
    protected void measuredCall() throws MPIException {
        operation.call();
    }

    @Override
    protected void measured(ResultTable.Row row) {
        rows.add(row);
    }

    /**
     * Runs the measurement: every rank of the communicator calls it.
     *
     * @param o the settings, parsed and checked by {@link Measurement}
     * @throws MPIException if an MPI call fails
     * @throws UsageException if the run cannot go on as asked
     */
    void runOn(Options o) throws MPIException, mpi.common.options.UsageException {
        runWith(o);
    }

    /** @return the rows of the sizes, in order, once the run is over */
    List<ResultTable.Row> rows() {
        return rows;
    }
}
