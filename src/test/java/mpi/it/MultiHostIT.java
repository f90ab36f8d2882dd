package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The benchmarks on two hosts: two network namespaces on this machine joined by a veth pair
 * ({@link NetnsHosts}), mpirun started in the first, the ranks of the second started through
 * an rsh agent that enters its namespace, TCP only between them. Latency, bandwidth, an
 * all-reduce and the fan-in/fan-out tests run validated in both APIs, NIO latency once (its
 * connection across hosts), the shuffle validated on its three transports, a study of
 * scatter's algorithms over two placements (mpi.study.Study), and the veth pair's counters
 * show that their messages crossed it.
 * Skipped, with the reason, only where network namespaces cannot be created.
 */
class MultiHostIT {
    private static final String FIRST = NetnsHosts.NAMES.get(0);
    private static final String SECOND = NetnsHosts.NAMES.get(1);
    private static NetnsHosts hosts;

    @BeforeAll
    static void up() throws Exception {
        Assumptions.assumeTrue(MpiRun.isOpenMpi(),
                "MultiHostIT drives Open MPI's rsh launcher (plm_rsh_agent); the launcher"
                        + " under test is not Open MPI's mpirun");
        hosts = NetnsHosts.up();
    }

    @AfterAll
    static void down() throws Exception {
        if (hosts == null) {
            return;
        }
        hosts.close();
        String left = NetnsHosts.exec(List.of("ip", "netns", "list")).output();
        for (String host : NetnsHosts.NAMES) {
            assertFalse(left.contains(host), "namespace " + host + " left behind: " + left);
            assertFalse(Files.exists(Paths.get("/etc/netns", host)), "/etc/netns/" + host);
        }
    }

