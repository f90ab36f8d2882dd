package mpi.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line of every run: {@code mpirun -np NP MPIRUN_ARGS BIND... PROGRAM -m SIZE:SIZE
 * OMB_ARGS} ({@code srun -n NP ...} where MPIRUN is srun),
 * a Java PROGRAM being {@code JAVA --enable-native-access=ALL-UNNAMED JAVA_OPTS -cp ...},
 * with the binding options that work on this machine for NP ranks; on an installation of
 * scripts/install-mpi.sh its launcher's start ({@link RunMpi#start}).
 */
final class MpiCommands {
    /**
     * Every binding loads a native library from the class path: JDK 24 and later warn about
     * it without this (JEP 472); every JDK that runs the benchmarks (17+) takes it.
     */
    static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

    private final Settings settings;
    private final RunMpi mpi;
    private final Launcher launcher;
    private final PrintStream err;
    private final Map<Integer, List<String>> bind = new HashMap<>();

    MpiCommands(Settings settings, RunMpi mpi, Launcher launcher, PrintStream err) {
        this.settings = settings;
        this.mpi = mpi;
        this.launcher = launcher;
        this.err = err;
    }

    /**
     * Finds, once per rank count, the first binding choice with which {@code mpirun ... true}
     * starts.
     *
     * @return e.g. {@code --bind-to core}
     * @throws RunFailure when even oversubscribed ranks do not start
     */
    List<String> bindingFor(int np) throws RunFailure {
        List<String> known = bind.get(np);
        if (known != null) {
            return known;
        }
        List<String> probe = List.of();
        for (List<String> choice : mpi.bindings()) {
            probe = new ArrayList<>(mpi.start(np));
            probe.addAll(settings.mpirunArgs());
            probe.addAll(choice);
            probe.add("true");
            if (starts(probe)) {
                if (choice != mpi.bindings().get(0)) {
                    err.println(Compare.PROG + ": --bind-to core failed for " + np + " ranks, using: "
                            + (choice.isEmpty() ? "the launcher's default binding" : String.join(" ", choice)));
                }
                bind.put(np, choice);
                return choice;
            }
        }
        throw new RunFailure("cannot start " + np + " ranks: " + String.join(" ", probe) + " failed", "");
    }

    private boolean starts(List<String> probe) {
        try {
            return launcher.run(probe).exitCode() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * @param sizes the {@code -m} argument, {@code MIN:MAX}
     * @return the mpirun command of one run of {@code variant} over {@code sizes}
     */
    List<String> command(Bench bench, int np, Variant variant, String sizes) throws RunFailure {
        List<String> cmd = new ArrayList<>(mpi.start(np));
        cmd.addAll(settings.mpirunArgs());
        cmd.addAll(bindingFor(np));
        if (variant.isC()) {
            cmd.add(settings.cDir() + "/" + bench.twin());
        } else {
            cmd.add(variant.binding().java());
            cmd.add(NATIVE_ACCESS);
            cmd.addAll(settings.javaOpts());
            if (!variant.binding().ours()) {
                cmd.addAll(settings.bindingJavaOpts());
            }
            cmd.addAll(variant.binding().jvmOptions());
            cmd.addAll(mpi.jvmOptions(variant.binding()));
            cmd.addAll(List.of("-cp", variant.binding().classPath(),
                    bench.javaClass(variant.binding().transport())));
            cmd.addAll(JavaApis.args(variant.api()));
        }
        cmd.addAll(List.of("-m", sizes));
        cmd.addAll(bench.args());
        cmd.addAll(settings.ombArgs());
        return cmd;
    }
}
