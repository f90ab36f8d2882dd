package mpi.common;

import java.io.PrintStream;
import java.util.Optional;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.binding.Extension;
import mpi.common.binding.LoadedBinding;
import mpi.common.graph.ProgramNames;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.Usage;
import mpi.common.options.ProcessCountException;
import mpi.common.options.UsageException;
import mpi.common.output.ErrorLines;
import mpi.common.output.Version;
import mpi.common.threads.ThreadLevel;

/**
 * The life of a benchmark process around its measurements: MPI start-up, the command line,
 * help and version, the process count, shutdown and the exit code. Every rank runs it with
 * the same arguments, so every rank takes the same path without communicating.
 *
 * <p>Exit codes: 0 on success (and after {@code -h} or {@code -v}); 1 for a usage error
 * (printed once, by rank 0), for an MPI that provides less than {@code MPI_THREAD_MULTIPLE} to
 * a benchmark that needs it ({@link BenchmarkSpec#threadMultiple()}), for a binding that
 * lacks a call the benchmark needs with these
 * options (found before the run, see {@link Extension}), or a failed validation; 2 when the
 * run fails: the rank that hit
 * the error prints it and aborts {@code MPI.COMM_WORLD}, so that no rank waits forever for
 * a message that will not come.
 *
 * <p>The steps ({@link #start}, {@link #check}, {@link #execute} or {@link #refuse},
 * {@link #finish}) are public so that a suite runs many benchmarks in one process with the
 * same code: MPI started once, each benchmark checked before any runs, each run's exit code
 * returned rather than exited with.
 */
public final class BenchmarkRunner {
    /** How long a failing rank waits between its error line and MPI_Abort, in ms (see abort). */
    private static final int ABORT_GRACE_MILLIS = 200;

    /** The measurements of a benchmark, run once MPI is up and the options are valid. */
    @FunctionalInterface
    public interface Body {
        /**
         * @param options the benchmark's settings
         * @return false if validation ({@code -c}) found corrupted data, true otherwise
         * @throws MPIException if an MPI call fails
         * @throws UsageException if the run cannot go on as asked, found with MPI (such as
         *         a congestion benchmark's processes all on one host): thrown by every rank
         */
        boolean run(Options options) throws MPIException, UsageException;
    }

    /** The thread levels' names, in the order of {@link ThreadLevel#refusal}'s values. */
    private static final String[] THREAD_LEVEL_NAMES = {"MPI.THREAD_SINGLE",
        "MPI.THREAD_FUNNELED", "MPI.THREAD_SERIALIZED", "MPI.THREAD_MULTIPLE"};

    private BenchmarkRunner() {
    }

    /**
     * A benchmark as the runner takes it: what one program's {@code main} hands over, and what
     * a suite ({@code mpi.suite.OSUSuite}) collects one of per benchmark it runs.
     *
     * @param program the benchmark's name, which starts every message, e.g. {@code OSULatency}
     * @param spec    the benchmark's options, defaults and process rule
     * @param args    the benchmark's arguments
     * @param body    the measurements
     */
    public record Job(String program, BenchmarkSpec spec, String[] args, Body body) {
        /**
         * @param other the arguments to run with instead (those {@code MPI.Init} left)
         * @return this job with them
         */
        public Job withArgs(String[] other) {
            return new Job(program, spec, other, body);
        }
    }

    /**
     * MPI is up: the arguments {@code MPI.Init} left and the thread level it provides.
     *
     * @param args     the program's arguments without MPI's own
     * @param provided the thread level {@code MPI.InitThread} returned, or -1 after
     *                 {@code MPI.Init} (no benchmark asked for a level)
     */
    public record Start(String[] args, int provided) {
    }

    /** Where the checks before a run left a job. */
    public enum Verdict {
        /** Run the measurements. */
        RUN,
        /** Print the usage text ({@code -h}) or the version ({@code -v}) and nothing else. */
        PRINT,
        /** A mistake on the command line: an unknown option, a bad value. */
        USAGE,
        /**
         * Not a number of processes the benchmark runs on, or options that do not fit this
         * number ({@link ProcessCountException}).
         */
        PROCESSES,
        /** The MPI library or the binding lacks what the run needs (thread level, a call). */
        REFUSED
    }

    /**
     * A job checked before its run: its command line read, the process count, the thread
     * level and the binding's calls checked, the same way on every rank.
     *
     * @param job     the job
     * @param verdict whether it runs, and if not why
     * @param options its settings (null unless it runs or prints)
     * @param message the one line that says why it does not run (null if it does)
     */
    public record Checked(Job job, Verdict verdict, Options options, String message) {
        /** @return whether the job runs (or prints its usage or version) */
        public boolean runnable() {
            return verdict == Verdict.RUN || verdict == Verdict.PRINT;
        }
    }

