package mpi.common.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.UsageException;

/** -t of osu_latency_mt, and the thread-level decision, without MPI. */
class ThreadCountsTest {
    private static final String[] NAMES = {"MPI.THREAD_SINGLE", "MPI.THREAD_FUNNELED",
        "MPI.THREAD_SERIALIZED", "MPI.THREAD_MULTIPLE"};
    private static final int[] VALUES = {0, 1, 2, 3}; // Open MPI's values

    @Test
    void receiversAloneOrSendersAndReceivers() throws UsageException {
        assertEquals(new ThreadCounts(1, 4), ThreadCounts.parse("4"));
        assertEquals(new ThreadCounts(2, 3), ThreadCounts.parse("2:3"));
        assertEquals(new ThreadCounts(127, 127), ThreadCounts.parse("127:127"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "128", "1:0", "0:1", "1:2:3", ":2", "2:", "", "x", "-1", "99999999999"})
    void badCountsAreRefusedNamingTheValue(String value) {
        UsageException e = assertThrows(UsageException.class, () -> ThreadCounts.parse(value));
        assertEquals("-t needs R or S:R with thread counts from 1 to 127, got '" + value + "'",
                e.getMessage());
    }

    @Test
    void theParserReadsTAsThreadsForThisBenchmarkOnly() throws UsageException {
        Options o = new OptionParser(MultiThreadSpec.LATENCY).parse("-t", "2:2", "-c");
        assertEquals(new ThreadCounts(2, 2), o.threads());
        assertEquals(0, o.testCalls());
        assertEquals(ThreadCounts.DEFAULT, new OptionParser(MultiThreadSpec.LATENCY).parse().threads());
    }

    @Test
    void validationNeedsAsManySendersAsReceivers() throws UsageException {
        Options o = new OptionParser(MultiThreadSpec.LATENCY).parse("-c");
        UsageException e = assertThrows(UsageException.class,
                () -> MultiThreadSpec.LATENCY.checkOptions(o, 2));
        assertEquals("-c needs as many sender as receiver threads (-t S:R with S = R), got -t 1:2",
                e.getMessage());
        MultiThreadSpec.LATENCY.checkOptions(new OptionParser(MultiThreadSpec.LATENCY)
                .parse("-c", "-t", "3:3"), 2);
    }

    @Test
    void onlyThreadMultipleLetsTheBenchmarkRun() {
        assertNull(ThreadLevel.refusal(3, 3, NAMES, VALUES));
        assertEquals("needs MPI.THREAD_MULTIPLE, but the MPI library provides only"
                + " MPI.THREAD_SERIALIZED", ThreadLevel.refusal(2, 3, NAMES, VALUES));
        assertEquals("needs MPI.THREAD_MULTIPLE, but the MPI library provides only"
                + " MPI.THREAD_SINGLE", ThreadLevel.refusal(0, 3, NAMES, VALUES));
        assertEquals("needs MPI.THREAD_MULTIPLE, but the MPI library provides only level -7",
                ThreadLevel.refusal(-7, 3, NAMES, VALUES));
    }

    @Test
    void multiThreadedLatencyAsksForThreadMultiple() {
        assertEquals(true, MultiThreadSpec.LATENCY.threadMultiple());
    }
}
