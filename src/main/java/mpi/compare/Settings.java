package mpi.compare;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import mpi.installation.MpiInstallation;
import mpi.installation.OtherMpiBuild;

/**
 * What the environment variables set, with their defaults. An empty variable counts as unset,
 * as {@code ${VAR:-default}} did in the shell version. Relative paths are relative to the
 * project directory, where {@code scripts/compare.sh} starts the tool.
 *
 * @param mpirun          MPIRUN: the launcher
 * @param java            JAVA: the java executable of the benchmark runs
 * @param javaOpts        JAVA_OPTS: JVM flags for every Java run
 * @param javaCp          JAVA_CP: the class path of the {@code ombj} binding
 * @param cDir            CDIR: the directory of the C twins
 * @param ombArgs         OMB_ARGS: benchmark options for both C and Java runs
 * @param mpirunArgs      MPIRUN_ARGS: the launcher's own options for every run, after its
 *                        rank count: the hosts, e.g. {@code --hostfile hosts --map-by node}
 * @param onlyC           ONLY_C=1: run the C twins only
 * @param ompiJar         OMPI_JAVA_JAR: Open MPI's mpi.jar for the {@code ompi} binding
 * @param bindingJavaOpts BINDING_JAVA_OPTS: JVM flags added for bindings other than ombj
 * @param benchmarksJar   BENCHMARKS_JAR: the benchmarks without a binding, for the others
 * @param ffmJava         FFM_JAVA: the java of the {@code ffm} binding's runs (default JAVA)
 * @param mpiName         MPI_NAME: the installation of scripts/install-mpi.sh to run on when
 *                        {@code --mpi} is not given ("" for MPIRUN's); the script prints it,
 *                        so that its output evaluated in a shell chooses the installation
 * @param mpiFolder       OMBJ_MPI_DIR: the folder of those installations, as the script's
 * @param mpiBuildDir     MPI_BUILD_DIR: where the C twins and JNI library for an installation
 *                        are built, a folder per name (default target/other-mpi)
 */
public record Settings(String mpirun, String java, List<String> javaOpts, String javaCp,
        String cDir, List<String> ombArgs, boolean onlyC, String ompiJar,
        List<String> bindingJavaOpts, String benchmarksJar, String ffmJava, String mpiName,
        Path mpiFolder, Path mpiBuildDir, List<String> mpirunArgs) {
    /** The benchmarks and harness without binding classes, run against another binding. */
    public static final String BENCHMARKS_JAR = "target/omb-j-benchmarks.jar";
    /** Our own jar: benchmarks, binding and its native library. */
    public static final String OMBJ_JAR = "target/omb-j.jar";
    /** Where scripts/install-openmpi-java.sh puts Open MPI's Java bindings. */
    public static final String OMPI_JAR = "target/ompi-java/mpi.jar";

    /** @param env the environment, e.g. {@link System#getenv()} */
    public static Settings from(Map<String, String> env) {
        return new Settings(get(env, "MPIRUN", "mpirun"), get(env, "JAVA", "java"),
                words(get(env, "JAVA_OPTS", "")), get(env, "JAVA_CP", OMBJ_JAR),
                get(env, "CDIR", "target/c"), words(get(env, "OMB_ARGS", "")),
                get(env, "ONLY_C", "0").equals("1"), get(env, "OMPI_JAVA_JAR", OMPI_JAR),
                words(get(env, "BINDING_JAVA_OPTS", "")), get(env, "BENCHMARKS_JAR", BENCHMARKS_JAR),
                get(env, "FFM_JAVA", get(env, "JAVA", "java")), get(env, "MPI_NAME", ""),
                MpiInstallation.folder(env),
                Path.of(get(env, "MPI_BUILD_DIR", OtherMpiBuild.DEFAULT_ROOT.toString())),
                words(get(env, "MPIRUN_ARGS", "")));
    }

    /**
     * @param launcher the launcher of the runs
     * @param twins    the folder of the C twins
     * @return these settings with MPIRUN and CDIR replaced, for an installation's runs
     */
    public Settings on(String launcher, String twins) {
        return new Settings(launcher, java, javaOpts, javaCp, twins, ombArgs, onlyC, ompiJar,
                bindingJavaOpts, benchmarksJar, ffmJava, mpiName, mpiFolder, mpiBuildDir,
                mpirunArgs);
    }

    private static String get(Map<String, String> env, String name, String fallback) {
        String v = env.get(name);
        return v == null || v.isEmpty() ? fallback : v;
    }

    /** Splits at white space, as the shell's {@code read -a} did: no quoting. */
    private static List<String> words(String s) {
        String t = s.strip();
        return t.isEmpty() ? List.of() : Arrays.asList(t.split("\\s+"));
    }
}
