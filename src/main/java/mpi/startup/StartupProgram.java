package mpi.startup;

import java.io.PrintStream;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.BenchmarkRunner;
import mpi.common.binding.LoadedBinding;
import mpi.common.options.UsageException;
import mpi.common.output.ErrorLines;
import mpi.common.output.Version;

/**
 * The life of a start-up program (osu_init, osu_hello): the binding's class {@code mpi.MPI}
 * is initialized (which loads its native library) and {@code MPI.Init} called, each timed on
 * its own, before anything else of MPI is touched; then the command line, the program's body
 * and {@code MPI.Finalize}. Exit codes as the benchmarks': 0, 1 for a usage error (one line,
 * from rank 0), 2 when the run fails (the failing rank aborts {@code MPI.COMM_WORLD}).
 */
abstract class StartupProgram {
    /** @return the test's name in the title, e.g. {@code Init Test} */
    abstract String title();

    /** @return what the program does, for {@code -h} */
    abstract String description();

    /**
     * The program's work on every rank, after the command line was accepted.
     *
     * @param times when this rank reached main, and how long the library load and MPI.Init took
     * @param out   where rank 0 prints
     * @return the exit code: 0, or 2 when the run failed and rank 0 printed why
     * @throws MPIException if an MPI call fails
     */
    abstract int body(StartupTimes times, PrintStream out) throws MPIException;

    /**
     * Reads the command line; a program with options of its own keeps them (every rank
     * parses the same arguments, so all reach the same verdict).
     *
     * @param args the program's arguments
     * @return what they ask for
     * @throws UsageException naming the first problem
     */
    StartupCommand command(String[] args) throws UsageException {
        return StartupCommand.parse(args);
    }

    /** @return the option lines of the usage text beyond {@code -h} and {@code -v} */
    String options() {
        return "";
    }

    /**
     * Runs the program; does not return.
     *
     * @param args       the arguments of main
     * @param mainMillis {@link System#currentTimeMillis()} as main began
     * @param mainNanos  {@link System#nanoTime()} as main began
     */
    final void run(String[] args, long mainMillis, long mainNanos) {
        String program = getClass().getSimpleName();
        long loadStart = System.nanoTime();
        long initStart;
        long initEnd;
        try {
            // Loads mpi.MPI's native library in its static initializer, before the Init timer.
            Class.forName("mpi.MPI", true, StartupProgram.class.getClassLoader());
            initStart = System.nanoTime();
            MPI.Init(args);
            initEnd = System.nanoTime();
        } catch (RuntimeException | LinkageError | ClassNotFoundException e) {
            BenchmarkRunner.cannotStart(program, e);
            return;
        }
        StartupTimes times = new StartupTimes(mainMillis, mainNanos, loadStart, initStart, initEnd);
        int code;
        try {
            code = afterInit(program, args, times);
            MPI.Finalize();
        } catch (Throwable t) {
            BenchmarkRunner.abort(program, t);
            return;
        }
        System.exit(code);
    }

    private int afterInit(String program, String[] args, StartupTimes times)
            throws MPIException {
        boolean root = MPI.COMM_WORLD.getRank() == 0;
        PrintStream out = System.out;
        StartupCommand command;
        try {
            command = command(args);
        } catch (UsageException e) {
            if (root) {
                System.err.println(ErrorLines.usage(program, e));
            }
            return 1;
        }
        if (command == StartupCommand.HELP) {
            if (root) {
                out.print(StartupCommand.usage(program, title() + ": " + description())
                        + options());
            }
        } else if (command == StartupCommand.VERSION) {
            if (root) {
                out.println(Version.line());
                out.println(LoadedBinding.get().headerLine());
            }
        } else {
            if (root) {
                out.println("# OSU MPI-Java " + title() + " v" + Version.OMB);
                out.println(LoadedBinding.get().headerLine());
            }
            int code = body(times, out);
            out.flush();
            return code;
        }
        out.flush();
        return 0;
    }
}
