package mpi.common.pt2pt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

import mpi.common.options.UsageException;

/**
 * Which host each rank runs on, and the fan-in / fan-out roles C OMB's congestion benchmarks
 * (osu_bw_fan_in, osu_bw_fan_out) derive from it. Hosts are numbered in the order of their
 * names; a rank's local index is its place among the ranks of its host, in rank order (C OMB
 * sorts by name with an unstable sort; by name then rank is what it means). The first host
 * is the <em>parent</em> host, the others are <em>child</em> hosts: local process j of the
 * parent host pairs with local process j of every child host.
 */
public final class HostLayout {
    private final int hosts;
    private final int perHost;
    private final int[] hostOf;
    private final int[] localOf;
    /** ranksOn[h][j]: the rank of local index j on host h. */
    private final int[][] ranksOn;

    private HostLayout(int[] hostOf, int[] localOf, int[][] ranksOn) {
        this.hosts = ranksOn.length;
        this.perHost = ranksOn[0].length;
        this.hostOf = hostOf;
        this.localOf = localOf;
        this.ranksOn = ranksOn;
    }

    /**
     * @param names the host name of every rank, by rank
     * @return the layout
     * @throws UsageException if the ranks are all on one host, or the hosts do not all run
     *         the same number of them (C OMB's two refusals)
     */
    public static HostLayout of(String[] names) throws UsageException {
        TreeMap<String, List<Integer>> byHost = new TreeMap<>();
        for (int r = 0; r < names.length; r++) {
            byHost.computeIfAbsent(names[r], n -> new ArrayList<>()).add(r);
        }
        if (byHost.size() < 2) {
            throw new UsageException("needs processes on 2 or more hosts, all " + names.length
                    + " run on " + byHost.firstKey() + " (" + Hosts.SIMULATED
                    + " simulates hosts for testing)");
        }
        int[] hostOf = new int[names.length];
        int[] localOf = new int[names.length];
        int[][] ranksOn = new int[byHost.size()][];
        int h = 0;
        for (List<Integer> ranks : byHost.values()) {
            if (ranks.size() != byHost.firstEntry().getValue().size()) {
                throw new UsageException("needs the same number of processes on every host, got "
                        + byHost.entrySet().stream().map(e -> e.getKey() + ": "
                                + e.getValue().size()).toList());
            }
            ranksOn[h] = ranks.stream().mapToInt(Integer::intValue).toArray();
            for (int j = 0; j < ranksOn[h].length; j++) {
                hostOf[ranksOn[h][j]] = h;
                localOf[ranksOn[h][j]] = j;
            }
            h++;
        }
        return new HostLayout(hostOf, localOf, ranksOn);
    }

    /** @return the number of hosts, at least 2 */
    public int hosts() {
        return hosts;
    }

    /** @return the processes on each host (C OMB's ppn) */
    public int perHost() {
        return perHost;
    }

    /** @return whether {@code rank} is on the parent host (the first name) */
    public boolean isParent(int rank) {
        return hostOf[rank] == 0;
    }

    /**
     * @param rank a rank
     * @return a parent's children, the ranks of its local index on every child host in host
     *         order; a child's parent alone
     */
    public int[] peers(int rank) {
        int j = localOf[rank];
        if (!isParent(rank)) {
            return new int[] {ranksOn[0][j]};
        }
        int[] children = new int[hosts - 1];
        for (int h = 1; h < hosts; h++) {
            children[h - 1] = ranksOn[h][j];
        }
        return children;
    }

    @Override
    public String toString() {
        return hosts + " hosts of " + perHost + ": " + Arrays.deepToString(ranksOn);
    }
}
