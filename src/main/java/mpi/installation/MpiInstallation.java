package mpi.installation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An MPI installation as the integration tests and the compare tool launch it: its name,
 * family and version, its compiler wrapper and launcher, its library folder and the
 * environment it needs. Every difference between launchers lives here: how the rank count is
 * given, Open MPI's options for more ranks than cores and for running as root, and each
 * family's way to make waiting ranks give up the processor.
 *
 * <p>An installation is either the one on PATH (Debian's Open MPI 4.1 or MPICH 4.0, found by
 * its launcher's {@code --version}) or one that {@code scripts/install-mpi.sh NAME} made: that
 * script writes the file {@value #ENV_FILE} into the installation's folder, read by
 * {@link #read(Path)}.
 *
 * @param name     what the tests call it (openmpi5, mpich5, impi; or the launcher's command)
 * @param family   whose launcher and library it is
 * @param version  its version ("" when not known)
 * @param mpicc    its C compiler wrapper
 * @param launcher its mpirun or mpiexec
 * @param libDir   the folder of its libmpi (null when it is the system's)
 * @param env      the variables it needs set for mpicc and the launcher (e.g. OPAL_PREFIX)
 */
public record MpiInstallation(String name, Family family, String version, String mpicc,
        String launcher, Path libDir, Map<String, String> env) {

    /**
     * The suffix of a name that means the installation's MPI-5 standard ABI (mpich5-abi):
     * its {@code MPICC_ABI} compiles against {@code mpi_abi.h} and links {@code libmpi_abi.so}.
     */
    public static final String STANDARD_ABI = "-abi";

    /** The file that scripts/install-mpi.sh writes in the installation's folder. */
    public static final String ENV_FILE = "ombj-mpi.env";

    /** The launchers and libraries the tests tell apart. */
    public enum Family {
        /** Open MPI: mpirun (ORTE in 4.x, PRRTE in 5.x), refuses more ranks than slots. */
        OPEN_MPI,
        /** MPICH and its derivatives: hydra's mpiexec. */
        MPICH,
        /** Intel MPI: a hydra of its own. */
        INTEL_MPI;

        /** @return the family that the script's {@code MPI_FAMILY} value names */
        public static Family of(String word) {
            return switch (word) {
                case "openmpi" -> OPEN_MPI;
                case "mpich" -> MPICH;
                case "impi" -> INTEL_MPI;
                default -> throw new IllegalArgumentException("unknown MPI family '" + word + "'");
            };
        }

        /** @return the family whose launcher printed {@code version} for {@code --version} */
        public static Family ofVersionText(String version) {
            if (version.contains("Open MPI") || version.contains("OpenRTE")) {
                return OPEN_MPI;
            }
            if (version.contains("Intel(R) MPI")) {
                return INTEL_MPI;
            }
            return MPICH;
        }
    }

    /** The environment is copied: an installation does not change. */
    public MpiInstallation {
        env = Map.copyOf(env);
    }

    /**
     * An installation that scripts/install-mpi.sh has not made: its message is the one line
     * to show, naming the command that installs it.
     */
    public static final class NotInstalledException extends IOException {
        private static final long serialVersionUID = 1L;

        NotInstalledException(String message) {
            super(message);
        }
    }

    /**
     * MPICH 5's ch4 polls without yielding; its progress throttle sleeps for a microsecond after
     * this many polls that found nothing. 4 took 2000 3-rank allreduces on 2 cores from 9.4 s
     * to 0.02 s (1 and 64: 0.11 s); docs/notes/2026-11-25-other-mpis.md.
     */
    public static final String MPICH_POLLS_BEFORE_SLEEP = "4";

    /**
     * MPICH's switch for its progress throttle; set in the environment (to 0, say, to measure
     * without the throttle), the user's setting is kept.
     */
    public static final String MPICH_THROTTLE = "MPIR_CVAR_CH4_PROGRESS_THROTTLE";

    /**
     * How a rank waits for a message: by polling its core (MPI's default, and what a
     * measurement on cores of its own wants), or by giving the core up between polls (what
     * more ranks than cores need to progress at all, and what tests on a machine shared
     * with other work need to finish in time), at some cost in latency (docs/performance.md,
     * "Other MPI libraries").
     */
    public enum Waiting {
        POLL, YIELD;

        /** @return YIELD for more ranks than this machine's cores, else POLL */
        public static Waiting forRanks(int np) {
            return np > Runtime.getRuntime().availableProcessors() ? YIELD : POLL;
        }
    }

    /**
     * The command line up to the program: the launcher, the rank count and the options this
     * family needs on a small machine shared with other work, ranks yielding (the tests').
     *
     * @param np the number of ranks
     */
    public List<String> start(int np) {
        return start(np, Waiting.YIELD);
    }

    /** {@link #start(int)} with ranks waiting as {@code waiting} says. */
    public List<String> start(int np, Waiting waiting) {
        List<String> cmd = new ArrayList<>(List.of(launcher, "-np", Integer.toString(np)));
        cmd.addAll(options(waiting));
        return cmd;
    }

    /**
     * The launcher's options: for Open MPI, more ranks than cores allowed (it refuses them
     * unless told) and, to yield, {@code mpi_yield_when_idle} (4.1 does not set it by itself
     * when oversubscribed); hydra needs none.
     */
    public List<String> options(Waiting waiting) {
        if (family != Family.OPEN_MPI) {
            return List.of();
        }
        return waiting == Waiting.YIELD
                ? List.of("--oversubscribe", "--mca", "mpi_yield_when_idle", "1")
                : List.of("--oversubscribe");
    }

    /**
     * The environment of a launch whose ranks yield (the tests'): see
     * {@link #environment(Waiting)}.
     */
    public Map<String, String> environment() {
        return environment(Waiting.YIELD);
    }

    /**
     * The environment of a launch: the installation's own variables, Open MPI's consent to
     * run as root (containers and CI run as root) and, for ranks that yield, MPICH's progress
     * throttle, its way to let waiting ranks give up the processor: MPICH 5's ranks, which
     * never yield by themselves, took minutes on a shared machine for a group that Open MPI
     * 5's ran in seconds. A throttle set in the user's environment ({@link #MPICH_THROTTLE})
     * is the user's. (MPICH 4.0.2 has no such variable and ignores it.) Intel MPI needs
     * nothing (3 ranks on 2 cores progress as 2 do: the note).
     */
    public Map<String, String> environment(Waiting waiting) {
        return environment(System.getenv(), waiting);
    }

    /** {@link #environment(Waiting)} for a launch from an environment {@code outer}. */
    Map<String, String> environment(Map<String, String> outer, Waiting waiting) {
        Map<String, String> all = new LinkedHashMap<>(env);
        if (family == Family.OPEN_MPI) {
            all.put("OMPI_ALLOW_RUN_AS_ROOT", "1");
            all.put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        }
        if (family == Family.MPICH && waiting == Waiting.YIELD && !outer.containsKey(MPICH_THROTTLE)) {
            all.put(MPICH_THROTTLE, "1");
            all.put("MPIR_CVAR_CH4_PROGRESS_THROTTLE_NO_PROGRESS_COUNT", MPICH_POLLS_BEFORE_SLEEP);
        }
        return all;
    }

    /**
     * A configuration of one-sided communication that WinProbe runs under.
     *
     * @param name      what it is, for the test's name
     * @param options   the launcher's options that choose it
     * @param probeArgs WinProbe's arguments: the checks it leaves out, each for a defect of the
     *                  library that a C program shows too
     */
    public record OneSided(String name, List<String> options, List<String> probeArgs) {
        public OneSided {
            options = List.copyOf(options);
            probeArgs = List.copyOf(probeArgs);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * The one-sided configurations of this family that the tests run. Open MPI 4.1 has two:
     * its default components (osc/rdma over btl/vader on one node, which the benchmarks run
     * on), where MPI_Compare_and_swap on a window of MPI_Win_allocate crashes (a C program
     * does too) and is left out, and osc/sm with osc/pt2pt, where every operation runs on every
     * window kind. Hydra's families (MPICH, Intel MPI) choose none: their one device runs
     * every check.
     */
    public List<OneSided> oneSided() {
        if (family == Family.OPEN_MPI) {
            return List.of(new OneSided("Open MPI's default components", List.of(),
                    List.of("no-cas-on-allocate")),
                    new OneSided("Open MPI's osc/sm and osc/pt2pt (no osc/rdma)",
                            List.of("--mca", "osc", "sm,pt2pt"), List.of()));
        }
        return List.of(new OneSided(family + "'s one-sided, every check", List.of(), List.of()));
    }

    /**
     * @return the variable in which the launcher gives each process its rank in
     *         MPI_COMM_WORLD: Open MPI's own, hydra's PMI rank (MPICH and Intel MPI)
     */
    public String rankVariable() {
        return family == Family.OPEN_MPI ? "OMPI_COMM_WORLD_RANK" : "PMI_RANK";
    }

    /** @return the launcher's options that give every rank {@code variable=value} */
    public List<String> export(String variable, String value) {
        return family == Family.OPEN_MPI ? List.of("-x", variable + "=" + value)
                : List.of("-genv", variable, value);
    }

    /**
     * The installation that scripts/install-mpi.sh made in {@code dir}.
     *
     * @throws IOException if {@value #ENV_FILE} cannot be read
     * @throws IllegalArgumentException naming the key that is missing or wrong
     */
    public static MpiInstallation read(Path dir) throws IOException {
        return read(dir, false);
    }

    /**
     * As {@link #read(Path)}; with {@code standardAbi}, the installation through the MPI-5
     * standard ABI: named NAME-abi, compiled with {@code MPICC_ABI}.
     */
    public static MpiInstallation read(Path dir, boolean standardAbi) throws IOException {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String line : Files.readAllLines(dir.resolve(ENV_FILE), StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                keys.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (String variable : key(keys, "MPI_ENV", dir).split(" ")) {
            if (!variable.isEmpty()) {
                env.put(variable, key(keys, variable, dir));
            }
        }
        String name = key(keys, "MPI_NAME", dir);
        return new MpiInstallation(standardAbi ? name + STANDARD_ABI : name,
                Family.of(key(keys, "MPI_FAMILY", dir)), key(keys, "MPI_VERSION", dir),
                key(keys, standardAbi ? "MPICC_ABI" : "MPICC", dir), key(keys, "MPIRUN", dir),
                Paths.get(key(keys, "LIB", dir)), env);
    }

    /**
     * @return the MPI library file the FFM backend opens for this installation
     *         ({@code -Dombj.mpi}): its standard-ABI library for NAME-abi, else its libmpi;
     *         null for the system's, which the backend finds by itself
     */
    public Path library() {
        if (libDir == null) {
            return null;
        }
        if (name.endsWith(STANDARD_ABI)) {
            return libDir.resolve("libmpi_abi.so.1");
        }
        return libDir.resolve(family == Family.OPEN_MPI ? "libmpi.so.40" : "libmpi.so.12");
    }

    private static String key(Map<String, String> keys, String key, Path dir) {
        String value = keys.get(key);
        if (value == null) {
            throw new IllegalArgumentException(dir.resolve(ENV_FILE) + " has no " + key
                    + "; run scripts/install-mpi.sh again");
        }
        return value;
    }

    /** The variable that names the folder of the installations, as scripts/install-mpi.sh reads it. */
    public static final String FOLDER_VARIABLE = "OMBJ_MPI_DIR";

    /**
     * The folder of the installations of scripts/install-mpi.sh: the system property
     * {@code ombj.mpi.dir}, else {@link #folder(Map)} of this process's environment.
     */
    public static Path folder() {
        String dir = System.getProperty("ombj.mpi.dir", "");
        return !dir.isEmpty() ? Paths.get(dir) : folder(System.getenv());
    }

    /**
     * @param environment the environment variables
     * @return {@value #FOLDER_VARIABLE} of {@code environment}, else ~/.cache/omb-j/mpi, as
     *         the script chooses
     */
    public static Path folder(Map<String, String> environment) {
        String dir = environment.get(FOLDER_VARIABLE);
        return dir != null && !dir.isEmpty() ? Paths.get(dir)
                : Paths.get(System.getProperty("user.home"), ".cache", "omb-j", "mpi");
    }

    /**
     * @param name an installation's name, or that name with {@value #STANDARD_ABI}
     * @return the installation scripts/install-mpi.sh made of {@code name} in {@link #folder()}
     * @throws NotInstalledException in one line saying what to run, if it is not there: a test
     *         on an MPI fails, never skips, where that MPI is missing
     */
    public static MpiInstallation installed(String name) throws IOException {
        return installed(name, folder());
    }

    /**
     * @param name   an installation's name, or that name with {@value #STANDARD_ABI}
     * @param folder the folder of the installations ({@link #folder(Map)})
     * @return the installation scripts/install-mpi.sh made of {@code name} in {@code folder}
     * @throws NotInstalledException in one line saying what to run, if it is not there
     * @throws IOException if its {@value #ENV_FILE} cannot be read
     * @throws IllegalArgumentException naming the key that is missing or wrong
     */
    public static MpiInstallation installed(String name, Path folder) throws IOException {
        boolean standardAbi = name.endsWith(STANDARD_ABI);
        String installed = standardAbi
                ? name.substring(0, name.length() - STANDARD_ABI.length()) : name;
        Path dir = folder.resolve(installed);
        if (installed.isEmpty() || installed.contains("/")
                || !Files.isRegularFile(dir.resolve(ENV_FILE))) {
            throw new NotInstalledException(name + " is not installed in " + dir
                    + ": run scripts/install-mpi.sh " + installed);
        }
        return read(dir, standardAbi);
    }

    /**
     * The installation whose launcher is {@code launcher} on PATH (Debian's), its family from
     * what {@code launcher --version} prints.
     */
    public static MpiInstallation onPath(String launcher, String mpicc) {
        try {
            Process p = new ProcessBuilder(launcher, "--version").redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            return new MpiInstallation(launcher, Family.ofVersionText(text), "", mpicc, launcher,
                    null, Map.of());
        } catch (IOException e) {
            throw new IllegalStateException("cannot run '" + launcher + " --version': "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running '" + launcher + " --version'");
        }
    }
}
