package mpi.startup;

import java.io.PrintStream;

import mpi.MPI;
import mpi.MPIException;

/**
 * osu_init: how long {@code MPI.Init} takes on each rank, reduced to its minimum, maximum and
 * average over ranks at rank 0, in milliseconds, printed as C prints it. For a Java program
 * the start-up also holds the JVM's own start and the load of the binding's native library,
 * which C's timer does not see (the dynamic linker loads the MPI library before C's main):
 * they are reported on separate lines, so that nothing is hidden and the Init line still
 * compares with C's. The Init timer starts after class {@code mpi.MPI} is initialized.
 * Run with {@code mpirun -np N}; {@code -h} for usage.
 */
public final class OSUInit extends StartupProgram {
    private static final String[] NAMES = {"", "library load (mpi.MPI)", "JVM start to main",
        "JVM start to MPI.Init end"};

    /** @param args {@code -h} or {@code -v}, or nothing */
    public static void main(String[] args) {
        long mainMillis = System.currentTimeMillis();
        long mainNanos = System.nanoTime();
        new OSUInit().run(args, mainMillis, mainNanos);
    }

    @Override
    String title() {
        return "Init Test";
    }

    @Override
    String description() {
        return "the time of MPI.Init on each rank (min, max, avg over ranks, in ms), and the"
                + " Java start-up around it: the JVM's start to main, the load of the"
                + " binding's native library, the JVM's start to the end of MPI.Init.";
    }

    @Override
    int body(StartupTimes times, PrintStream out) throws MPIException {
        long[] mine = times.asArray();
        long[] min = new long[StartupTimes.COUNT];
        long[] max = new long[StartupTimes.COUNT];
        long[] sum = new long[StartupTimes.COUNT];
        mpi.Intracomm world = MPI.COMM_WORLD;
        world.reduce(mine, min, StartupTimes.COUNT, MPI.LONG, MPI.MIN, 0);
        world.reduce(mine, max, StartupTimes.COUNT, MPI.LONG, MPI.MAX, 0);
        world.reduce(mine, sum, StartupTimes.COUNT, MPI.LONG, MPI.SUM, 0);
        if (world.getRank() != 0) {
            return 0;
        }
        int n = world.getSize();
        out.printf("nprocs: %d, min: %d ms, max: %d ms, avg: %d ms%n", n, min[0], max[0],
                sum[0] / n);
        out.println("# Java start-up, not in C OMB (ms over ranks):");
        for (int i = 1; i < StartupTimes.COUNT; i++) {
            out.printf("%s: min: %d ms, max: %d ms, avg: %d ms%n", NAMES[i], min[i], max[i],
                    sum[i] / n);
        }
        return 0;
    }
}
