package mpi.common.results;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import mpi.Intracomm;
import mpi.MPIException;
import mpi.common.options.Options;
import mpi.common.output.ResultTable;

/**
 * Keeps a run's rows at rank 0 and writes them with the run's context as JSON
 * ({@link ResultsJson}) and CSV ({@link ResultsCsv}) into the directory of {@code -o}
 * ({@link ResultFiles}). Without {@code -o}, or at another rank, it does nothing. Rows are
 * kept after each size, outside the timed iterations.
 */
public final class ResultsRecorder {
    /** Records nothing, writes nothing. */
    private static final ResultsRecorder NONE = new ResultsRecorder(null, null, null, null);

    private final ResultFiles files;
    private RunContext context;
    private final ResultTable table;
    private final List<ResultRow> rows;

    private ResultsRecorder(ResultFiles files, RunContext context, ResultTable table,
            List<ResultRow> rows) {
        this.files = files;
        this.context = context;
        this.table = table;
        this.rows = rows;
    }

    /**
     * Every rank calls it before the run: with {@code -o} the ranks' host names are gathered.
     *
     * @param program the benchmark's name
     * @param table   the table the run prints
     * @param options its settings
     * @param comm    the communicator of all its ranks
     * @return a recorder that keeps rank 0's rows, or one that does nothing
     * @throws MPIException if an MPI call fails
     */
    public static ResultsRecorder start(String program, ResultTable table, Options options,
            Intracomm comm) throws MPIException {
        if (!options.results().enabled()) {
            return NONE;
        }
        RunContext context = RunContext.of(program, table, options, comm);
        if (comm.getRank() != 0) {
            return NONE;
        }
        return new ResultsRecorder(options.results(), context, table, new ArrayList<>());
    }

    /**
     * Makes the directory (at rank 0), so that a run that cannot write its results fails
     * before it measures.
     *
     * @return null if the files can be written (or none are), else why not
     */
    public String prepare() {
        if (files == null) {
            return null;
        }
        try {
            files.prepare();
            return null;
        } catch (IOException e) {
            return "cannot write the results to " + files + " (-o): " + reason(e);
        }
    }

    /** @param outcome how the JIT warm-up ended, kept at rank 0 for the files' context */
    public void jitWarmUp(mpi.common.WarmUpRule.Outcome outcome) {
        if (context != null && files != null) {
            context = context.withJitWarmUp(outcome);
        }
    }

    /** @param info the run's clock, kept at rank 0 for the files' context */
    public void clock(mpi.common.clock.ClockInfo info) {
        if (context != null && files != null) {
            context = context.withClock(info);
        }
    }

    /** @param row the results of a size, kept at rank 0 with its statistics */
    public void add(ResultTable.Row row) {
        if (rows != null) {
            rows.add(new ResultRow(table.cells(row), row.statistics()));
        }
    }

    /**
     * Writes the files at rank 0.
     *
     * @return null if they were written (or none are), else why not
     */
    public String write() {
        if (files == null) {
            return null;
        }
        // --algorithm: a file per algorithm, named after it (OSUBcast-binomial.json)
        Object algorithm = context.options().get("algorithm");
        Path stem = files.freeStem(algorithm == null || algorithm.equals("default")
                ? context.benchmark() : context.benchmark() + "-" + algorithm);
        List<String> columns = table.columns();
        Path json = Path.of(stem + ".json");
        Path csv = Path.of(stem + ".csv");
        try {
            try (Writer out = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
                ResultsJson.write(ResultsJson.document(context, columns, rows), out);
            }
            try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
                ResultsCsv.write(context, columns, rows, out);
            }
            return null;
        } catch (IOException e) {
            return "cannot write the results to " + stem + ".json/.csv: " + reason(e);
        }
    }

    private static String reason(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName()
                : e.getClass().getSimpleName() + " " + e.getMessage();
    }
}
