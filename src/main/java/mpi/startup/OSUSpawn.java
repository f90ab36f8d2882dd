package mpi.startup;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.options.UsageException;
import mpi.common.output.ErrorLines;
import mpi.common.output.ResultTable;
import mpi.common.stats.Percentiles;
import mpi.common.stats.Stats;
import mpi.startup.SpawnOptions.Method;

/**
 * osu_spawn (new in OMB-J; C OMB has none): the time for rank 0 to start N worker JVMs
 * ({@link SpawnWorker}) until each has answered a first message, per N, in milliseconds. With
 * {@code mpi}, {@code MPI.COMM_WORLD.spawn} (collective, rank 0 the root) starts them and
 * each sends its rank over the intercommunicator; the time {@code spawn} itself took is
 * reported too. With {@code process}, rank 0 starts the same JVMs with a
 * {@link ProcessBuilder} and each connects to a loopback {@link ServerSocket} and sends a
 * byte: the launch without MPI, for comparison (what MPI4Spark pays to start executors
 * through MPI). Run with {@code mpirun -np 1} or more; {@code -h} for usage.
 */
public final class OSUSpawn extends StartupProgram {
    /** How long rank 0 waits for a started process to connect before it gives up. */
    private static final int CONNECT_TIMEOUT_MILLIS = 120_000;
    private static final Percentiles MEDIAN = median();

    private SpawnOptions options;

    /** @param args the options ({@code -h} lists them) */
    public static void main(String[] args) {
        long mainMillis = System.currentTimeMillis();
        long mainNanos = System.nanoTime();
        new OSUSpawn().run(args, mainMillis, mainNanos);
    }

