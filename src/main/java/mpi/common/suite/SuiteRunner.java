package mpi.common.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.BenchmarkRunner;
import mpi.common.BenchmarkRunner.Checked;
import mpi.common.BenchmarkRunner.Outcome;
import mpi.common.BenchmarkRunner.Start;
import mpi.common.BenchmarkRunner.Verdict;
import mpi.common.options.UsageException;

/**
 * The life of a suite process: many benchmarks, one after the other, in one JVM per rank and
 * one {@code MPI.Init}, through the steps of {@link BenchmarkRunner} that a single benchmark
 * takes too.
 *
 * <ol>
 * <li>Before MPI starts: the command line ({@link SuiteCommand}) and the runs
 * ({@link SuitePlan}). MPI starts at the highest thread level a run needs:
 * {@code MPI.THREAD_MULTIPLE} if one is multi-threaded (which also changes how the binding
 * treats Java arrays for all of them), else with {@code MPI.Init}.</li>
 * <li>Every run is checked ({@link BenchmarkRunner#check}) before any runs, a group's
 * benchmark fitted to the group's options ({@link SuitePlan#fit}: adapted, or to be skipped):
 * a mistake in any entry (a bad option, a process count a named benchmark cannot run on, an
 * unknown name, a group option no benchmark of the group can run with) is printed by rank 0,
 * one line each, and the suite exits with 1 having run nothing.</li>
 * <li>The runs, in order, each printing what it prints alone. A named benchmark that the
 * binding or MPI cannot run is refused with its one line, as alone, and counts as a failure;
 * one of a group is skipped. An MPI error aborts the job, as alone (exit code 2).</li>
 * <li>Between two runs the JVM collects garbage ({@code System.gc()}): the previous run's
 * buffers (direct buffers free their native memory only when collected), so that neither
 * memory piles up over a long suite nor a collection falls into the next run's measurements.</li>
 * <li>Rank 0 prints the {@link Summary}; the exit code is 1 if a run failed, else 0.</li>
 * </ol>
 */
public final class SuiteRunner {
    private final String program;
    private final String[] args;
    private final List<String> problems = new ArrayList<>();
    private List<Run> runs = List.of();
    private Catalogue catalogue;
    private String failure; // the benchmarks could not be listed: nothing can run
    private String current; // the program running, for the message of an abort

    private SuiteRunner(String program, String[] args) {
        this.program = program;
        this.args = args;
        this.current = program;
    }

    /**
     * Runs a suite process to its end; does not return.
     *
     * @param program the suite's name, which starts its messages
     * @param args    the suite's arguments
     */
    public static void run(String program, String[] args) {
        new SuiteRunner(program, args).run();
    }

    private void run() {
        plan();
        boolean multiple = runs.stream().anyMatch(r -> r.job().spec().threadMultiple());
        Start started = BenchmarkRunner.start(program, multiple, args);
        int code;
        try {
            code = afterStart(started.provided());
        } catch (Throwable t) { // an MPI error or a bug: no rank may be left waiting on this one
            BenchmarkRunner.abort(current, t);
            return;
        }
        BenchmarkRunner.finish(program, code);
    }

    /** The runs, found before MPI starts (their thread level decides how it starts). */
    private void plan() {
        try {
            catalogue = Catalogue.load();
        } catch (IOException e) {
            failure = e.getMessage();
            return;
        }
        if (SuiteCommand.help(args)) {
            return;
        }
        try {
            SuitePlan plan = SuitePlan.of(SuiteCommand.parse(args), catalogue);
            runs = plan.runs();
            plan.problems().forEach(p -> problems.add(program + ": " + p));
        } catch (UsageException e) {
            problems.add(program + ": " + e.getMessage() + "; run with -h for usage");
        }
    }

