package mpi.study;

import mpi.compare.ProcessLauncher;

/**
 * The command {@code java -cp omb-j.jar mpi.study.Study BENCHMARK --np N,... --map-by
 * POLICY,... [--mpi NAME] [--algorithm LIST] [--dir DIR] [benchmark options]}: one collective
 * benchmark's algorithm sweep on every (process count, placement), each its own launch on
 * the compare tool's MPI ({@link mpi.compare.StudyLaunches}), written to
 * {@code DIR/map-by-POLICY/npN}, and OSULatency on 2 processes per placement, to {@code
 * DIR/map-by-POLICY/p2p}; then {@link Tune} and {@link Models} on each placement's
 * directories, and the whole study in one CSV, {@code DIR/BENCHMARK-study.csv}. Bad input is
 * one line on stderr and exit code 2 ({@link StudyCommand}).
 */
public final class Study {
    private Study() {
    }

    /**
     * @param args the command line ({@link StudyArgs})
     */
    public static void main(String[] args) {
        System.exit(new StudyCommand(System.getenv(), new ProcessLauncher(),
                Runtime.getRuntime().availableProcessors(), System.out, System.err).run(args));
    }
}
