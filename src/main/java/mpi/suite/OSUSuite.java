package mpi.suite;

import mpi.common.suite.SuiteRunner;

/**
 * Runs many benchmarks in one MPI job: one JVM per rank, one {@code MPI.Init}, each benchmark
 * printing what it prints when run alone, then a summary (what ran, what passed validation,
 * what failed and why). Entries are separated by {@code --}, each a benchmark or a group with
 * its options:
 * {@code mpirun -np 2 java -cp omb-j.jar mpi.suite.OSUSuite OSULatency -m 8:64 -- OSUBandwidth -a arrays -c -- collective -i 10}.
 * {@code -h} lists the groups and their benchmarks.
 */
public final class OSUSuite {
    private OSUSuite() {
    }

    /** @param args the entries, separated by {@code --}; or {@code -h} */
    public static void main(String[] args) {
        SuiteRunner.run(OSUSuite.class.getSimpleName(), args);
    }
}
