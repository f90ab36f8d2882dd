package mpi.compare;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import mpi.installation.MpiInstallation;
import mpi.installation.OtherMpiBuild;

/**
 * The MPI every run of a comparison is launched on: the launcher MPIRUN found on PATH
 * (Debian's MPI by default), or an installation of {@code scripts/install-mpi.sh} named by
 * {@code --mpi NAME}, launched as {@link MpiInstallation} says (its launcher, options and
 * environment) on the C twins and JNI library built with its mpicc ({@link OtherMpiBuild}).
 */
final class RunMpi {
    // In order of preference: bound ranks measure steadiest, but Open MPI refuses
    // --bind-to core for more ranks than cores; then unbound, then oversubscribed.
    private static final List<List<String>> PATH_BINDINGS = List.of(
            List.of("--bind-to", "core"), List.of("--bind-to", "none"),
            List.of("--bind-to", "none", "--oversubscribe"));
    // An installation's own options already allow more ranks than cores where its launcher
    // needs telling (Open MPI's --oversubscribe); hydra (MPICH, Intel MPI) takes --bind-to
    // too, and its default binding is the last resort.
    private static final List<List<String>> INSTALLATION_BINDINGS = List.of(
            List.of("--bind-to", "core"), List.of("--bind-to", "none"), List.of());
    // Slurm's srun binds with its own option, and starts a task per rank with -n.
    private static final List<List<String>> SRUN_BINDINGS = List.of(
            List.of("--cpu-bind=cores"), List.of());
    private static final String SRUN = "srun";

    private static final String MPIRUN = "MPIRUN";
    private static final String CDIR = "CDIR";

    private final String mpirun;
    private final OtherMpiBuild build;

    private RunMpi(String mpirun, OtherMpiBuild build) {
        this.mpirun = mpirun;
        this.build = build;
    }

    /** @param mpirun the launcher (MPIRUN), on PATH or a path, with the environment as it is */
    static RunMpi onPath(String mpirun) {
        return new RunMpi(mpirun, null);
    }

    /** @param build the installation and where its C twins and JNI library are built */
    static RunMpi installed(OtherMpiBuild build) {
        return new RunMpi(build.mpi().launcher(), build);
    }

    /**
     * @param name     the installation of scripts/install-mpi.sh to run on ({@code --mpi}), ""
     *                 for MPIRUN's own MPI
     * @param settings for MPIRUN, OMBJ_MPI_DIR and MPI_BUILD_DIR
     * @param env      the environment, to tell a MPIRUN that is set from its default
     * @return the MPI of the runs
     * @throws BadArgumentException when MPIRUN is set to another launcher than the
     *         installation's: which to use would be a guess
     * @throws MpiInstallation.NotInstalledException naming the command that installs it
     * @throws IOException when its ombj-mpi.env cannot be read
     * @throws IllegalArgumentException when that file lacks a key, naming it
     */
    static RunMpi of(String name, Settings settings, Map<String, String> env)
            throws BadArgumentException, IOException {
        if (name.isEmpty()) {
            return onPath(settings.mpirun());
        }
        MpiInstallation mpi = MpiInstallation.installed(name, settings.mpiFolder());
        // The shell that evaluated install-mpi.sh's output has MPIRUN set to this very launcher.
        String mpirun = env.getOrDefault(MPIRUN, "");
        if (!mpirun.isEmpty() && !mpirun.equals(mpi.launcher())) {
            throw new BadArgumentException(MPIRUN + "=" + mpirun + " and --mpi " + name
                    + " name two launchers (" + mpi.launcher() + "): unset " + MPIRUN);
        }
        return installed(new OtherMpiBuild(mpi, settings.mpiBuildDir()));
    }

    /**
     * @return {@code settings} for the runs on this MPI: on an installation, its launcher, and
     *         its C twins unless CDIR names others (whose build is then the user's business)
     */
    Settings settings(Settings settings, Map<String, String> env) {
        if (build == null) {
            return settings;
        }
        return settings.on(mpirun, cDirGiven(env) ? settings.cDir() : build.cDir().toString());
    }

    /** @return whether CDIR is set: the C twins are the user's, not to be built */
    static boolean cDirGiven(Map<String, String> env) {
        return !env.getOrDefault(CDIR, "").isEmpty();
    }

    /** @return the installation and its builds; empty for the launcher on PATH */
    Optional<OtherMpiBuild> build() {
        return Optional.ofNullable(build);
    }

    /** Whether the launcher on PATH is Slurm's srun (MPIRUN=srun), which takes -n, not -np. */
    private boolean isSrun() {
        return build == null && java.nio.file.Path.of(mpirun).getFileName().toString().equals(SRUN);
    }

    /** @return the launcher's path or command */
    String mpirun() {
        return mpirun;
    }

    /**
     * @return the command that starts the launcher: for an installation, through
     *         {@code env} with the variables it needs, so that a command printed for a failed
     *         run can be pasted into a shell as it is
     */
    List<String> launcher() {
        return withEnvironment(build == null ? Map.of()
                : build.mpi().environment(MpiInstallation.Waiting.POLL), List.of(mpirun));
    }

    /** @return the command line up to the binding options: launcher, rank count, its options */
    List<String> start(int np) {
        if (build == null) {
            return List.of(mpirun, isSrun() ? "-n" : "-np", Integer.toString(np));
        }
        // Measured as users run MPI on cores of their own: polling, unless the ranks are
        // more than the cores (then they yield, or make no progress).
        MpiInstallation.Waiting waiting = MpiInstallation.Waiting.forRanks(np);
        return withEnvironment(build.mpi().environment(waiting), build.mpi().start(np, waiting));
    }

    /** @return the binding options to try, in order, until ranks start with one */
    List<List<String>> bindings() {
        return build != null ? INSTALLATION_BINDINGS : isSrun() ? SRUN_BINDINGS : PATH_BINDINGS;
    }

    /**
     * @return the JVM options that put a Java run of {@code binding} on this MPI: for our
     *         binding on an installation, its build of the JNI library or, on the FFM backend,
     *         its library file; none for the MPI on PATH (the jar's own build) or for another
     *         binding (BINDING_JAVA_OPTS is the user's way to point it at its build)
     */
    List<String> jvmOptions(Binding binding) {
        return build == null || !binding.ours() ? List.of() : build.jvmOptions(binding.onFfm());
    }

    /**
     * @param environment variables to set, in their order
     * @param command     the command
     * @return {@code env NAME=VALUE... command}, or the command alone
     */
    static List<String> withEnvironment(Map<String, String> environment, List<String> command) {
        if (environment.isEmpty()) {
            return command;
        }
        List<String> all = new ArrayList<>(List.of("env"));
        environment.forEach((k, v) -> all.add(k + "=" + v));
        all.addAll(command);
        return all;
    }
}
