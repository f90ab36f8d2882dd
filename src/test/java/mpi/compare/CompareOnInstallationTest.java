package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mpi.installation.MpiInstallation;
import mpi.installation.OtherMpiBuild;

/**
 * {@code compare.sh --mpi NAME} on a fake launcher, with fake installations of
 * scripts/install-mpi.sh (their ombj-mpi.env in OMBJ_MPI_DIR): the commands carry the
 * installation's launcher, options and environment, our runs its builds, and what is not
 * built yet is built once.
 */
class CompareOnInstallationTest {
    @TempDir
    Path dir;
    private Map<String, String> env;
    private Path mpis;
    private Path builds;
    private final List<List<String>> launched = new ArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void files() throws IOException {
        mpis = dir.resolve("mpis");
        builds = dir.resolve("builds");
        install("openmpi5", "openmpi", "5.0.11", "mpirun",
                List.of("MPI_ENV=OPAL_PREFIX", "OPAL_PREFIX=" + mpis.resolve("openmpi5")));
        install("mpich5", "mpich", "5.0.2", "mpiexec", List.of("MPI_ENV=",
                "MPICC_ABI=" + mpis.resolve("mpich5/bin/mpicc_abi"),
                "LIB_ABI=" + mpis.resolve("mpich5/lib/libmpi_abi.so.1")));
        Files.writeString(dir.resolve("omb-j.jar"), "");
        env = Fixtures.env("OMBJ_MPI_DIR", mpis.toString(), "MPI_BUILD_DIR", builds.toString(),
                "JAVA_CP", dir + "/omb-j.jar", "JAVA", "/jdk/bin/java", "FFM_JAVA", "/jdk25/bin/java",
                "PATH", "/nowhere");
    }

    /** What scripts/install-mpi.sh writes, and the launcher it names (an empty executable). */
    private void install(String name, String family, String version, String launcher,
            List<String> more) throws IOException {
        Path home = mpis.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin").resolve(launcher), "").toFile().setExecutable(true);
        List<String> lines = new ArrayList<>(List.of("MPI_NAME=" + name, "MPI_FAMILY=" + family,
                "MPI_VERSION=" + version, "MPI_HOME=" + home, "MPICC=" + home + "/bin/mpicc",
                "MPIRUN=" + home + "/bin/" + launcher, "LIB=" + home + "/lib"));
        lines.addAll(more);
        Files.write(home.resolve("ombj-mpi.env"), lines);
    }

    /** Pretends that {@code name}'s C twins and JNI library are built. */
    private void built(String name) throws IOException {
        Path twin = builds.resolve(name).resolve("c").resolve("osu_latency");
        Files.createDirectories(twin.getParent());
        Files.writeString(twin, "").toFile().setExecutable(true);
        Path library = builds.resolve(name).resolve("native").resolve("libombj.so");
        Files.createDirectories(library.getParent());
        Files.writeString(library, "");
    }

    /**
     * Every probe starts, the launchers print their --version as Open MPI 5's mpirun and MPICH
     * 5's hydra do, a build makes what it builds, a benchmark prints a row of 1.00.
     */
    private Launcher fake() {
        return cmd -> {
            launched.add(cmd);
            String last = cmd.get(cmd.size() - 1);
            if (last.equals("true")) {
                return new Launcher.Output(0, "", "");
            }
            if (last.equals("--version")) {
                return new Launcher.Output(0, String.join(" ", cmd).contains("mpirun")
                        ? "mpirun (Open MPI) 5.0.11\n\nReport bugs to ...\n"
                        : "HYDRA build details:\n    Version:                                 5.0.2\n", "");
            }
            if (last.equals("-version")) {
                return new Launcher.Output(0, "", "openjdk version \"17.0.15\" 2025-04-15\n");
            }
            if (cmd.contains("bash")) {
                return build(cmd);
            }
            String size = cmd.get(cmd.indexOf("-m") + 1).split(":")[0];
            return new Launcher.Output(0, "# Size       Avg Latency(us)\n" + size + "    1.00\n", "");
        };
    }

