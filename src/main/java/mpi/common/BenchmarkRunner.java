package mpi.common;

import java.io.PrintStream;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.binding.Extension;
import mpi.common.binding.LoadedBinding;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.Usage;
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
 */
public final class BenchmarkRunner {
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
     * Runs a benchmark process to its end; does not return.
     *
     * @param program the benchmark's name, which starts every message, e.g. {@code OSULatency}
     * @param spec    the benchmark's options, defaults and process rule
     * @param args    the program's arguments
     * @param body    the measurements
     */
    public static void run(String program, BenchmarkSpec spec, String[] args, Body body) {
        String[] rest = args;
        int provided = -1; // the thread level, when the benchmark asks for THREAD_MULTIPLE
        try {
            if (spec.threadMultiple()) {
                provided = MPI.InitThread(args, MPI.THREAD_MULTIPLE);
            } else {
                rest = MPI.Init(args);
            }
        } catch (RuntimeException | LinkageError e) {
            // No MPI (or no native library): nothing to abort, nothing to finalise.
            System.err.println(ErrorLines.error(program, e));
            System.exit(2);
            return;
        }
        int code;
        try {
            code = runInitialized(program, spec, rest, provided, body);
        } catch (Throwable t) { // an MPI error or a bug: no rank may be left waiting on this one
            abort(program, t);
            return;
        }
        try {
            MPI.Finalize();
        } catch (MPIException e) {
            System.err.println(ErrorLines.error(program, e));
            code = 2;
        }
        System.exit(code);
    }

    private static int runInitialized(String program, BenchmarkSpec spec, String[] args,
            int provided, Body body) throws MPIException {
        Intracomm world = MPI.COMM_WORLD;
        boolean root = world.getRank() == 0;
        Options options;
        try {
            options = new OptionParser(spec).parse(args);
            if (!options.help() && !options.version()) {
                spec.checkProcesses(world.getSize());
                spec.checkOptions(options, world.getSize());
            }
        } catch (UsageException e) {
            if (root) {
                System.err.println(ErrorLines.usage(program, e));
            }
            return 1;
        }
        LoadedBinding binding = LoadedBinding.get();
        if (options.help() || options.version()) {
            if (root) {
                PrintStream out = System.out;
                out.print(options.help() ? Usage.text(program, spec)
                        : Version.line() + "\n" + binding.headerLine() + "\n");
                out.flush();
            }
            return 0;
        }
        String refusal = spec.threadMultiple() ? ThreadLevel.refusal(provided,
                MPI.THREAD_MULTIPLE, THREAD_LEVEL_NAMES, new int[] {MPI.THREAD_SINGLE,
                        MPI.THREAD_FUNNELED, MPI.THREAD_SERIALIZED, MPI.THREAD_MULTIPLE})
                : null;
        if (refusal != null) {
            if (root) {
                System.err.println(program + ": " + refusal);
            }
            return 1;
        }
        for (Extension e : spec.extensions(options)) {
            if (!binding.has(e)) {
                if (root) {
                    System.err.println(program + ": " + binding.lacks(e));
                }
                return 1;
            }
        }
        try {
            return body.run(options) ? 0 : 1;
        } catch (UsageException e) {
            if (root) {
                System.err.println(ErrorLines.usage(program, e));
            }
            return 1;
        }
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
