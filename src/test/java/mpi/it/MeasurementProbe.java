package mpi.it;

import java.util.List;
import java.util.Locale;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.options.Timing;
import mpi.measure.Measurement;

/**
 * {@link Measurement} on the cases {@code MeasurementIT} checks; the argument names one.
 * <ul>
 * <li>{@code halves}: the ranks split in two, each half measuring its own broadcast on its own
 * communicator at once, with other counts; each half's rank 0 prints its rows.</li>
 * <li>{@code delayed}: the last rank spins 300 us before a barrier in the operation, timed by
 * the slowest rank; rank 0 prints the row.</li>
 * <li>{@code refused}: a setting the suite refuses; rank 0 prints the exception's line.</li>
 * </ul>
 * Rows print as {@code row NAME SIZE ITERATIONS N MEDIAN LOW HIGH INVALID}.
 */
public final class MeasurementProbe {
    private MeasurementProbe() {
    }

    /** @param args the case */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        switch (args[0]) {
            case "halves" -> {
                int half = rank < size / 2 ? 0 : 1;
                Intracomm mine = MPI.COMM_WORLD.split(half, rank);
                byte[] data = new byte[1 << 10];
                int[] bytes = new int[1];
                List<Measurement.Row> rows = Measurement.of(mine, new mpi.measure.Operation() {
                    @Override
                    public void setUp(int s) {
                        bytes[0] = s;
                    }

                    @Override
                    public void call() throws MPIException {
                        mine.bcast(data, bytes[0], MPI.BYTE, 0);
                    }
                }).name("half" + half).sizes(1, 1 << 10).iterations(40 + 20 * half, 5)
                        .jitWarmup(false).run();
                if (mine.getRank() == 0) {
                    print("half" + half, rows);
                }
                mine.free();
            }
            case "delayed" -> {
                boolean late = rank == size - 1;
                List<Measurement.Row> rows = Measurement.of(MPI.COMM_WORLD, () -> {
                    if (late) {
                        long until = System.nanoTime() + 300_000;
                        while (System.nanoTime() < until) {
                            Thread.onSpinWait();
                        }
                    }
                    MPI.COMM_WORLD.barrier();
                }).name("delayed").sizes(0, 0).iterations(50, 5).timing(Timing.MAX)
                        .jitWarmup(false).run();
                if (rank == 0) {
                    print("delayed", rows);
                }
            }
            case "refused" -> {
                try {
                    Measurement.of(MPI.COMM_WORLD, MPI.COMM_WORLD::barrier).options("-W", "4")
                            .run();
                    System.out.println("ran");
                } catch (IllegalArgumentException e) {
                    if (rank == 0) {
                        System.out.println("refused " + e.getMessage());
                    }
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
        System.out.flush();
        MPI.Finalize();
    }

    private static void print(String name, List<Measurement.Row> rows) {
        for (Measurement.Row r : rows) {
            System.out.println(String.format(Locale.ROOT, "row %s %d %d %d %.3f %.3f %.3f %d",
                    name, r.size(), r.iterations(), r.statistics().repetitions(),
                    r.statistics().median(), r.statistics().medianInterval().low(),
                    r.statistics().medianInterval().high(), r.invalid()));
        }
    }
}
