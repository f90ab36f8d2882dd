package mpi.startup;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;

import mpi.Intercomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A worker of {@link OSUSpawn}: it answers its parent with a first message, then ends. Started
 * by {@code Intracomm.spawn} without arguments, it calls {@code MPI.Init}, finds its parent
 * ({@code Intercomm.getParent}), sends it its rank, disconnects and finalizes. Started by a
 * {@link ProcessBuilder} with a port, it does not touch MPI: it connects to that port of the
 * loopback address and sends one byte.
 */
public final class SpawnWorker {
    /** The tag of the worker's message to its parent. */
    static final int TAG = 17;

    private SpawnWorker() {
    }

    /** @param args none when spawned through MPI; the parent's port when started as a process */
    public static void main(String[] args) throws MPIException, IOException {
        if (args.length == 1) {
            answerSocket(Integer.parseInt(args[0]));
        } else {
            answerMpi(args);
        }
    }

    private static void answerSocket(int port) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
                OutputStream out = socket.getOutputStream()) {
            out.write(1);
        }
    }

    private static void answerMpi(String[] args) throws MPIException {
        MPI.Init(args);
        Intercomm parent = Intercomm.getParent();
        if (parent.isNull()) {
            System.err.println("SpawnWorker: no parent; OSUSpawn starts this class");
            MPI.Finalize();
            System.exit(1);
        }
        parent.send(new int[] {MPI.COMM_WORLD.getRank()}, 1, MPI.INT, 0, TAG);
        parent.disconnect();
        MPI.Finalize();
    }
}
