package mpi.it;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Slurm's {@code srun} where there is no Slurm (ReadmeCommandsIT puts a script that runs this
 * first on PATH): it reads srun's placement options, refuses a line that does not place one
 * rank on each node of the allocation, as README's Slurm recipe must, and then starts the
 * program with Open MPI's mpirun on the allocation's nodes, one rank per node.
 *
 * <p>The allocation is {@code SLURM_JOB_NODELIST}, as Slurm sets it in a job, here a plain
 * comma-separated list of host names; the launcher is {@code mpirun} on PATH. Options known:
 * {@code --mpi=TYPE}, {@code -n N}/{@code --ntasks=N}, {@code -N N}/{@code --nodes=N},
 * {@code --ntasks-per-node=N}; the first word that is not an option starts the program.
 * Exit status: the launcher's, or 1 (one line on stderr) for a line it refuses.
 */
final class SrunStandIn {
    private SrunStandIn() {
    }

    /** srun's placement options, 0 where not given, and the program with its arguments. */
    record Line(int ntasks, int nodes, int perNode, List<String> program) {
    }

    /**
     * @param args srun's arguments
     * @return what they ask for
     * @throws IllegalArgumentException naming an option it does not know or a missing value
     */
    static Line parse(List<String> args) {
        int ntasks = 0;
        int nodes = 0;
        int perNode = 0;
        int i = 0;
        for (; i < args.size() && args.get(i).startsWith("-"); i++) {
            String a = args.get(i);
            String value = a.contains("=") ? a.substring(a.indexOf('=') + 1) : null;
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (value == null && List.of("-n", "--ntasks", "-N", "--nodes", "--ntasks-per-node")
                    .contains(name)) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                value = args.get(++i);
            }
            switch (name) {
                case "--mpi" -> { } // the plugin that starts MPI: mpirun starts it here
                case "-n", "--ntasks" -> ntasks = Integer.parseInt(value);
                case "-N", "--nodes" -> nodes = Integer.parseInt(value);
                case "--ntasks-per-node" -> perNode = Integer.parseInt(value);
                default -> throw new IllegalArgumentException("option " + a
                        + " is not one the stand-in knows");
            }
        }
        return new Line(ntasks, nodes, perNode, List.copyOf(args.subList(i, args.size())));
    }

    /**
     * @param line      what srun was asked
     * @param allocated the allocation's nodes
     * @return null if the line places one rank on each of {@code allocated}, else why not
     */
    static String refusal(Line line, List<String> allocated) {
        if (line.program().isEmpty()) {
            return "no program to run";
        }
        int n = allocated.size();
        boolean ntasksFits = line.ntasks() == 0 || line.ntasks() == n;
        if (line.nodes() != n || line.perNode() != 1 || !ntasksFits) {
            return "this line does not place one rank on each of the " + n + " nodes (Slurm may"
                    + " put the ranks on one node): give -N " + n + " --ntasks-per-node=1";
        }
        return null;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        String nodelist = System.getenv().getOrDefault("SLURM_JOB_NODELIST", "");
        List<String> allocated = nodelist.isEmpty() ? List.of() : List.of(nodelist.split(","));
        Line line;
        try {
            line = parse(List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("srun (stand-in): " + e.getMessage());
            System.exit(1);
            return;
        }
        String refused = allocated.isEmpty() ? "no SLURM_JOB_NODELIST" : refusal(line, allocated);
        if (refused != null) {
            System.err.println("srun (stand-in): " + refused + ": srun " + String.join(" ", args));
            System.exit(1);
        }
        List<String> cmd = new ArrayList<>(Arrays.asList("mpirun", "-np",
                Integer.toString(allocated.size()), "--host", String.join(",", allocated.stream()
                        .map(h -> h + ":1").toList()), "--map-by", "ppr:1:node"));
        cmd.addAll(line.program());
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        System.exit(p.waitFor());
    }
}