    private Launcher.Output build(List<String> cmd) {
        int script = cmd.indexOf("bash") + 1;
        try {
            if (cmd.get(script).equals(OtherMpiBuild.C_SCRIPT)) {
                Path twin = Path.of(cmd.get(script + 2), "osu_latency");
                Files.createDirectories(twin.getParent());
                Files.writeString(twin, "").toFile().setExecutable(true);
            } else {
                Path library = Path.of(cmd.get(script + 4));
                Files.createDirectories(library.getParent());
                Files.writeString(library, "");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Launcher.Output(0, "built\n", "");
    }

    private int run(String... args) {
        return new Compare(env, fake(), CompareArgsTest.print(out), CompareArgsTest.print(err)).run(args);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private List<List<String>> runs() {
        return launched.stream().filter(c -> c.contains("-m")).toList();
    }

    /** @return the one run (of one round) that is C's, or has all of {@code args}; its order is the round's */
    private List<String> launch(boolean c, String... args) {
        List<List<String>> found = runs().stream().filter(cmd -> c != cmd.contains("-cp")
                && cmd.containsAll(List.of(args))).toList();
        assertEquals(1, found.size(), runs().toString());
        return found.get(0);
    }

    @Test
    void openMpiRunsWithItsEnvironmentOptionsAndBuilds() throws IOException {
        built("openmpi5");
        int code = run("--mpi", "openmpi5", "-n", "1", "-s", "8", "-o", dir + "/x.csv", "-b", "jni,ffm",
                "latency");
        assertEquals(0, code, stderr());
        Path home = mpis.resolve("openmpi5");
        List<String> start = new ArrayList<>(List.of("env", "OPAL_PREFIX=" + home, "OMPI_ALLOW_RUN_AS_ROOT=1",
                "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1", home + "/bin/mpirun", "-np", "2", "--oversubscribe"));
        if (MpiInstallation.Waiting.forRanks(2) == MpiInstallation.Waiting.YIELD) { // fewer cores
            start.addAll(List.of("--mca", "mpi_yield_when_idle", "1"));
        }
        start.add("--bind-to");
        start.add("core");
        assertFalse(stderr().contains("building"), stderr()); // built already
        List<List<String>> runs = runs();
        assertEquals(5, runs.size(), runs.toString());
        for (List<String> cmd : runs) {
            assertEquals(start, cmd.subList(0, start.size()), cmd.toString());
        }
        assertEquals(builds + "/openmpi5/c/osu_latency", launch(true).get(start.size()));
        List<String> jni = launch(false, "-Dombj.backend=jni", "buffer");
        assertTrue(jni.contains("-Djava.library.path=" + builds + "/openmpi5/native"), jni.toString());
        List<String> ffm = launch(false, "-Dombj.backend=ffm", "buffer");
        assertTrue(ffm.contains("-Dombj.mpi=" + home + "/lib/libmpi.so.40"), ffm.toString());
        assertFalse(ffm.stream().anyMatch(a -> a.startsWith("-Djava.library.path")), ffm.toString());
        assertEquals(List.of("env", "OPAL_PREFIX=" + home, "OMPI_ALLOW_RUN_AS_ROOT=1",
                "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1", home + "/bin/mpirun", "--version"), launched.get(0));
        String machine = out.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow();
        assertTrue(machine.endsWith("; Open MPI 5.0.11 (openmpi5); openjdk version \"17.0.15\" 2025-04-15"), machine);
    }

    @Test
    void mpichInTheStandardAbiIsBuiltOnceWithItsWrapperAndThrottledOnlyWhenOversubscribed() throws IOException {
        int code = run("--mpi", "mpich5-abi", "-n", "1", "-s", "8", "-o", dir + "/x.csv", "-b", "ombj,ffm",
                "latency");
        assertEquals(0, code, stderr());
        Path home = mpis.resolve("mpich5");
        String mpicc = home + "/bin/mpicc_abi";
        Path build = builds.resolve("mpich5-abi");
        assertEquals("compare.sh: building the C twins and the JNI library for mpich5-abi with " + mpicc
                + " into " + build, stderr().lines().filter(l -> l.contains("building")).findFirst().orElse(""));
        // MPICH needs no variable of its own for mpicc: the builds are the scripts as Maven runs them.
        List<List<String>> made = launched.stream().filter(c -> c.contains("bash")).toList();
        assertEquals(List.of(List.of("bash", OtherMpiBuild.C_SCRIPT, mpicc, build + "/c", OtherMpiBuild.C_CFLAGS),
                List.of("bash", OtherMpiBuild.NATIVE_SCRIPT, mpicc, System.getProperty("java.home"),
                        OtherMpiBuild.JNI_HEADERS.toString(), build + "/native/libombj.so",
                        OtherMpiBuild.NATIVE_CFLAGS)), made);
        // 2 ranks poll as MPICH's do by default, unless this machine has fewer cores
        List<String> start = new ArrayList<>();
        if (MpiInstallation.Waiting.forRanks(2) == MpiInstallation.Waiting.YIELD) {
            start.addAll(List.of("env", "MPIR_CVAR_CH4_PROGRESS_THROTTLE=1",
                    "MPIR_CVAR_CH4_PROGRESS_THROTTLE_NO_PROGRESS_COUNT=4"));
        }
        start.addAll(List.of(home + "/bin/mpiexec", "-np", "2", "--bind-to", "core"));
        List<List<String>> runs = runs();
        assertEquals(5, runs.size(), runs.toString());
        runs.forEach(cmd -> assertEquals(start, cmd.subList(0, start.size()), cmd.toString()));
        assertEquals(build + "/c/osu_latency", launch(true).get(start.size()));
        List<String> ombj = runs.stream().filter(cmd -> cmd.contains("buffer")
                && !cmd.contains("-Dombj.backend=ffm")).findFirst().orElseThrow();
        assertTrue(ombj.contains("-Djava.library.path=" + build + "/native"), ombj.toString());
        List<String> ffm = launch(false, "-Dombj.backend=ffm", "buffer");
        assertTrue(ffm.contains("-Dombj.mpi=" + home + "/lib/libmpi_abi.so.1"), ffm.toString());
        String machine = out.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow();
        assertTrue(machine.contains("; MPICH 5.0.2 (mpich5-abi); "), machine);

        // Once: the second comparison finds them built.
        launched.clear();
        err.reset();
        assertEquals(0, run("--mpi", "mpich5-abi", "-n", "1", "-s", "8", "-o", dir + "/x.csv", "latency"),
                stderr());
        assertFalse(stderr().contains("building"), stderr());
        assertTrue(launched.stream().noneMatch(c -> c.contains("bash")), launched.toString());
    }

    @Test
    void theEnvironmentThatInstallMpiPrintsChoosesTheInstallation() throws IOException {
        built("mpich5");
        // As after: set -a; eval "$(scripts/install-mpi.sh mpich5)"; set +a
        env.put("MPI_NAME", "mpich5");
        env.put("MPIRUN", mpis.resolve("mpich5/bin/mpiexec").toString());
        assertEquals(0, run("-n", "1", "-s", "8", "-o", dir + "/x.csv", "latency"), stderr());
        assertTrue(runs().stream().allMatch(c -> c.contains(env.get("MPIRUN"))), runs().toString());
        assertEquals(builds + "/mpich5/c/osu_latency", launch(true).get(launch(true).indexOf("core") + 1));
    }

    @Test
    void cDirNamesTwinsThatAreNotBuilt() throws IOException {
        built("mpich5");
        Path twins = dir.resolve("mytwins");
        Files.createDirectories(twins);
        Files.writeString(twins.resolve("osu_latency"), "").toFile().setExecutable(true);
        Files.delete(builds.resolve("mpich5/c/osu_latency"));
        env.put("CDIR", twins.toString());
        assertEquals(0, run("--mpi", "mpich5", "-n", "1", "-s", "8", "-o", dir + "/x.csv", "latency"), stderr());
        assertTrue(launched.stream().noneMatch(c -> c.contains("bash")), launched.toString());
        assertEquals(twins + "/osu_latency", launch(true).get(launch(true).indexOf("core") + 1));
    }

    @Test
    void anInstallationThatIsNotThereIsOneLineWithTheCommandThatInstallsIt() {
        assertEquals(1, run("--mpi", "impi", "latency"));
        assertEquals("compare.sh: impi is not installed in " + mpis.resolve("impi")
                + ": run scripts/install-mpi.sh impi\n", stderr());
        assertTrue(launched.isEmpty());
    }

    @Test
    void anotherLauncherInMpirunOrABadNameIsABadArgument() {
        env.put("MPIRUN", "mpirun");
        assertEquals(2, run("--mpi", "mpich5", "latency"));
        assertEquals("compare.sh: MPIRUN=mpirun and --mpi mpich5 name two launchers (" + mpis.resolve("mpich5")
                + "/bin/mpiexec): unset MPIRUN", stderr().lines().findFirst().orElse(""));
        err.reset();
        assertEquals(2, run("--mpi", "../mpich5", "latency"));
        assertTrue(stderr().startsWith("compare.sh: bad MPI name '../mpich5' (an installation of"
                + " scripts/install-mpi.sh: openmpi5, mpich5, mpich5-abi, impi)\n"), stderr());
        err.reset();
        assertEquals(2, run("latency", "--mpi"));
        assertTrue(stderr().startsWith("compare.sh: option --mpi needs a value\n"), stderr());
        assertTrue(launched.isEmpty());
    }
}
