package mpi.bigdata;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import mpi.MPIException;
import mpi.common.BenchmarkHarness;
import mpi.common.bigdata.AlltoallvShuffle;
import mpi.common.bigdata.MpiFetches;
import mpi.common.bigdata.NettyFetches;
import mpi.common.bigdata.ShuffleData;
import mpi.common.bigdata.ShuffleExchange;
import mpi.common.bigdata.ShuffleOptions;
import mpi.common.bigdata.ShuffleReader;
import mpi.common.bigdata.ShuffleSpec;
import mpi.common.bigdata.ShuffleStats;
import mpi.common.bigdata.ShuffleThreads;
import mpi.common.objects.Payload;
import mpi.common.objects.SerializerKind;
import mpi.common.options.Api;
import mpi.common.options.Options;
import mpi.common.output.ResultTable;
import mpi.common.stats.Percentiles;

/**
 * A shuffle, as the reduce stage of Spark reads its input: every rank is an executor with M
 * map outputs, each split into one block per reducer partition (R partitions, rank
 * {@code p mod N} reducing partition p); every rank fetches the blocks of its partitions from
 * every other rank, at most F fetches in flight, over T threads, and deserializes each block
 * into its records (reading its own blocks where they are). Over MPI point-to-point (as
 * MPI4Spark), one MPI_Alltoallv, or Netty (as Spark) ({@code -t}); Java serialization or Kryo
 * ({@code -S}). A row per block size ({@code -m}): the shuffle's time (the slowest rank's),
 * bytes and records per second over all ranks, and the fetch latency percentiles; then the
 * same per rank. Run with {@code mpirun -np 2} or more; {@code -h} lists the options.
 *
 * <p>Timed, per shuffle, from a barrier to the moment the rank's last block is deserialized:
 * the requests, transfers and deserialization. The map outputs are made and serialized, and
 * every block size is known to every rank (the map statuses), before; validation ({@code -c})
 * comes after.
 */
public final class OSUShuffle extends BenchmarkHarness {
    private Options options;
    private ShuffleOptions shape;
    private SerializerKind serializer;
    private ShuffleExchange exchange;
    private ShuffleThreads threads;
    private final Map<Integer, ShuffleReader> sizes = new HashMap<>();
    private ShuffleReader current;
    private int currentSize = -1;
    private final List<String> perRank = new ArrayList<>();

    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUShuffle().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUShuffle() {
        super(ShuffleSpec.SPEC);
    }

    @Override
    protected int[] setUp(Options o) throws MPIException {
        options = o;
        shape = o.shuffle();
        serializer = o.objects().serializer();
        exchange = switch (shape.transport()) {
            case MPI -> new MpiFetches(comm);
            case ALLTOALLV -> new AlltoallvShuffle(comm);
            case NETTY -> new NettyFetches(comm);
        };
        threads = new ShuffleThreads(shape.threads());
        return o.sizes().toArray();
    }

    @Override
    protected ResultTable table(Options o) {
        List<String> columns = new ArrayList<>(ShuffleStats.COLUMNS);
        columns.addAll(o.tails().headers(ShuffleStats.FETCH_UNIT));
        return new ResultTable(ShuffleSpec.SPEC.title(), Api.OBJECTS, null, true, columns,
                o.fullStats(), o.validate(), List.of());
    }

    @Override
    protected String[] context(Options o, String binding) {
        return new String[] {o.shuffle().headerLine(o.objects().serializer()),
            "# Records: " + Payload.RECORDS.description() + "; Size is the serialized size of"
                    + " a block of equal partitions (skew moves records between partitions)",
            "# Transport: " + exchange.details(),
            "# Timed: barrier to the rank's last block deserialized; Time is the slowest"
                    + " rank's, MB/s and Records/s are all ranks' blocks over it",
            binding};
    }

    @Override
    protected int jitWarmupIterations() {
        return 2;
    }

    @Override
    protected ResultTable.Row atSize(int size, int warmup, int iterations) throws MPIException {
        use(size);
        ShuffleReader reader = current;
        long[] times = new long[iterations];
        double[] latencies = new double[iterations * reader.fetches()];
        int n = 0;
        long wrong = 0;
        for (int it = 0; it < warmup + iterations; it++) {
            reader.reset();
            if (options.validate()) {
                reader.data().clearReceived();
            }
            comm.barrier();
            long start = System.nanoTime();
            threads.shuffle(exchange, reader);
            long time = reader.finished() - start;
            if (it >= warmup) {
                times[it - warmup] = time;
                n = reader.latencies(latencies, n);
            }
            if (options.validate()) {
                wrong += reader.wrongFields();
            }
        }
        ShuffleStats stats = ShuffleStats.of(comm, reader.data().layout(), times, latencies,
                wrong, options.tails());
        if (rank == 0 && !inJitWarmup()) {
            perRank.addAll(stats.perRankLines(size));
        }
        return new ResultTable.Row(size, stats.aggregate(), iterations, stats.passed(),
                new double[0]);
    }

    /** Untimed: makes a size's data once (the map stage), and hands it to the transport. */
    private void use(int size) throws MPIException {
        if (size == currentSize) {
            return;
        }
        ShuffleReader reader = sizes.get(size);
        if (reader == null) {
            reader = new ShuffleReader(ShuffleData.make(comm, shape, serializer, size), shape,
                    serializer);
            sizes.put(size, reader);
        }
        exchange.prepare(reader);
        current = reader;
        currentSize = size;
    }

    /** Prints the per-rank table (rank 0), then closes the transport once every rank is done. */
    @Override
    protected void release() throws MPIException {
        if (rank == 0 && !perRank.isEmpty()) {
            System.out.println();
            System.out.println(ShuffleStats.perRankHeader(options.tails()));
            perRank.forEach(System.out::println);
            System.out.flush();
        }
        perRank.clear();
        if (exchange != null) {
            comm.barrier();
            exchange.close();
            threads.close();
            exchange = null;
        }
        sizes.clear();
        currentSize = -1;
    }
}
