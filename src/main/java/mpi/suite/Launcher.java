package mpi.suite;

import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.BenchmarkRunner;
import mpi.common.output.ErrorLines;
import mpi.common.suite.Catalogue;

/**
 * The jar's entry point ({@code Main-Class} of omb-j.jar):
 * {@code mpirun -np 2 java -jar omb-j.jar osu_latency -a arrays} runs the program named first
 * (by C OMB 7.4's name or by its class name, see {@link Programs}) with the arguments after it.
 * The jar's manifest also carries {@code Enable-Native-Access: ALL-UNNAMED}: loading the
 * binding's native library then prints no warning on JDK 24 and later (JEP 472), which with
 * {@code java -cp} takes {@code --enable-native-access=ALL-UNNAMED}.
 *
 * <p>No name or {@code -h}: the usage and the programs. A name that is no program: one line
 * naming it (and the nearest names), exit code 1, as for any other bad argument, printed by
 * the rank the launcher numbers 0 only.
 */
public final class Launcher {
    /** How the jar is started, for messages. */
    static final String JAR = "omb-j.jar";
    /** The variables in which MPI launchers (Open MPI, PMIx, MPICH's hydra, Slurm) give a rank its number. */
    private static final List<String> RANK_VARIABLES = List.of("OMPI_COMM_WORLD_RANK",
            "PMIX_RANK", "PMI_RANK", "SLURM_PROCID");

    private Launcher() {
    }

    /**
     * @param args a program's name, then its arguments; or {@code -h}
     * @throws Throwable whatever the program's main throws
     */
    public static void main(String[] args) throws Throwable {
        if (args.length == 0 || isHelp(args[0])) {
            boolean asked = args.length > 0;
            exit(asked ? System.out : System.err, usage(Catalogue.load()), asked ? 0 : 1);
        }
        Optional<Class<?>> program = Programs.resolve(args[0], Launcher.class.getClassLoader());
        if (program.isEmpty()) {
            exit(System.err, unknown(args[0], Catalogue.load()) + "\n", 1);
        }
        MethodHandle main = MethodHandles.publicLookup().findStatic(program.get(), "main",
                MethodType.methodType(void.class, String[].class));
        main.invokeExact(Arrays.copyOfRange(args, 1, args.length));
    }

    /**
     * Prints {@code text} from the process that {@link #speaks} and exits with {@code code}.
     * A failing exit under an MPI launcher first meets the other ranks in MPI (Init, a
     * barrier, Finalize): the launcher ends the whole job at the first non-zero exit, which
     * could otherwise come from a rank that says nothing before rank 0 has printed its line.
     */
    private static void exit(PrintStream to, String text, int code) {
        Map<String, String> env = System.getenv();
        boolean launched = RANK_VARIABLES.stream().anyMatch(env::containsKey);
        if (code == 0 || !launched) {
            if (speaks(env)) {
                to.print(text);
                to.flush();
            }
            System.exit(code);
        }
        BenchmarkRunner.start(JAR, false, new String[0]);
        try {
            if (MPI.COMM_WORLD.getRank() == 0) {
                to.print(text);
                to.flush();
            }
            MPI.COMM_WORLD.barrier();
        } catch (MPIException e) {
            System.err.println(ErrorLines.error(JAR, e));
            System.exit(2);
        }
        BenchmarkRunner.finish(JAR, code);
    }

    private static boolean isHelp(String arg) {
        return arg.equals("-h") || arg.equals("--help");
    }

    /**
     * @param env the environment
     * @return whether this process prints the launcher's own messages: rank 0, or a process
     *         started without an MPI launcher
     */
    static boolean speaks(Map<String, String> env) {
        return RANK_VARIABLES.stream().map(env::get).filter(v -> v != null)
                .findFirst().map(v -> v.strip().equals("0")).orElse(true);
    }

    /** @return the one line for a name that is no program */
    static String unknown(String name, Catalogue catalogue) {
        List<String> near = Programs.nearest(name, catalogue);
        return JAR + ": unknown program '" + name + "'"
                + (near.isEmpty() ? "" : " (nearest: " + String.join(", ", near) + ")")
                + "; run 'java -jar " + JAR + " -h' for the list";
    }

    /** @return the usage and the programs by group */
    static String usage(Catalogue catalogue) {
        StringBuilder text = new StringBuilder();
        text.append("Usage: mpirun -np N java -jar ").append(JAR)
                .append(" PROGRAM [OPTIONS]   (PROGRAM -h: its options)\n")
                .append("e.g.   mpirun -np 2 java -jar ").append(JAR)
                .append(" osu_latency -a arrays\n")
                .append("PROGRAM is C OMB 7.4's name or the class's (osu_latency or OSULatency);\n")
                .append(Programs.SUITE).append(" runs many in one job (")
                .append(Programs.SUITE).append(" -h), ").append(Programs.COMPARE)
                .append(" compares them with C (no mpirun; ").append(Programs.COMPARE)
                .append(" -h).\nPrograms:\n");
        Programs.names(catalogue).forEach((group, names) -> text.append("  ").append(group)
                .append(": ").append(String.join(" ", names)).append('\n'));
        return text.toString();
    }
}