    private static Percentiles median() {
        try {
            return Percentiles.parse("50");
        } catch (UsageException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    String title() {
        return "Spawn Test";
    }

    @Override
    String description() {
        return "the time for rank 0 to start N worker JVMs until each has answered a first"
                + " message (ms): through Intracomm.spawn (mpi) or a ProcessBuilder and a"
                + " socket (process).";
    }

    @Override
    StartupCommand command(String[] args) throws UsageException {
        options = SpawnOptions.parse(args);
        return options.command();
    }

    @Override
    String options() {
        return SpawnOptions.USAGE;
    }

    @Override
    int body(StartupTimes times, PrintStream out) throws MPIException {
        Intracomm world = MPI.COMM_WORLD;
        boolean root = world.getRank() == 0;
        ResultTable table = new ResultTable(title(), null, null, true, headers(), true, false,
                List.of()).withSizeHeader("Workers");
        if (root) {
            // The title and binding lines are StartupProgram's: the context and header follow.
            out.println("# " + SpawnWorker.class.getName() + " workers; " + options.iterations()
                    + " timed and " + options.warmup() + " untimed spawns per count; median,"
                    + " min, max in milliseconds");
            out.println(table.header());
        }
        String java = ChildJvm.java();
        String[] mpiArgv = ChildJvm.arguments(SpawnWorker.class.getName())
                .toArray(new String[0]);
        int runs = options.warmup() + options.iterations();
        for (int n : options.counts()) {
            List<Double> row = new ArrayList<>();
            for (Method method : options.methods()) {
                long[] answered = new long[runs];
                long[] returned = new long[runs];
                for (int run = 0; run < runs; run++) {
                    world.barrier();
                    boolean ok = method == Method.MPI
                            ? spawnMpi(world, java, mpiArgv, n, answered, returned, run)
                            : root ? startProcesses(java, n, answered, run) : true;
                    if (!agree(world, ok)) {
                        return 2;
                    }
                }
                if (root) {
                    addMillis(row, answered, options.warmup(), options.iterations());
                    if (method == Method.MPI) {
                        row.add(median(returned, options.warmup(), options.iterations()));
                    }
                }
            }
            if (root) {
                out.println(table.row(new ResultTable.Row(n,
                        row.stream().mapToDouble(Double::doubleValue).toArray(),
                        options.iterations(), true, new double[0])));
                out.flush();
            }
        }
        return 0;
    }

    private List<String> headers() {
        List<String> headers = new ArrayList<>();
        for (Method method : options.methods()) {
            String m = method == Method.MPI ? "MPI" : "Process";
            headers.addAll(List.of(m + "(ms)", m + " Min(ms)", m + " Max(ms)"));
            if (method == Method.MPI) {
                headers.add("spawn()(ms)");
            }
        }
        return headers;
    }

    /** Whether every rank's part of a run succeeded; a rank that failed printed why. */
    private static boolean agree(Intracomm world, boolean ok) throws MPIException {
        int[] failed = {ok ? 0 : 1};
        world.allReduce(failed, 1, MPI.INT, MPI.MAX);
        return failed[0] == 0;
    }

    /**
     * One spawn of {@code n} workers over {@code world}; rank 0 receives their answers. Fills
     * {@code answered[run]} (spawn to the last answer) and {@code returned[run]} (spawn's own
     * time), in nanoseconds.
     *
     * @return false, after one line on stderr from rank 0, if MPI refused to spawn
     */
    private static boolean spawnMpi(Intracomm world, String java, String[] argv, int n,
            long[] answered, long[] returned, int run) throws MPIException {
        boolean root = world.getRank() == 0;
        int[] errcodes = new int[n];
        int[] answer = new int[1];
        Intercomm workers;
        long start = System.nanoTime();
        try {
            workers = world.spawn(java, argv, n, MPI.INFO_NULL, 0, errcodes);
        } catch (MPIException e) {
            if (root) {
                System.err.println(refusal(n, e));
            }
            return false;
        }
        long spawned = System.nanoTime();
        if (root) {
            for (int i = 0; i < n; i++) {
                workers.recv(answer, 1, MPI.INT, MPI.ANY_SOURCE, SpawnWorker.TAG);
            }
        }
        long end = System.nanoTime();
        workers.disconnect();
        answered[run] = end - start;
        returned[run] = spawned - start;
        return true;
    }

    /** The line for a spawn MPI refused: what happened, and what lets it start the workers. */
    private static String refusal(int n, MPIException e) {
        return ErrorLines.error("OSUSpawn", e) + " (spawning " + n
                + (n == 1 ? " worker" : " workers") + "); if there are not enough slots, add"
                + " --oversubscribe (Open MPI) to the mpirun command";
    }

    /**
     * Rank 0 starts {@code n} worker JVMs and waits for each to connect and send a byte;
     * fills {@code answered[run]}, in nanoseconds, then waits for them to end.
     *
     * @return false, after one line on stderr, if a worker could not start or answer
     */
    private static boolean startProcesses(String java, int n, long[] answered, int run) {
        Process[] workers = new Process[n];
        try (ServerSocket server = new ServerSocket(0, n, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout(CONNECT_TIMEOUT_MILLIS);
            List<String> command = new ArrayList<>(List.of(java));
            command.addAll(ChildJvm.arguments(SpawnWorker.class.getName(),
                    Integer.toString(server.getLocalPort())));
            ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                workers[i] = builder.start();
            }
            for (int i = 0; i < n; i++) {
                try (Socket s = server.accept()) {
                    if (s.getInputStream().read() < 0) {
                        throw new IOException("a worker closed its connection without a byte");
                    }
                }
            }
            answered[run] = System.nanoTime() - start;
            for (Process worker : workers) {
                if (worker.waitFor() != 0) {
                    throw new IOException("a worker ended with exit code " + worker.exitValue());
                }
            }
            return true;
        } catch (SocketTimeoutException e) {
            System.err.println("OSUSpawn: error: a worker process did not connect within "
                    + CONNECT_TIMEOUT_MILLIS / 1000 + " s");
        } catch (IOException e) {
            System.err.println("OSUSpawn: error: starting " + n + " worker processes: "
                    + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.err.println("OSUSpawn: error: interrupted");
        }
        for (Process worker : workers) {
            if (worker != null) {
                worker.destroyForcibly();
            }
        }
        return false;
    }

    private static void addMillis(List<Double> row, long[] nanos, int from, int count) {
        Stats stats = Stats.of(java.util.Arrays.copyOfRange(nanos, from, from + count), count);
        row.add(median(nanos, from, count));
        row.add(stats.min() / 1e6);
        row.add(stats.max() / 1e6);
    }

    private static double median(long[] nanos, int from, int count) {
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = nanos[from + i] / 1e6;
        }
        return MEDIAN.of(values, count)[0];
    }
}
