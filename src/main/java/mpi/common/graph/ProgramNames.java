package mpi.common.graph;

import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The C OMB 7.4 program of each Java program that has one: graph files are named after it as
 * C OMB names them ({@code osu_latency-8.png}), and {@code java -jar omb-j.jar} takes it as the
 * program's name ({@code mpi.suite.Launcher}). A Java benchmark with no such twin (the
 * transport benchmarks, the shuffle) draws no graphs.
 */
public final class ProgramNames {
    private static final Map<String, String> C_NAMES = Map.ofEntries(
            // point-to-point, persistent, multi-threaded, congestion
            Map.entry("OSULatency", "osu_latency"),
            Map.entry("OSUBandwidth", "osu_bw"),
            Map.entry("OSUBiBandwidth", "osu_bibw"),
            Map.entry("OSUMultiLatency", "osu_multi_lat"),
            Map.entry("OSUMultiBandwidth", "osu_mbw_mr"),
            Map.entry("OSULatencyMultiThread", "osu_latency_mt"),
            Map.entry("OSULatencyPersistent", "osu_latency_persistent"),
            Map.entry("OSUBandwidthPersistent", "osu_bw_persistent"),
            Map.entry("OSUBiBandwidthPersistent", "osu_bibw_persistent"),
            Map.entry("OSUBandwidthFanIn", "osu_bw_fan_in"),
            Map.entry("OSUBandwidthFanOut", "osu_bw_fan_out"),
            // one-sided
            Map.entry("OSUPutLatency", "osu_put_latency"),
            Map.entry("OSUGetLatency", "osu_get_latency"),
            Map.entry("OSUPutBandwidth", "osu_put_bw"),
            Map.entry("OSUGetBandwidth", "osu_get_bw"),
            Map.entry("OSUPutBiBandwidth", "osu_put_bibw"),
            Map.entry("OSUAccLatency", "osu_acc_latency"),
            Map.entry("OSUGetAccLatency", "osu_get_acc_latency"),
            Map.entry("OSUFopLatency", "osu_fop_latency"),
            Map.entry("OSUCasLatency", "osu_cas_latency"),
            // blocking collectives
            Map.entry("OSUAllReduce", "osu_allreduce"),
            Map.entry("OSUAllgather", "osu_allgather"),
            Map.entry("OSUAllgatherv", "osu_allgatherv"),
            Map.entry("OSUAlltoall", "osu_alltoall"),
            Map.entry("OSUAlltoallv", "osu_alltoallv"),
            Map.entry("OSUAlltoallw", "osu_alltoallw"),
            Map.entry("OSUBarrier", "osu_barrier"),
            Map.entry("OSUBcast", "osu_bcast"),
            Map.entry("OSUGather", "osu_gather"),
            Map.entry("OSUGatherv", "osu_gatherv"),
            Map.entry("OSUReduce", "osu_reduce"),
            Map.entry("OSUReduceScatter", "osu_reduce_scatter"),
            Map.entry("OSUReduceScatterBlock", "osu_reduce_scatter_block"),
            Map.entry("OSUScatter", "osu_scatter"),
            Map.entry("OSUScatterv", "osu_scatterv"),
            // non-blocking collectives
            Map.entry("OSUIallReduce", "osu_iallreduce"),
            Map.entry("OSUIallgather", "osu_iallgather"),
            Map.entry("OSUIallgatherv", "osu_iallgatherv"),
            Map.entry("OSUIalltoall", "osu_ialltoall"),
            Map.entry("OSUIalltoallv", "osu_ialltoallv"),
            Map.entry("OSUIalltoallw", "osu_ialltoallw"),
            Map.entry("OSUIbarrier", "osu_ibarrier"),
            Map.entry("OSUIbcast", "osu_ibcast"),
            Map.entry("OSUIgather", "osu_igather"),
            Map.entry("OSUIgatherv", "osu_igatherv"),
            Map.entry("OSUIreduce", "osu_ireduce"),
            Map.entry("OSUIreduceScatter", "osu_ireduce_scatter"),
            Map.entry("OSUIreduceScatterBlock", "osu_ireduce_scatter_block"),
            Map.entry("OSUIscatter", "osu_iscatter"),
            Map.entry("OSUIscatterv", "osu_iscatterv"),
            // persistent collectives (MPI-4)
            Map.entry("OSUAllgatherPersistent", "osu_allgather_persistent"),
            Map.entry("OSUAllgathervPersistent", "osu_allgatherv_persistent"),
            Map.entry("OSUAllReducePersistent", "osu_allreduce_persistent"),
            Map.entry("OSUAlltoallPersistent", "osu_alltoall_persistent"),
            Map.entry("OSUAlltoallvPersistent", "osu_alltoallv_persistent"),
            Map.entry("OSUAlltoallwPersistent", "osu_alltoallw_persistent"),
            Map.entry("OSUBarrierPersistent", "osu_barrier_persistent"),
            Map.entry("OSUBcastPersistent", "osu_bcast_persistent"),
            Map.entry("OSUGatherPersistent", "osu_gather_persistent"),
            Map.entry("OSUGathervPersistent", "osu_gatherv_persistent"),
            Map.entry("OSUReducePersistent", "osu_reduce_persistent"),
            Map.entry("OSUReduceScatterPersistent", "osu_reduce_scatter_persistent"),
            Map.entry("OSUScatterPersistent", "osu_scatter_persistent"),
            Map.entry("OSUScattervPersistent", "osu_scatterv_persistent"),
            // neighborhood collectives
            Map.entry("OSUNeighborAllgather", "osu_neighbor_allgather"),
            Map.entry("OSUNeighborAllgatherv", "osu_neighbor_allgatherv"),
            Map.entry("OSUNeighborAlltoall", "osu_neighbor_alltoall"),
            Map.entry("OSUNeighborAlltoallv", "osu_neighbor_alltoallv"),
            Map.entry("OSUNeighborAlltoallw", "osu_neighbor_alltoallw"),
            Map.entry("OSUIneighborAllgather", "osu_ineighbor_allgather"),
            Map.entry("OSUIneighborAllgatherv", "osu_ineighbor_allgatherv"),
            Map.entry("OSUIneighborAlltoall", "osu_ineighbor_alltoall"),
            Map.entry("OSUIneighborAlltoallv", "osu_ineighbor_alltoallv"),
            Map.entry("OSUIneighborAlltoallw", "osu_ineighbor_alltoallw"),
            // start-up (no -G: they are no BenchmarkHarness)
            Map.entry("OSUInit", "osu_init"),
            Map.entry("OSUHello", "osu_hello"),
            Map.entry("OSUSpawn", "osu_spawn"));
    private static final Map<String, String> JAVA_NAMES = C_NAMES.entrySet().stream()
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getValue, Map.Entry::getKey));

    private ProgramNames() {
    }

    /**
     * @param program a Java program's simple class name, e.g. {@code OSULatency}
     * @return its C OMB 7.4 twin, e.g. {@code osu_latency}, or empty
     */
    public static Optional<String> cName(String program) {
        return Optional.ofNullable(C_NAMES.get(program));
    }

    /**
     * @param cName a C OMB 7.4 program's name, e.g. {@code osu_latency}
     * @return the simple class name of its Java twin, e.g. {@code OSULatency}, or empty
     */
    public static Optional<String> javaName(String cName) {
        return Optional.ofNullable(JAVA_NAMES.get(cName));
    }

    /**
     * @param program a Java benchmark's simple class name
     * @return the one line that refuses {@code -G} for a benchmark with no twin that draws
     */
    public static String refusal(String program) {
        return "-G draws graphs as C OMB 7.4 does, and " + program + " has no C OMB twin"
                + " that takes -G";
    }
}
