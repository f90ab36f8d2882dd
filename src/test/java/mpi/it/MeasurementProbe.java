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
 * communicator at once, with other counts, the second half after the JIT warm-up (whose
 * reductions must stay on its communicator); each half's rank 0 prints its rows.</li>
 * <li>{@code delayed}: the operation is the last rank spinning 300 us (the others do nothing),
 * timed as C OMB does and by the slowest rank; rank 0 prints the rows, another rank says if
 * it holds rank 0's results.</li>
 * <li>{@code settings}: settings the suite refuses, and numbers the command line would not
 * take as given; rank 0 prints a line for each, the exception's or how many rows ran.</li>
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
                        .jitWarmup(half == 1).run();
                if (mine.getRank() == 0) {
                    print("half" + half, rows);
                }
                mine.free();
            }
            case "delayed" -> {
                boolean late = rank == size - 1;
                mpi.measure.Operation spin = () -> {
                    if (late) { // no MPI call: each rank's time is its own
                        long until = System.nanoTime() + 300_000;
                        while (System.nanoTime() < until) {
                            Thread.onSpinWait();
                        }
                    }
                };
                for (Timing t : new Timing[] {Timing.OMB, Timing.MAX}) {
                    List<Measurement.Row> rows = Measurement.of(MPI.COMM_WORLD, spin)
                            .name("delayed-" + t.label()).sizes(0, 0).iterations(50, 5)
                            .timing(t).jitWarmup(false).run();
                    if (rank == 0) {
                        print("delayed-" + t.label(), rows);
                    } else if (!Double.isNaN(rows.get(0).micros())
                            || rows.get(0).statistics() != null) {
                        System.out.println("rank " + rank + " has rank 0's results");
                    }
                }
            }
            case "settings" -> {
                mpi.measure.Operation barrier = MPI.COMM_WORLD::barrier;
                java.util.function.Supplier<Measurement> m = () -> Measurement.of(MPI.COMM_WORLD,
                        barrier).sizes(0, 0).jitWarmup(false);
                List<java.util.function.Supplier<Measurement>> cases = List.of(
                        () -> m.get().options("-W", "4"),
                        () -> m.get().precision(0.95, 1.5),
                        () -> m.get().outliers(-1),
                        () -> m.get().options("-I"),
                        // a computed error, 0.030000000000000002, taken to 9 decimals
                        () -> m.get().precision(0.95, 0.1 * 0.3, 10, 20).outliers(1.0 / 3));
                for (java.util.function.Supplier<Measurement> c : cases) {
                    String line;
                    try {
                        List<Measurement.Row> rows = c.get().run();
                        line = "ran " + rows.size() + " row";
                    } catch (IllegalArgumentException e) {
                        line = "refused " + e.getMessage();
                    }
                    if (rank == 0) {
                        System.out.println(line);
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
