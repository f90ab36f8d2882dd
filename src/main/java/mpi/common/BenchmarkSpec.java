package mpi.common;

/**
 * What the option parser, the usage text and the runner need to know about a kind of
 * benchmark, independent of MPI: its title, its defaults and how many processes it runs on.
 */
public interface BenchmarkSpec {
    /** @return the test's name in the title line, e.g. {@code Latency Test} */
    String title();

    /** @return a one-line description for the usage text */
    String description();

    /** @return the message sizes when {@code -m} is not given */
    MessageSizes defaultSizes();

    /** @return the iteration counts when {@code -i} and {@code -x} are not given */
    IterationPolicy defaultIterations();

    /** @return whether the benchmark sends a window of messages per iteration ({@code -W}) */
    boolean windowed();

    /**
     * @param processes the number of processes in {@code MPI.COMM_WORLD}
     * @throws UsageException if the benchmark cannot run on that many, e.g.
     *         {@code needs exactly 2 processes, got 3}
     */
    void checkProcesses(int processes) throws UsageException;
}
