package mpi.common.pt2pt;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.options.UsageException;

/**
 * Finds which host every rank runs on, as C OMB's congestion benchmarks do: each rank's
 * processor name ({@code MPI_Get_processor_name}), gathered to all ranks in a fixed field of
 * {@value #NAME_BYTES} bytes (Open MPI's {@code MPI_MAX_PROCESSOR_NAME}).
 *
 * <p>A testing aid: the environment variable {@value #SIMULATED}, a comma-separated list of
 * one host name per rank (e.g. {@code a,a,b,b} for 4 ranks), replaces the processor names,
 * so that the benchmarks run on one machine as if on several hosts
 * ({@code mpirun -x OMB_J_HOSTS=a,a,b,b ...}). The ranks then share memory, not a network:
 * the figures test the logic, not congestion.
 */
public final class Hosts {
    /** The environment variable that assigns simulated host names by rank. */
    public static final String SIMULATED = "OMB_J_HOSTS";
    /** The bytes of a gathered name, Open MPI's MPI_MAX_PROCESSOR_NAME. */
    static final int NAME_BYTES = 256;

    private Hosts() {
    }

    /**
     * Gathers every rank's host name; every rank calls it.
     *
     * @param comm the communicator whose ranks are laid out
     * @return the layout, the same on every rank
     * @throws UsageException if {@value #SIMULATED} does not name one host per rank, or the
     *         layout cannot run a congestion benchmark ({@link HostLayout#of})
     * @throws MPIException if an MPI call fails
     */
    public static HostLayout gather(Intracomm comm) throws UsageException, MPIException {
        int processes = comm.getSize();
        String simulated = System.getenv(SIMULATED);
        if (simulated != null) {
            // Every rank reads the same variable (mpirun -x), so all reach the same verdict.
            return HostLayout.of(simulatedNames(simulated, processes));
        }
        return HostLayout.of(processorNames(comm));
    }

    /**
     * Whether the ranks run on more than one host, by their processor names; every rank calls
     * it. {@value #SIMULATED} does not count: its ranks share memory.
     *
     * @param comm the communicator whose ranks are looked at
     * @return the same on every rank
     * @throws MPIException if an MPI call fails
     */
    public static boolean spanned(Intracomm comm) throws MPIException {
        return Arrays.stream(processorNames(comm)).distinct().count() > 1;
    }

    /**
     * Every rank's processor name ({@code MPI_Get_processor_name}), as MPI gives it
     * ({@value #SIMULATED} does not count); every rank calls it.
     *
     * @param comm the communicator whose ranks are named
     * @return a name per rank, by rank, the same on every rank
     * @throws MPIException if an MPI call fails
     */
    public static String[] names(Intracomm comm) throws MPIException {
        return processorNames(comm);
    }

    /**
     * Whether, on some host, more ranks run than it has processors online: such ranks take
     * turns on the cores, and their times never settle. Every rank calls it.
     *
     * @param comm the communicator whose ranks are looked at
     * @return the same on every rank
     * @throws MPIException if an MPI call fails
     */
    public static boolean oversubscribed(Intracomm comm) throws MPIException {
        String[] names = processorNames(comm);
        String mine = names[comm.getRank()];
        long here = Arrays.stream(names).filter(mine::equals).count();
        int[] over = {here > onlineProcessors() ? 1 : 0};
        int[] any = new int[1];
        comm.allReduce(over, any, 1, MPI.INT, MPI.MAX);
        return any[0] == 1;
    }

    /**
     * @return the host's processors online (Linux's /sys/devices/system/cpu/online, e.g.
     *         {@code 0-1,4}); elsewhere the JVM's count. Not the JVM's count on Linux: a rank
     *         bound to one core ({@code --bind-to core}) sees one processor there.
     */
    static int onlineProcessors() {
        try {
            return cpuCount(java.nio.file.Files.readString(
                    java.nio.file.Path.of("/sys/devices/system/cpu/online")).strip());
        } catch (java.io.IOException | RuntimeException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    /**
     * @param list a CPU list as Linux prints it, ranges and single CPUs separated by commas
     * @return how many CPUs it names
     * @throws NumberFormatException if it is not such a list
     */
    static int cpuCount(String list) {
        int count = 0;
        for (String part : list.split(",")) {
            String[] range = part.split("-");
            int first = Integer.parseInt(range[0].strip());
            int last = range.length == 2 ? Integer.parseInt(range[1].strip()) : first;
            if (range.length > 2 || last < first) {
                throw new NumberFormatException("not a CPU list: " + list);
            }
            count += last - first + 1;
        }
        return count;
    }

    /** Every rank's processor name, on every rank, gathered in fields of NAME_BYTES. */
    private static String[] processorNames(Intracomm comm) throws MPIException {
        int processes = comm.getSize();
        byte[] mine = Arrays.copyOf(MPI.getProcessorName().getBytes(StandardCharsets.UTF_8),
                NAME_BYTES);
        byte[] all = new byte[NAME_BYTES * processes];
        comm.allGather(mine, NAME_BYTES, MPI.BYTE, all, NAME_BYTES, MPI.BYTE);
        String[] names = new String[processes];
        for (int r = 0; r < processes; r++) {
            int end = r * NAME_BYTES;
            while (end < (r + 1) * NAME_BYTES && all[end] != 0) {
                end++;
            }
            names[r] = new String(all, r * NAME_BYTES, end - r * NAME_BYTES,
                    StandardCharsets.UTF_8);
        }
        return names;
    }

    /**
     * @param list      the value of {@value #SIMULATED}
     * @param processes the number of ranks
     * @return a name per rank
     * @throws UsageException if the list has not one non-empty name per rank
     */
    static String[] simulatedNames(String list, int processes) throws UsageException {
        String[] names = list.split(",", -1);
        if (names.length != processes || Arrays.stream(names).anyMatch(String::isBlank)) {
            throw new UsageException(SIMULATED + "=" + list + " must name one host per rank, "
                    + processes + " names separated by commas");
        }
        return Arrays.stream(names).map(String::strip).toArray(String[]::new);
    }
}
