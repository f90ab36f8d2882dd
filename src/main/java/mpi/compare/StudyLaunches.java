package mpi.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import mpi.installation.MpiInstallation;

/**
 * The comparison's way of launching, opened to {@code mpi.study.Study}: the command line of
 * one Java benchmark run on our binding, {@code mpirun -np NP [MPI options] MPIRUN_ARGS
 * LAUNCH_OPTIONS JAVA ... -cp JAVA_CP CLASS ARGS}, on the MPI of {@code scripts/compare.sh}
 * (MPIRUN on PATH, or {@code --mpi NAME}), with the same settings (MPIRUN, JAVA, JAVA_OPTS,
 * JAVA_CP, MPIRUN_ARGS) and, on an installation, the JNI library built for it first. No
 * binding options are probed: a study's placement is its {@code --map-by}, with the MPI's
 * binding for it.
 */
public final class StudyLaunches {
    private final Settings settings;
    private final RunMpi mpi;
    private final Binding binding;
    private final Launcher launcher;
    private final MpiInstallation.Family family;
    private final String library;

    private StudyLaunches(Settings settings, RunMpi mpi, Binding binding, Launcher launcher,
            MpiInstallation.Family family, String library) {
        this.settings = settings;
        this.mpi = mpi;
        this.binding = binding;
        this.launcher = launcher;
        this.family = family;
        this.library = library;
    }

    /**
     * @param mpiName  the installation of scripts/install-mpi.sh ({@code --mpi}), "" for
     *                 MPI_NAME, else MPIRUN's own MPI
     * @param env      the environment ({@link Settings})
     * @param launcher what runs the commands (the MPI's version, its builds, the runs)
     * @param err      where a build is announced
     * @param prog     the name the announcement starts with, e.g. {@code Study}
     * @return the launches on that MPI
     * @throws BadArgumentException in one line: a bad name, or MPIRUN naming another launcher
     * @throws IOException          not installed (naming the command that installs it), or its
     *                              file unreadable
     * @throws RunFailure           when the launcher cannot be run or a build fails
     */
    public static StudyLaunches of(String mpiName, Map<String, String> env, Launcher launcher,
            PrintStream err, String prog) throws BadArgumentException, IOException, RunFailure {
        Settings settings = Settings.from(env);
        String name = mpiName.isEmpty() ? settings.mpiName() : mpiName;
        RunMpi mpi = RunMpi.of(name, settings, env);
        settings = mpi.settings(settings, env);
        Binding ours = Binding.parse(Binding.OMBJ, settings);
        if (mpi.build().isPresent()) {
            new MpiBuilds(launcher, err, prog).prepare(mpi.build().get(), List.of(), !ours.onFfm());
            MpiInstallation installed = mpi.build().get().mpi();
            return new StudyLaunches(settings, mpi, ours, launcher, installed.family(),
                    familyName(installed.family()) + " " + installed.version() + " ("
                            + installed.name() + ")");
        }
        List<String> version = new ArrayList<>(mpi.launcher());
        version.add("--version");
        Launcher.Output o = launcher.runOrFail(version);
        String text = o.stdout().isBlank() ? o.stderr() : o.stdout();
        return new StudyLaunches(settings, mpi, ours, launcher,
                MpiInstallation.Family.ofVersionText(text),
                Machine.library(text).orElse(settings.mpirun()));
    }

    private static String familyName(MpiInstallation.Family family) {
        return switch (family) {
            case OPEN_MPI -> "Open MPI";
            case MPICH -> "MPICH";
            case INTEL_MPI -> "Intel MPI";
        };
    }

    /** @return the family of the MPI the runs launch on */
    public MpiInstallation.Family family() {
        return family;
    }

    /** @return the MPI library, as its launcher names itself, e.g. {@code Open MPI 4.1.4} */
    public String library() {
        return library;
    }

    /** @return what runs the commands */
    public Launcher launcher() {
        return launcher;
    }

    /**
     * @param np            the process count
     * @param launchOptions the launcher's options of this run (placement, MCA parameters);
     *                      {@code --oversubscribe} among them is dropped when the MPI's own
     *                      start has it already
     * @param mainClass     the benchmark's class
     * @param args          its arguments
     * @return the command line of the run
     */
    public List<String> command(int np, List<String> launchOptions, String mainClass,
            List<String> args) {
        List<String> cmd = new ArrayList<>(mpi.start(np));
        cmd.addAll(settings.mpirunArgs());
        for (String option : launchOptions) {
            if (!(option.equals("--oversubscribe") && cmd.contains(option))) {
                cmd.add(option);
            }
        }
        cmd.add(binding.java());
        cmd.add(MpiCommands.NATIVE_ACCESS);
        cmd.addAll(settings.javaOpts());
        cmd.addAll(binding.jvmOptions());
        cmd.addAll(mpi.jvmOptions(binding));
        cmd.addAll(List.of("-cp", binding.classPath(), mainClass));
        cmd.addAll(args);
        return cmd;
    }
}
