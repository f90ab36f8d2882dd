package mpi.pt2pt;

import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * osu_bibw_persistent: {@link OSUBiBandwidth} with persistent requests. At each size, both
 * ranks bind a window of receives and a window of sends, once; each iteration starts the
 * receives, then the sends, and waits for the sends, then the receives.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUBiBandwidthPersistent extends PointToPointBenchmark {
    private Prequest[] receives;
    private Prequest[] sends;

    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUBiBandwidthPersistent().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUBiBandwidthPersistent() {
        super(PointToPointKind.BI_BANDWIDTH_PERSISTENT);
    }

    @Override
    protected void bindRequests(int count) throws MPIException {
        receives = persistentWindow(false, count);
        sends = persistentWindow(true, count);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        Prequest.startAll(receives);
        Prequest.startAll(sends);
        Request.waitAll(sends);
        Request.waitAll(receives);
    }
}
