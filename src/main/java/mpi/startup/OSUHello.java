package mpi.startup;

import java.io.PrintStream;

import mpi.MPI;
import mpi.MPIException;

/**
 * osu_hello: MPI.Init, a line from rank 0, MPI.Finalize; meant to be timed from outside
 * ({@code time mpirun -np N java -cp omb-j.jar mpi.startup.OSUHello}), so that the whole
 * start-up of N JVMs and MPI is measured. {@code -h} for usage.
 */
public final class OSUHello extends StartupProgram {
    /** @param args {@code -h} or {@code -v}, or nothing */
    public static void main(String[] args) {
        long mainMillis = System.currentTimeMillis();
        long mainNanos = System.nanoTime();
        new OSUHello().run(args, mainMillis, mainNanos);
    }

    @Override
    String title() {
        return "Hello World Test";
    }

    @Override
    String description() {
        return "MPI.Init, a line from rank 0 and MPI.Finalize, to be timed from outside"
                + " (time mpirun ...).";
    }

    @Override
    int body(StartupTimes times, PrintStream out) throws MPIException {
        if (MPI.COMM_WORLD.getRank() == 0) {
            out.println("This is a test with " + MPI.COMM_WORLD.getSize() + " processes");
        }
        return 0;
    }
}
