package mpi.it;

import java.nio.ByteBuffer;

import mpi.Errhandler;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Error handlers on 2 ranks. Without arguments: a send to a rank that does not exist, under
 * the binding's default {@code MPI.ERRORS_RETURN}, is an MPIException with the MPI's error
 * class {@code MPI.ERR_RANK} and its own text, and the job goes on (a barrier, then more
 * calls); handlers set on a communicator and a window are the ones read back; the error
 * classes are the MPI's (distinct, at most ERR_LASTCODE). Each rank prints {@code rank R ok}
 * and the exception's line. With {@code fatal}: rank 1 sets {@code MPI.ERRORS_ARE_FATAL} on a
 * duplicate of the world and invokes it (printing {@code invoking the fatal handler} first),
 * which must end the job; {@code survived} on stdout means it did not.
 */
public final class ErrhandlerProbe {
    private ErrhandlerProbe() {
    }

    /** @param args nothing, or {@code fatal} */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (args.length > 0 && args[0].equals("fatal")) {
            Intracomm dup = MPI.COMM_WORLD.dup();
            if (rank == 1) {
                dup.setErrhandler(MPI.ERRORS_ARE_FATAL);
                System.out.println("invoking the fatal handler");
                System.out.flush();
                dup.callErrhandler(MPI.ERR_OTHER);
                System.out.println("survived");
            }
            MPI.COMM_WORLD.barrier();
            MPI.Finalize();
            return;
        }
        require(MPI.COMM_WORLD.getErrhandler() == MPI.ERRORS_RETURN, "the default is ERRORS_RETURN");
        ByteBuffer one = MPI.newByteBuffer(4);
        String line = null;
        try {
            MPI.COMM_WORLD.send(one, 1, MPI.INT, size + 5, 0);
        } catch (MPIException e) {
            require(e.getErrorClass() == MPI.ERR_RANK, "class " + e.getErrorClass()
                    + ", not ERR_RANK " + MPI.ERR_RANK + ": " + e.getMessage());
            require(e.getMessage() != null && !e.getMessage().isBlank(), "the MPI's text");
            line = "invalid rank: ERR_RANK: " + e.getMessage().lines().findFirst().orElse("");
        }
        require(line != null, "a send to rank " + (size + 5) + " did not fail");
        MPI.COMM_WORLD.barrier(); // the job goes on

        Intracomm dup = MPI.COMM_WORLD.dup();
        require(dup.getErrhandler() == MPI.ERRORS_RETURN, "a duplicate returns errors");
        dup.setErrhandler(MPI.ERRORS_ARE_FATAL);
        require(dup.getErrhandler() == MPI.ERRORS_ARE_FATAL, "ERRORS_ARE_FATAL read back");
        dup.setErrhandler(MPI.ERRORS_RETURN);
        require(dup.getErrhandler() == MPI.ERRORS_RETURN, "ERRORS_RETURN read back");
        dup.callErrhandler(MPI.ERR_OTHER); // returns under ERRORS_RETURN
        dup.free();

        Win win = new Win(MPI.newByteBuffer(64), 64, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        require(win.getErrhandler() == MPI.ERRORS_RETURN, "a window returns errors");
        win.setErrhandler(MPI.ERRORS_ARE_FATAL);
        require(win.getErrhandler() == MPI.ERRORS_ARE_FATAL, "a window's handler read back");
        win.setErrhandler(MPI.ERRORS_RETURN);
        win.callErrhandler(MPI.ERR_OTHER);
        win.free();

        int[] classes = {MPI.ERR_BUFFER, MPI.ERR_COUNT, MPI.ERR_TYPE, MPI.ERR_TAG, MPI.ERR_COMM,
            MPI.ERR_RANK, MPI.ERR_ROOT, MPI.ERR_TRUNCATE, MPI.ERR_OTHER, MPI.ERR_WIN,
            MPI.ERR_SPAWN, MPI.ERR_UNSUPPORTED_OPERATION};
        require(java.util.Arrays.stream(classes).distinct().count() == classes.length,
                "distinct error classes");
        require(java.util.Arrays.stream(classes).allMatch(c -> c > 0 && c <= MPI.ERR_LASTCODE),
                "error classes in 1..ERR_LASTCODE");
        Errhandler[] both = {MPI.ERRORS_RETURN, MPI.ERRORS_ARE_FATAL};
        System.out.println("rank " + rank + " ok (" + both[0] + ", " + both[1] + ") " + line);
        MPI.Finalize();
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