    /**
     * The table of a validated run: exit 0, no warning, our binding, the title, then after
     * the "# Size" header one passing row per size.
     *
     * @return the sizes of the rows, in order
     */
    private static List<Long> passingSizes(MpiRun.Result r, String title, String api) {
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), NetnsHosts.warnings(r), r.all());
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        List<String> lines = r.stdoutLines();
        assertEquals("# OSU MPI-Java " + title + " v7.4 (" + api + " API)", lines.get(1), r.all());
        int header = 2;
        while (header < lines.size() && !lines.get(header).startsWith("# Size")) {
            header++;
        }
        List<Long> sizes = new ArrayList<>();
        for (String line : lines.subList(Math.min(header + 1, lines.size()), lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.trim().split(" +");
            assertEquals("Pass", f[f.length - 1], line + "\n" + r.all());
            // Under load a 1-byte bandwidth may print as 0.00; the counters check the traffic.
            assertTrue(Double.parseDouble(f[1]) >= 0, line);
            sizes.add(Long.parseLong(f[0]));
        }
        assertFalse(sizes.isEmpty(), "no rows\n" + r.all());
        return sizes;
    }

    /** The first host's veth counters, tx and rx. */
    private static long[] counters() throws Exception {
        return new long[] {NetnsHosts.bytes(FIRST, "tx"), NetnsHosts.bytes(FIRST, "rx")};
    }

    /**
     * Asserts that the first host's end of the veth pair sent at least {@code tx} and received
     * at least {@code rx} bytes since {@code before}: the messages took the link, not shared
     * memory or a loopback.
     */
    private static void assertCrossed(long[] before, long tx, long rx, MpiRun.Result r)
            throws Exception {
        long[] after = counters();
        assertTrue(after[0] - before[0] >= tx, "sent " + (after[0] - before[0])
                + " bytes over " + NetnsHosts.INTERFACE + ", expected at least " + tx + "\n" + r.all());
        assertTrue(after[1] - before[1] >= rx, "received " + (after[1] - before[1])
                + " bytes over " + NetnsHosts.INTERFACE + ", expected at least " + rx + "\n" + r.all());
    }

    @ParameterizedTest(name = "{0}, {1} API, one rank on each host")
    @CsvSource({"OSULatency, buffer", "OSULatency, arrays", "OSUBandwidth, buffer",
        "OSUBandwidth, arrays"})
    void pointToPointAcrossHosts(String bench, String api) throws Exception {
        int iterations = 10;
        int window = 8;
        boolean latency = bench.equals("OSULatency");
        List<String> args = new ArrayList<>(List.of("-c", "-m", "1:16384", "-i",
                String.valueOf(iterations), "-x", "2", "-a", api));
        if (!latency) {
            args.addAll(List.of("-W", String.valueOf(window)));
        }
        long[] before = counters();
        MpiRun.Result r = hosts.run(1, "mpi.pt2pt." + bench, args.toArray(new String[0]));
        List<Long> sizes = passingSizes(r, latency ? "Latency Test" : "Bandwidth Test", api);
        assertEquals(15, sizes.size(), r.all());
        long payload = sizes.stream().mapToLong(Long::longValue).sum() * iterations;
        // Rank 0 (first host) pings and rank 1 pongs; in bandwidth rank 0 sends windows.
        assertCrossed(before, latency ? payload : payload * window, latency ? payload : 0, r);
    }

    @ParameterizedTest(name = "OSULatency -a objects -S {0} -O {1}, one rank on each host")
    @CsvSource({"java, doubles", "java, records", "kryo, doubles", "kryo, records"})
    void objectsAcrossHosts(String serializer, String payload) throws Exception {
        int iterations = 10;
        long[] before = counters();
        MpiRun.Result r = hosts.run(1, "mpi.pt2pt.OSULatency", "-a", "objects", "-S", serializer,
                "-O", payload, "-c", "-m", "1:16384", "-i", String.valueOf(iterations), "-x", "2");
        List<Long> sizes = passingSizes(r, "Latency Test", "objects");
        // Each size is a serialized message's: it went to the other host and back each time.
        long payloadBytes = sizes.stream().mapToLong(Long::longValue).sum() * iterations;
        assertCrossed(before, payloadBytes, payloadBytes, r);
    }

    @ParameterizedTest(name = "OSUAllReduce, {0} API, two ranks on each host")
    @CsvSource({"buffer", "arrays"})
    void allReduceAcrossHosts(String api) throws Exception {
        int iterations = 5;
        long[] before = counters();
        MpiRun.Result r = hosts.run(2, "mpi.collective.OSUAllReduce", "-c", "-m", "4:4096",
                "-i", String.valueOf(iterations), "-x", "1", "-a", api);
        List<Long> sizes = passingSizes(r, "Allreduce Latency Test", api);
        assertEquals(11, sizes.size(), r.all());
        // Each host's ranks need what the other host's contributed: every size crosses the
        // link in both directions at least once per iteration.
        long payload = sizes.stream().mapToLong(Long::longValue).sum() * iterations;
        assertCrossed(before, payload, payload, r);
    }

    /**
     * {@code --timing global} with one rank on each host: the clocks are mapped over the link
     * (ping-pongs over TCP), the header gives their bound, every row has its window and its
     * late calls, a value where some call was valid and NaN where none was; the broadcasts took
     * the link. How many calls start in their windows is the machine's: here the two ranks
     * share 2 cores with the link's own work, and nearly all come out late.
     */
    @Test
    void globalTimingAcrossHosts() throws Exception {
        int iterations = 100;
        long[] before = counters();
        MpiRun.Result r = hosts.run(1, "mpi.collective.OSUBcast", "--timing", "global", "-m",
                "4:1024", "-i", String.valueOf(iterations), "-x", "10");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), NetnsHosts.warnings(r), r.all());
        Matcher bound = Pattern.compile("# Timing: global: .*; clocks mapped to rank 0's within"
                + " ([\\d.]+) us by ping-pongs").matcher(r.stdout());
        assertTrue(bound.find(), r.all());
        assertTrue(Double.parseDouble(bound.group(1)) > 0, r.all());
        List<String> lines = r.stdoutLines();
        int header = 0;
        while (header < lines.size() && !lines.get(header).startsWith("# Size")) {
            header++;
        }
        assertTrue(lines.get(header).endsWith("Window(us)     Invalid"), r.all());
        long payload = 0;
        int valid = 0;
        int rows = 0;
        for (String line : lines.subList(header + 1, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.trim().split(" +");
            int invalid = Integer.parseInt(f[f.length - 1]);
            assertTrue(Double.parseDouble(f[f.length - 2]) >= 20, "a window of 20 us at least: "
                    + line + "\n" + r.all());
            assertTrue(invalid <= iterations, line);
            assertEquals(invalid == iterations, f[1].equals("NaN"), "a value unless every call"
                    + " was late: " + line + "\n" + r.all());
            valid += iterations - invalid;
            payload += Long.parseLong(f[0]) * iterations;
            rows++;
        }
        assertEquals(9, rows, "4 B to 1 KiB\n" + r.all());
        System.out.println("MultiHostIT: --timing global across hosts: " + valid + " of "
                + rows * iterations + " calls valid, bound " + bound.group(1) + " us");
        assertCrossed(before, payload, 0, r);
    }

    @ParameterizedTest(name = "{0}, {1} API, two ranks on each host")
    @CsvSource({"OSUBandwidthFanIn, buffer", "OSUBandwidthFanIn, arrays",
        "OSUBandwidthFanOut, buffer", "OSUBandwidthFanOut, arrays"})
    void fanTestsFindTheTwoHosts(String bench, String api) throws Exception {
        int iterations = 10;
        int window = 8;
        long[] before = counters();
        // No OMB_J_HOSTS: the hosts come from MPI_Get_processor_name, the namespaces' names.
        assertFalse(System.getenv().containsKey("OMB_J_HOSTS"));
        MpiRun.Result r = hosts.run(2, "mpi.pt2pt." + bench, "-c", "-m", "1:16384", "-i",
                String.valueOf(iterations), "-x", "2", "-W", String.valueOf(window), "-a", api);
        boolean in = bench.endsWith("In");
        List<Long> sizes = passingSizes(r, in ? "Bandwidth Fan-In Test" : "Bandwidth Fan-Out Test",
                api);
        assertEquals("# [ hosts: 2 ] [ processes per host: 2 ] [ window size: " + window + " ]",
                r.stdoutLines().get(3), r.all());
        assertEquals(15, sizes.size(), r.all());
        // The first host is the parents': 2 children send to it (fan-in) or it sends to them.
        long payload = sizes.stream().mapToLong(Long::longValue).sum() * iterations * window * 2;
        assertCrossed(before, in ? 0 : payload, in ? payload : 0, r);
    }

    @ParameterizedTest(name = "OSUShuffle -t {0}, one rank on each host")
    @CsvSource({"mpi", "alltoallv", "netty"})
    void shuffleAcrossHosts(String transport) throws Exception {
        int iterations = 3;
        long[] before = counters();
        MpiRun.Result r = hosts.run(1, "mpi.bigdata.OSUShuffle", "-t", transport, "-S", "kryo",
                "-c", "-m", "1024:16384", "-i", String.valueOf(iterations), "-x", "1");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), NetnsHosts.warnings(r), r.all());
        List<String> lines = r.stdoutLines();
        assertEquals("# OSU MPI-Java Shuffle Test v7.4 (objects API)", lines.get(1), r.all());
        assertTrue(lines.get(2).startsWith("# Shuffle: transport " + transport + ", serializer"
                + " kryo, M 4 map outputs per rank, R 8 partitions"), r.all());
        // The aggregate table: after its header, a passing row per size up to a blank line.
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("# Size"))
                .findFirst().orElseThrow(() -> new AssertionError(r.all())));
        List<Long> sizes = new ArrayList<>();
        for (String line : lines.subList(header + 1, lines.size())) {
            if (line.isEmpty()) {
                break;
            }
            String[] f = line.trim().split(" +");
            assertEquals("Pass", f[f.length - 1], line + "\n" + r.all());
            sizes.add(Long.parseLong(f[0]));
        }
        assertEquals(List.of(1024L, 2048L, 4096L, 8192L, 16384L), sizes, r.all());
        // Rank 0 reduces partitions 0, 2, 4 and 6: per shuffle it fetches their blocks of the
        // 4 map outputs of rank 1 (16 blocks of about the size) and serves as many.
        long blocks = 0;
        for (long size : sizes) {
            blocks += 16 * (size - 16) * iterations;
        }
        assertCrossed(before, blocks, blocks, r);
    }

    @Test
    void eachHostHasItsNameAddressAndHostsFile() throws Exception {
        NetnsHosts.Outcome second = NetnsHosts.on("10.77.0.2",
                "hostname; ip -o -4 addr show dev " + NetnsHosts.INTERFACE + "; getent hosts "
                        + FIRST + "; exit 3");
        assertEquals(3, second.exit(), "the agent returns the command's status\n" + second.output());
        String[] lines = second.output().split("\n");
        assertEquals(SECOND, lines[0], second.output());
        assertTrue(lines[1].contains(" inet 10.77.0.2/24 "), second.output());
        assertTrue(lines[2].matches("10\\.77\\.0\\.1\\s+" + FIRST), second.output());
        NetnsHosts.Outcome none = NetnsHosts.on("ombj-nosuch", "true");
        assertEquals(255, none.exit(), none.output());
        assertTrue(none.output().contains("no network namespace is host ombj-nosuch"),
                none.output());
    }

    @Test
    void withoutPrivilegesUpSaysWhyAndLeavesTheHostsAlone() throws Exception {
        // As user nobody, namespaces cannot be created: the status that makes the test skip,
        // one line saying why, and the hosts of this run untouched.
        NetnsHosts.Outcome refused = NetnsHosts.exec(List.of("setpriv", "--reuid=65534",
                "--regid=65534", "--clear-groups", NetnsHosts.SCRIPT.toString(), "up"));
        assertEquals(77, refused.exit(), refused.output());
        assertTrue(refused.output().startsWith("netns-hosts: cannot create network namespaces"
                + " here (ip netns add: "), refused.output());
        assertEquals(1, refused.output().strip().split("\n").length, refused.output());
        assertEquals(SECOND, NetnsHosts.on(SECOND, "hostname").output().strip());
    }

    @Test
    void upRemovesWhatAnEarlierRunLeft() throws Exception {
        // A process left in the second host, as by a run killed with SIGKILL.
        Process left = new ProcessBuilder(NetnsHosts.RSH.toString(), SECOND, "exec sleep 600")
                .redirectErrorStream(true).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (NetnsHosts.exec(List.of("ip", "netns", "pids", SECOND)).output().isBlank()) {
            assertTrue(System.nanoTime() < deadline, "the process did not start in " + SECOND);
            Thread.sleep(50);
        }
        NetnsHosts.Outcome again = NetnsHosts.script("up");
        assertEquals(0, again.exit(), again.output());
        assertTrue(left.waitFor(10, TimeUnit.SECONDS), "the left process still runs");
        assertEquals("", NetnsHosts.exec(List.of("ip", "netns", "pids", SECOND)).output().strip());
        // The hosts are whole again: each has its address, on a link that is up.
        for (String host : NetnsHosts.NAMES) {
            String link = NetnsHosts.on(host, "ip -o -4 addr show dev " + NetnsHosts.INTERFACE
                    + "; ip -o link show dev " + NetnsHosts.INTERFACE).output();
            String address = host.equals(FIRST) ? "10.77.0.1" : "10.77.0.2";
            assertTrue(link.contains(" inet " + address + "/24 "), link);
            assertTrue(link.contains(" state UP "), link);
        }
    }

    @Test
    void nioTransportConnectsOverTheLink() throws Exception {
        // Ranks in different network namespaces: Rendezvous connects to the peer's address on
        // the link, not to loopback, so the comparison with MPI over TCP is on the same wire.
        int iterations = 10;
        long[] before = counters();
        MpiRun.Result r = hosts.run(1, "mpi.transport.OSUNioLatency", "-c", "-m", "1:4096",
                "-i", String.valueOf(iterations), "-x", "2");
        List<Long> sizes = passingSizes(r, "Latency Test over NIO SocketChannel", "buffer");
        assertEquals(13, sizes.size(), r.all());
        long payload = sizes.stream().mapToLong(Long::longValue).sum() * iterations;
        assertCrossed(before, payload, payload, r);
    }

    /**
     * compare.sh across the two hosts (MPIRUN_ARGS: the hostfile, one rank per host, the
     * link): the C twin and both Java variants run, the CSV has the row, and every run's
     * 8-byte round trips crossed the link (osu_latency's 10,000 and 100 warm-up, each way).
     */
    @Test
    void compareRunsEveryVariantAcrossTheHosts(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("hosts.csv");
        StringBuilder env = new StringBuilder();
        NetnsHosts.environment().forEach((k, v) -> env.append(k).append("='").append(v)
                .append("' "));
        String command = "cd '" + Paths.get("").toAbsolutePath() + "' && env " + env
                + "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 MPIRUN_ARGS='"
                + String.join(" ", hosts.mpirunOptions(1)) + "' scripts/compare.sh -n 1 -s 8"
                + " -o '" + csv + "' latency";
        long[] before = counters();
        NetnsHosts.Outcome o = NetnsHosts.on(FIRST, command, 300);
        assertEquals(0, o.exit(), o.output());
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.size() == 2 && rows.get(1).startsWith("latency,8,us,1,"), o.output());
        long sent = NetnsHosts.bytes(FIRST, "tx") - before[0];
        long received = NetnsHosts.bytes(FIRST, "rx") - before[1];
        long payload = 3L * 8 * 10_000; // three runs' timed round trips, at least
        assertTrue(sent >= payload && received >= payload, "sent " + sent + ", received "
                + received + " bytes over the link, expected at least " + payload + " each\n"
                + o.output());
    }

    /**
     * mpi.study.Study across the two hosts, as a user runs it from the first (MPIRUN_ARGS: the
     * hostfile of two slots a host, the link): scatter on 2 and 4 processes, --map-by core
     * (the first host's slots first) and node (a rank per host in turn). Every launch wrote
     * its tables, Tune wrote a rules file per policy, and the messages crossed the link: at
     * least the timed payload of the one launch that must cross it (node, 2 processes: the
     * root sends every size to the other host, for each of scatter's algorithms).
     */
    @Test
    void studySweepsPlacementsAcrossTheHosts(@TempDir Path dir) throws Exception {
        StringBuilder env = new StringBuilder();
        NetnsHosts.environment().forEach((k, v) -> env.append(k).append("='").append(v)
                .append("' "));
        String command = "cd '" + Paths.get("").toAbsolutePath() + "' && env " + env
                + "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 MPIRUN_ARGS='"
                + String.join(" ", hosts.hostOptions()) + "' java -cp '"
                + MpiRun.jar().toAbsolutePath() + "'"
                + " mpi.study.Study osu_scatter --np 2,4 --map-by core,node --dir '" + dir
                + "' -m 4096:32768 -i 20 -x 5 --jit-warmup off";
        long[] before = counters();
        NetnsHosts.Outcome o = NetnsHosts.on(FIRST, command, 600);
        assertEquals(0, o.exit(), o.output());
        for (String policy : List.of("core", "node")) {
            Path root = dir.resolve("map-by-" + policy);
            for (int np : List.of(2, 4)) {
                Path basic = root.resolve("np" + np).resolve("OSUScatter-basic_linear.json");
                assertTrue(Files.isRegularFile(basic), basic + "\n" + o.output());
            }
            Path rules = root.resolve("scatter.rules");
            assertTrue(Files.isRegularFile(rules), rules + "\n" + o.output());
            assertTrue(o.output().contains("# --map-by " + policy + ": " + root), o.output());
        }
        long sent = NetnsHosts.bytes(FIRST, "tx") - before[0];
        // 4 + 8 + 16 + 32 KiB, 20 timed iterations, basic_linear, binomial and linear_nb.
        long payload = (4 + 8 + 16 + 32) * 1024L * 20 * 3;
        assertTrue(sent >= payload, "sent " + sent + " bytes over the link, expected at least "
                + payload + "\n" + o.output());
    }
}