    private int afterStart(int provided) throws MPIException {
        boolean root = MPI.COMM_WORLD.getRank() == 0;
        PrintStream out = System.out;
        if (failure != null) {
            if (root) {
                System.err.println(program + ": error: " + failure);
            }
            return 2;
        }
        if (SuiteCommand.help(args)) {
            if (root) {
                out.print(SuiteCommand.usage(program, catalogue));
                out.flush();
            }
            return 0;
        }
        List<Checked> checked = check(provided);
        if (!problems.isEmpty()) {
            if (root) {
                problems.forEach(System.err::println);
                System.err.flush();
            }
            return 1;
        }
        List<Result> results = new ArrayList<>();
        for (Checked c : checked) {
            results.add(execute(c, runs.get(results.size())));
        }
        current = program;
        if (root) {
            Summary.lines(results, MPI.COMM_WORLD.getSize(), mpiStart(provided))
                    .forEach(out::println);
            out.flush();
        }
        return Summary.exitCode(results);
    }

    /**
     * Checks every run, fitting a group's benchmarks to the group's options
     * ({@link SuitePlan#fit}); what is a mistake of the command line goes to {@link #problems}.
     */
    private List<Checked> check(int provided) throws MPIException {
        List<SuitePlan.Fitted> fitted = new ArrayList<>();
        for (Run r : runs) {
            SuitePlan.Fitted f = SuitePlan.fit(r, run -> BenchmarkRunner.check(run.job(), provided));
            fitted.add(f);
            Verdict v = f.checked().verdict();
            if (!r.fromGroup() && (v == Verdict.USAGE || v == Verdict.PROCESSES)) {
                problems.add(f.checked().message());
            }
        }
        SuitePlan.groupMistakes(fitted, MPI.COMM_WORLD.getSize())
                .forEach(m -> problems.add(program + ": " + m));
        runs = fitted.stream().map(SuitePlan.Fitted::run).toList();
        return fitted.stream().map(SuitePlan.Fitted::checked).toList();
    }

    private Result execute(Checked c, Run r) throws MPIException {
        current = r.program();
        Verdict v = c.verdict();
        if (v == Verdict.PROCESSES || v == Verdict.USAGE) { // of a group: skipped, silently
            return new Result(r, Status.SKIPPED, c.message());
        }
        if (v == Verdict.REFUSED) {
            BenchmarkRunner.refuse(c);
            return new Result(r, r.fromGroup() ? Status.SKIPPED : Status.REFUSED, c.message());
        }
        Outcome o = BenchmarkRunner.execute(c);
        // Its buffers are garbage now. Collect between runs rather than during the next
        // one's measurements; direct buffers give back their native memory soon after, when
        // the reference handler runs their cleaners (the binding's staging pools live on).
        System.gc();
        if (o.code() == 0) {
            boolean validated = v == Verdict.RUN && c.options().validate();
            return new Result(r, validated ? Status.PASSED : Status.RAN, null);
        }
        if (Outcome.VALIDATION_FAILED.equals(o.reason())) {
            return new Result(r, Status.FAILED, o.reason());
        }
        return new Result(r, r.fromGroup() ? Status.SKIPPED : Status.REFUSED, o.reason());
    }

    /** How MPI was started, for the summary. */
    private String mpiStart(int provided) {
        if (provided < 0) {
            return "MPI.Init";
        }
        List<String> needing = runs.stream().filter(r -> r.job().spec().threadMultiple())
                .map(Run::program).distinct().toList();
        String level = provided == MPI.THREAD_MULTIPLE ? "MPI.THREAD_MULTIPLE"
                : provided == MPI.THREAD_SERIALIZED ? "MPI.THREAD_SERIALIZED"
                : provided == MPI.THREAD_FUNNELED ? "MPI.THREAD_FUNNELED"
                : provided == MPI.THREAD_SINGLE ? "MPI.THREAD_SINGLE" : "level " + provided;
        return "MPI.InitThread(MPI.THREAD_MULTIPLE) for " + String.join(", ", needing)
                + "; provided " + level;
    }
}