    /**
     * How a run ended.
     *
     * @param code   its exit code: 0 on success, 1 otherwise
     * @param reason for 1, why: {@link #VALIDATION_FAILED}, or the line the run printed
     */
    public record Outcome(int code, String reason) {
        /** The reason of a run whose validation ({@code -c}) found corrupted data. */
        public static final String VALIDATION_FAILED = "validation failed (a size's data was"
                + " corrupted: Fail)";
    }

    /**
     * Runs a benchmark process to its end; does not return.
     *
     * @param program the benchmark's name, which starts every message, e.g. {@code OSULatency}
     * @param spec    the benchmark's options, defaults and process rule
     * @param args    the program's arguments
     * @param body    the measurements
     */
    public static void run(String program, BenchmarkSpec spec, String[] args, Body body) {
        run(new Job(program, spec, args, body));
    }

    /**
     * Runs a benchmark process to its end: {@link #start}, {@link #check}, {@link #execute}
     * (or {@link #refuse}), {@link #finish}, the steps a suite takes for each of its
     * benchmarks. Does not return.
     *
     * @param job the benchmark and its arguments
     */
    public static void run(Job job) {
        Start started = start(job.program(), job.spec().threadMultiple(), job.args());
        int code;
        try {
            Checked checked = check(job.withArgs(started.args()), started.provided());
            code = checked.runnable() ? execute(checked).code() : refuse(checked);
        } catch (Throwable t) { // an MPI error or a bug: no rank may be left waiting on this one
            abort(job.program(), t);
            return;
        }
        finish(job.program(), code);
    }

    /**
     * Starts MPI: {@code MPI.InitThread(args, MPI.THREAD_MULTIPLE)} if asked, else
     * {@code MPI.Init(args)}. If MPI cannot start (no MPI, no native library, a backend that
     * cannot run here) exits as {@link #cannotStart} does: there is nothing to abort.
     *
     * @param program        the program's name, which starts the message
     * @param threadMultiple whether a benchmark to run calls MPI from many threads at once
     * @param args           the program's arguments
     * @return the arguments MPI left and the thread level provided
     */
    public static Start start(String program, boolean threadMultiple, String[] args) {
        try {
            if (threadMultiple) {
                return new Start(args, MPI.InitThread(args, MPI.THREAD_MULTIPLE));
            }
            return new Start(MPI.Init(args), -1);
        } catch (RuntimeException | LinkageError e) {
            cannotStart(program, e);
            return null;
        }
    }

    /**
     * Ends a process whose MPI could not start: one line on stderr naming the problem and
     * what to do ({@link ErrorLines#cannotStart}), no stack trace, exit status 1. Every rank
     * meets the same problem, so every rank says so and exits: none is left waiting.
     *
     * @param program the program's name, which starts the line
     * @param e       what the binding's class initialization or {@code MPI.Init} threw
     */
    public static void cannotStart(String program, Throwable e) {
        System.err.println(ErrorLines.cannotStart(program, e));
        System.exit(1);
    }

    /**
     * Checks a job before its run, printing nothing: its command line, then (unless it asks
     * for help or the version) the number of processes, what depends on both, the thread
     * level a multi-threaded benchmark needs and the calls the binding must have.
     *
     * @param job      the benchmark and its arguments (without MPI's own)
     * @param provided the thread level MPI provides, as {@link Start#provided()}
     * @return the verdict, with the settings or the line that says why not
     * @throws MPIException if an MPI call fails
     */
    public static Checked check(Job job, int provided) throws MPIException {
        String program = job.program();
        BenchmarkSpec spec = job.spec();
        Options options;
        try {
            options = new OptionParser(spec).parse(job.args());
        } catch (UsageException e) {
            return new Checked(job, Verdict.USAGE, null, ErrorLines.usage(program, e));
        }
        if (options.help() || options.version()) {
            return new Checked(job, Verdict.PRINT, options, null);
        }
        int processes = MPI.COMM_WORLD.getSize();
        try {
            spec.checkProcesses(processes);
        } catch (UsageException e) {
            return new Checked(job, Verdict.PROCESSES, null, ErrorLines.usage(program, e));
        }
        try {
            spec.checkOptions(options, processes);
        } catch (ProcessCountException e) {
            return new Checked(job, Verdict.PROCESSES, null, ErrorLines.usage(program, e));
        } catch (UsageException e) {
            return new Checked(job, Verdict.USAGE, null, ErrorLines.usage(program, e));
        }
        // Graphs (-G): only where C OMB 7.4 draws them, to be named after its program. A
        // refusal, not a mistake: a suite's group skips such a member and runs the others.
        if (options.graph().any() && ProgramNames.cName(program).isEmpty()) {
            return new Checked(job, Verdict.REFUSED, null, program + ": "
                    + ProgramNames.refusal(program));
        }
        if (options.data().sessions()) { // -I: C OMB's MPI-4 sessions, read from the library
            mpi.Version v = MPI.getVersion();
            return new Checked(job, Verdict.REFUSED, null, program + ": "
                    + mpi.common.options.Sessions.refusal(v.getVersion(), v.getSubVersion()));
        }
        String refusal = spec.threadMultiple() ? ThreadLevel.refusal(provided,
                MPI.THREAD_MULTIPLE, THREAD_LEVEL_NAMES, new int[] {MPI.THREAD_SINGLE,
                        MPI.THREAD_FUNNELED, MPI.THREAD_SERIALIZED, MPI.THREAD_MULTIPLE})
                : null;
        if (refusal != null) {
            return new Checked(job, Verdict.REFUSED, null, program + ": " + refusal);
        }
        LoadedBinding binding = LoadedBinding.get();
        for (Extension e : spec.extensions(options)) {
            if (!binding.has(e)) {
                return new Checked(job, Verdict.REFUSED, null, program + ": " + binding.lacks(e));
            }
        }
        // A call the library is known to run wrong: refused as a missing one is, before the
        // run, on every rank alike (the library is the same everywhere).
        Optional<String> defect = spec.libraryRefusal(binding.library());
        if (defect.isPresent()) {
            return new Checked(job, Verdict.REFUSED, null, program + ": " + defect.get());
        }
        return new Checked(job, Verdict.RUN, options, null);
    }

