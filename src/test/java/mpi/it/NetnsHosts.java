package mpi.it;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

/**
 * Two hosts on this machine for a test: the network namespaces of {@code scripts/netns-hosts}
 * (ombj-h1 and ombj-h2 joined by a veth pair, interface ombj0 in each), and Open MPI's mpirun
 * started on the first with {@code scripts/netns-rsh} as its rsh agent, so that it starts the
 * ranks of the second host through the agent, as over ssh on a cluster. Between the hosts
 * only TCP: the ob1 PML with the tcp and self BTLs, on the hosts' subnet (out-of-band traffic
 * too).
 *
 * <p>{@link #up()} removes what an earlier run left and creates the hosts; a run holds a file
 * lock meanwhile, so that two test runs on one machine do not tear down each other's hosts.
 * {@link #close()} removes them, and so does a shutdown hook if the test JVM is stopped
 * before; what a killed JVM leaves, the next {@link #up()} removes.
 */
final class NetnsHosts implements AutoCloseable {
    /** The hosts, which are also the namespaces' and the host names. */
    static final List<String> NAMES = List.of("ombj-h1", "ombj-h2");
    /** The hosts' subnet, the only network the MPI job may use. */
    static final String SUBNET = "10.77.0.0/24";
    /** The interface of the veth pair in each host. */
    static final String INTERFACE = "ombj0";
    static final Path SCRIPT = Paths.get("scripts", "netns-hosts").toAbsolutePath();
    static final Path RSH = Paths.get("scripts", "netns-rsh").toAbsolutePath();
    /** The exit status of {@code scripts/netns-hosts} when namespaces cannot be created here. */
    private static final int CANNOT_CREATE = 77;
    private static final Path LOCK = Paths.get(System.getProperty("java.io.tmpdir"),
            "ombj-netns-hosts.lock");

    private final FileChannel lockFile;
    private final FileLock lock;
    private final Path hostfile;
    private final Thread cleanup;

    private NetnsHosts(FileChannel lockFile, FileLock lock, Path hostfile, Thread cleanup) {
        this.lockFile = lockFile;
        this.lock = lock;
        this.hostfile = hostfile;
        this.cleanup = cleanup;
    }

    /** What a command printed (stdout and stderr together) and its exit status. */
    record Outcome(int exit, String output) {
    }

