package mpi.common.options;

import mpi.common.bigdata.ShuffleOptions;
import mpi.common.collective.algorithms.AlgorithmOption;

import mpi.common.data.ElementType;
import mpi.common.graph.GraphOutputs;
import mpi.common.objects.ObjectOptions;
import mpi.common.onesided.Synchronization;
import mpi.common.onesided.WindowCreation;
import mpi.common.results.ResultFiles;
import mpi.common.stats.Percentiles;
import mpi.common.threads.ThreadCounts;
import mpi.common.topology.Topology;

/**
 * A benchmark's settings, from its command line ({@link OptionParser}). When {@link #help}
 * or {@link #version} is set the benchmark only prints, and the other fields hold defaults.
 * An option the benchmark does not take holds its default.
 *
 * @param sizes       the message sizes in bytes ({@code -m})
 * @param iterations  timed and warm-up iterations per size ({@code -i}, {@code -x})
 * @param window      messages in flight per iteration, bandwidth benchmarks only ({@code -W})
 * @param api         the kind of message buffer ({@code -a})
 * @param type        the element type and MPI datatype of the messages ({@code -T})
 * @param validate    check received data and report Pass/Fail per size ({@code -c})
 * @param fullStats   add min, max and iteration count columns ({@code -f})
 * @param tails       tail percentile columns, none by default ({@code -z})
 * @param root        the root of a rooted collective ({@code -k})
 * @param inPlace     use the in-place form of a collective ({@code -l})
 * @param testCalls   test calls during a non-blocking collective's compute ({@code -t})
 * @param memoryLimit the memory limit in bytes ({@code -M}): point-to-point refuses a larger
 *                    maximum size, collectives skip sizes whose buffers exceed it
 * @param windowCreation  how a one-sided benchmark creates its window ({@code -w})
 * @param synchronization how a one-sided benchmark synchronizes ({@code -s})
 * @param topology    the neighbourhood of a neighborhood collective ({@code -N})
 * @param help        print the usage text and exit ({@code -h})
 * @param version     print the version and exit ({@code -v})
 * @param pairs       the sender/receiver pairs of a multi-pair benchmark ({@code -p}); 0 when
 *                    not given, for the benchmark's default (half the processes)
 * @param threads     sender and receiver threads of a multi-threaded benchmark ({@code -t})
 * @param results     where rank 0 also writes the results as JSON and CSV ({@code -o}), or
 *                    {@link ResultFiles#NONE}
 * @param graph       the graphs to draw of every timed iteration ({@code -G}), none by default
 * @param data        {@code -u}, {@code -b}, {@code -D} and {@code -I} ({@link DataOptions})
 * @param objects     the serializer and payload of {@code -a objects} ({@code -S}, {@code -O})
 * @param shuffle     the shape of a shuffle ({@code OSUShuffle}: {@code -n -e -F -j -Z -t})
 * @param statistics  the columns of a row's precision and their level ({@code --stats},
 *                    {@code --level}, {@code --precision}, {@code --outliers})
 * @param timing      how a collective's time per call is taken over its ranks
 *                    ({@code --timing}; {@link Timing#OMB} by default)
 * @param jitWarmup   whether the harness warms the JIT up before the first size until steady
 *                    ({@code --jit-warmup auto}, the default), or not ({@code off}: only
 *                    {@code -x}'s warm-up, as C OMB)
 * @param algorithm   the collective algorithm ({@code --algorithm}): the MPI's own choice by
 *                    default, one, {@code list} or {@code all}
 */
public record Options(MessageSizes sizes, IterationPolicy iterations, int window, Api api,
        ElementType type, boolean validate, boolean fullStats, Percentiles tails, Root root,
        boolean inPlace, int testCalls, long memoryLimit, WindowCreation windowCreation,
        Synchronization synchronization, Topology topology, boolean help, boolean version,
        int pairs, ThreadCounts threads, ResultFiles results, GraphOutputs graph,
        DataOptions data, ObjectOptions objects, ShuffleOptions shuffle,
        StatisticsOptions statistics, Timing timing, boolean jitWarmup,
        AlgorithmOption algorithm) {

    /**
     * @param a the algorithm of one run of an {@code --algorithm all} sweep
     * @return these settings with {@code --algorithm} naming it
     */
    public Options withAlgorithm(AlgorithmOption a) {
        return new Options(sizes, iterations, window, api, type, validate, fullStats, tails, root,
                inPlace, testCalls, memoryLimit, windowCreation, synchronization, topology, help,
                version, pairs, threads, results, graph, data, objects, shuffle, statistics,
                timing, jitWarmup, a);
    }
}