    /**
     * Says why a job does not run: rank 0 prints its line on stderr.
     *
     * @param checked a job that does not run
     * @return the exit code for it, 1
     * @throws MPIException if the rank cannot be read
     */
    public static int refuse(Checked checked) throws MPIException {
        if (MPI.COMM_WORLD.getRank() == 0) {
            System.err.println(checked.message());
            System.err.flush();
        }
        return 1;
    }

    /**
     * Runs a job that passed its checks: prints its usage text or version, or runs its
     * measurements. A run that finds, with MPI, that it cannot go on as asked (a
     * {@link UsageException} from the body, thrown by every rank) prints its line (rank 0).
     *
     * @param checked a job whose verdict is {@link Verdict#RUN} or {@link Verdict#PRINT}
     * @return how it ended: exit code 0 on success, 1 if validation found corrupted data or
     *         the run could not go on
     * @throws MPIException if an MPI call fails: the caller aborts
     */
    public static Outcome execute(Checked checked) throws MPIException {
        String program = checked.job().program();
        Options options = checked.options();
        boolean root = MPI.COMM_WORLD.getRank() == 0;
        if (checked.verdict() == Verdict.PRINT) {
            LoadedBinding binding = LoadedBinding.get();
            if (root) {
                PrintStream out = System.out;
                out.print(options.help() ? Usage.text(program, checked.job().spec())
                        : Version.line() + "\n" + binding.headerLine() + "\n");
                out.flush();
            }
            return new Outcome(0, null);
        }
        try {
            return checked.job().body().run(options) ? new Outcome(0, null)
                    : new Outcome(1, Outcome.VALIDATION_FAILED);
        } catch (UsageException e) {
            String line = ErrorLines.usage(program, e);
            if (root) {
                System.err.println(line);
                System.err.flush();
            }
            return new Outcome(1, line);
        }
    }

    /**
     * Ends a process whose runs are over: {@code MPI.Finalize} (a failure of which makes the
     * exit code 2), then exits with the code. Does not return.
     *
     * @param program the program's name, which starts a message
     * @param code    the exit code so far
     */
    public static void finish(String program, int code) {
        System.out.flush();
        try {
            MPI.Finalize();
        } catch (MPIException e) {
            System.err.println(ErrorLines.error(program, e));
            code = 2;
        }
        System.exit(code);
    }

    /**
     * Ends a run that failed after {@code MPI.Init}: prints the error (and a bug's stack
     * trace), aborts {@code MPI.COMM_WORLD} so that no rank waits forever, and exits with 2.
     * Does not return.
     *
     * @param program the program's name, which starts the message
     * @param t       what went wrong
     */
    public static void abort(String program, Throwable t) {
        try {
            System.out.flush(); // keep the rows measured so far
            System.err.println(ErrorLines.error(program, t));
            if (!(t instanceof MPIException || t instanceof OutOfMemoryError)) {
                t.printStackTrace(); // a bug: where it happened is what a developer needs
            }
            System.err.flush();
            // The launcher forwards this rank's stderr through a pipe that the abort's teardown
            // may close before reading it: under MPICH 5's hydra the line above was lost once
            // (FaultIT). A moment lets the launcher read it; an error path, never timed.
            Thread.sleep(ABORT_GRACE_MILLIS);
        } catch (Throwable reporting) {
            // Out of memory even for the message, say: the abort below matters more.
        }
        try {
            MPI.COMM_WORLD.abort(2);
        } catch (Throwable ignored) {
            // MPI is unusable; this process at least must not hang
        }
        Runtime.getRuntime().halt(2);
    }
}
