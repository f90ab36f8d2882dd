package mpi.it;

import java.nio.LongBuffer;
import java.util.List;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.options.Timing;
import mpi.measure.Measurement;
import mpi.measure.Operation;

/**
 * The guide's example of {@link Measurement} (section 26.7), as printed there: an allreduce of
 * longs on direct buffers, the count set at each size, until each row's median is known
 * within 5 % at 95 % (100 to 800 iterations), timed by the slowest rank. {@code MeasurementIT} runs it.
 */
public final class MeasureAllreduce {
    private MeasureAllreduce() {
    }

    /** @param args none */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        LongBuffer in = MPI.newLongBuffer(512);
        LongBuffer out = MPI.newLongBuffer(512);
        int[] count = new int[1];
        Operation allreduce = new Operation() {
            @Override
            public void setUp(int size) {
                count[0] = size / Long.BYTES;
            }

            @Override
            public void call() throws MPIException {
                MPI.COMM_WORLD.allReduce(in, out, count[0], MPI.LONG, MPI.SUM);
            }
        };
        List<Measurement.Row> rows = Measurement.of(MPI.COMM_WORLD, allreduce)
                .name("Allreduce of longs").sizes(8, 4096)
                .precision(0.95, 0.05, 100, 800).timing(Timing.MAX)
                .print(System.out).run();
        if (MPI.COMM_WORLD.getRank() == 0) {
            for (Measurement.Row r : rows) {
                System.out.printf("%d B: median %.2f us [%.2f, %.2f], %d iterations%n",
                        r.size(), r.statistics().median(),
                        r.statistics().medianInterval().low(),
                        r.statistics().medianInterval().high(), r.iterations());
            }
        }
        MPI.Finalize();
    }
}