    /**
     * Creates the hosts, or aborts the calling test (JUnit's assumption) with the script's
     * message where network namespaces cannot be created.
     *
     * @throws AssertionError if the hosts cannot be made for another reason (e.g. no iproute2)
     */
    static NetnsHosts up() throws IOException, InterruptedException {
        FileChannel lockFile = FileChannel.open(LOCK, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock = lockFile.lock();
        Outcome made = script("up");
        if (made.exit() != 0) {
            lock.release();
            lockFile.close();
            Assumptions.assumeTrue(made.exit() != CANNOT_CREATE, made.output().strip());
            throw new AssertionError("scripts/netns-hosts up failed\n" + made.output());
        }
        Path hostfile = Files.createTempFile("ombj-hosts", ".txt");
        StringBuilder lines = new StringBuilder();
        for (String host : NAMES) {
            lines.append(host).append(" slots=2\n");
        }
        Files.writeString(hostfile, lines.toString());
        Thread cleanup = new Thread(() -> {
            try {
                script("down");
            } catch (IOException | InterruptedException e) {
                // The JVM is ending; the next up() removes what is left.
            }
        }, "netns-hosts down");
        Runtime.getRuntime().addShutdownHook(cleanup);
        return new NetnsHosts(lockFile, lock, hostfile, cleanup);
    }

    /** Runs {@code scripts/netns-hosts} with {@code command} (up or down). */
    static Outcome script(String command) throws IOException, InterruptedException {
        return exec(List.of(SCRIPT.toString(), command));
    }

    /** Runs a command (no MPI) and waits up to a minute for it. */
    static Outcome exec(List<String> cmd) throws IOException, InterruptedException {
        return exec(cmd, 60);
    }

    /** Runs a command and waits up to {@code seconds} for it. */
    static Outcome exec(List<String> cmd, int seconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(Paths.get("/dev/null").toFile()))
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("hung: " + String.join(" ", cmd) + "\n" + out);
        }
        return new Outcome(p.exitValue(), out);
    }

    /** Runs a shell command on {@code host} through the agent. */
    static Outcome on(String host, String shellCommand) throws IOException, InterruptedException {
        return exec(List.of(RSH.toString(), host, shellCommand));
    }

    /** Runs a shell command on {@code host} through the agent, waiting up to {@code seconds}. */
    static Outcome on(String host, String shellCommand, int seconds)
            throws IOException, InterruptedException {
        return exec(List.of(RSH.toString(), host, shellCommand), seconds);
    }

    /**
     * The options that run a job of {@code perHost} ranks on each host: the hostfile, the
     * agent, TCP on the hosts' subnet only.
     */
    List<String> mpirunOptions(int perHost) {
        List<String> options = new ArrayList<>(List.of("--map-by", "ppr:" + perHost + ":node"));
        options.addAll(hostOptions());
        return options;
    }

    /**
     * {@link #mpirunOptions(int)} without the mapping: the hostfile (two slots a host), the
     * agent, TCP on the hosts' subnet, for a command that maps its ranks itself.
     */
    List<String> hostOptions() {
        return List.of("--hostfile", hostfile.toString(), "--mca", "plm_rsh_agent",
                RSH.toString(), "--mca", "pml", "ob1", "--mca", "btl", "tcp,self",
                "--mca", "btl_tcp_if_include", SUBNET, "--mca", "oob_tcp_if_include", SUBNET);
    }

    /**
     * The same settings as {@link #mpirunOptions(int)} but the hostfile and the mapping, as
     * Open MPI reads them from the environment ({@code OMPI_MCA_NAME}): for a command line
     * that names its own hosts, run unchanged on the first host. Ranks yield when idle, as
     * {@link #run}'s do: the hosts share this machine's cores, and ranks polling on both starve
     * the kernel work that carries every message over the veth pair (a 1-byte ping-pong took
     * 3.9 ms, a timer tick, instead of tens of microseconds).
     */
    static Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("OMPI_MCA_mpi_yield_when_idle", "1");
        env.put("OMPI_MCA_plm_rsh_agent", RSH.toString());
        env.put("OMPI_MCA_pml", "ob1");
        env.put("OMPI_MCA_btl", "tcp,self");
        env.put("OMPI_MCA_btl_tcp_if_include", SUBNET);
        env.put("OMPI_MCA_oob_tcp_if_include", SUBNET);
        return env;
    }

    /**
     * The run's warnings but one of Open MPI's rsh launcher: it calls setpgid on the agent it
     * forks both in the child and in the parent, and the parent's call fails with EACCES when
     * the child has already exec'd (setpgid(2)); the child's own call has then done the work.
     */
    static List<String> warnings(MpiRun.Result r) {
        return r.warnings().stream().filter(w -> !w.matches(
                ".*plm:rsh: Warning: setpgid\\(\\d+,\\d+\\) failed in parent with"
                        + " errno=Permission denied\\(13\\)")).toList();
    }

    /**
     * Runs {@code mainClass} (of the jar or the test classes) on {@code perHost} ranks on
     * each host, ranks 0 .. perHost - 1 on the first: mpirun started on the first host.
     */
    MpiRun.Result run(int perHost, String mainClass, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(RSH.toString(), NAMES.get(0)));
        // The agent joins its words for sh -c, as ssh does: each word quoted for the shell.
        for (String word : MpiRun.commandWithTestClasses(NAMES.size() * perHost,
                mpirunOptions(perHost), mainClass, args)) {
            cmd.add("'" + word.replace("'", "'\\''") + "'");
        }
        return MpiRun.runCommand(cmd);
    }

    /** The bytes the host's end of the veth pair has sent ("tx") or received ("rx"). */
    static long bytes(String host, String direction) throws IOException, InterruptedException {
        Outcome o = exec(List.of("ip", "netns", "exec", host, "cat",
                "/sys/class/net/" + INTERFACE + "/statistics/" + direction + "_bytes"));
        if (o.exit() != 0) {
            throw new AssertionError("cannot read the counters of " + host + "\n" + o.output());
        }
        return Long.parseLong(o.output().strip());
    }

    /** Removes the hosts and the hostfile and releases the lock. */
    @Override
    public void close() throws IOException, InterruptedException {
        try {
            Outcome down = script("down");
            if (down.exit() != 0) {
                throw new AssertionError("scripts/netns-hosts down failed\n" + down.output());
            }
        } finally {
            Runtime.getRuntime().removeShutdownHook(cleanup);
            Files.deleteIfExists(hostfile);
            lock.release();
            lockFile.close();
        }
    }
}
