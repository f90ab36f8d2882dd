package mpi.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Launches a Java main class of the packaged jar under the real {@code mpirun}, with
 * {@code -Xcheck:jni}, and captures what it printed. Maven's failsafe passes the jar and the
 * launcher as system properties {@code ombj.jar} and {@code ombj.mpirun}; {@link #runNative}
 * launches a native C twin from {@code ombj.cdir} instead. The launcher is a {@link Launcher}:
 * the default one (Open MPI's mpirun, or whatever {@code ombj.mpirun} names), or MPICH's
 * {@code mpiexec.mpich} with the MPICH build of target/mpich ({@link #mpich()}).
 */
final class MpiRun {
    private static final long TIMEOUT_SECONDS = 240;
    private static final String MPIRUN = System.getProperty("ombj.mpirun", "mpirun");
    private static final boolean OPEN_MPI = detectOpenMpi();
    /** The launcher of every run that names none: {@code ombj.mpirun}, Open MPI's by default. */
    static final Launcher DEFAULT = new Launcher(MPIRUN, OPEN_MPI, List.of());
    /** How the output of a run on this project's binding names it. */
    static final String OURS_BINDING = "# Binding: OMB-J JNI binding ";

    private MpiRun() {
    }

    /** What one mpirun printed and how it ended. */
    record Result(int exitCode, String stdout, String stderr) {
        /** The prefix of the line that names the binding, after the title and datatype. */
        static final String BINDING = "# Binding: ";

        /**
         * The lines of stdout as C OMB prints them: without the binding line, which C OMB has
         * not ({@link #bindingLine()} checks it).
         */
        List<String> stdoutLines() {
            List<String> lines = new ArrayList<>(Arrays.asList(stdout.split("\n", -1)));
            lines.removeIf(line -> line.startsWith(BINDING));
            return lines;
        }

        /**
         * @return the binding line, which must come once, right before the column header (the
         *         first line starting with "# " after it is not a comment but the header)
         */
        String bindingLine() {
            List<String> lines = Arrays.asList(stdout.split("\n", -1));
            List<String> found = lines.stream().filter(l -> l.startsWith(BINDING)).toList();
            if (found.size() != 1) {
                throw new AssertionError("expected one binding line, found " + found.size()
                        + "\n" + all());
            }
            int at = lines.indexOf(found.get(0));
            if (at < 2 || !lines.get(at - 1).startsWith("# ") || at + 1 >= lines.size()) {
                throw new AssertionError("the binding line is not after the title or datatype\n"
                        + all());
            }
            return found.get(0);
        }

        /** Everything printed, for assertion messages. */
        String all() {
            return "exit " + exitCode + "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n" + stderr;
        }

        /**
         * Lines in which the JVM's JNI checker (or anything else) warned, in any case: its
         * periodic signal check prints "Warning: SIGSEGV handler modified!", a library "UCX
         * WARN" or "WARNING"; the binding line (which may name a JNI binding) is no warning.
         */
        List<String> warnings() {
            List<String> found = new ArrayList<>();
            for (String line : (stdout + "\n" + stderr).split("\n")) {
                if (line.startsWith(BINDING)) {
                    continue;
                }
                String lower = line.toLowerCase(Locale.ROOT);
                if (lower.contains("warn") || line.contains("JNI")) {
                    found.add(line);
                }
            }
            return found;
        }
    }

    static Path jar() {
        Path jar = Paths.get(System.getProperty("ombj.jar", "target/omb-j.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: integration tests run after 'mvn package'");
        }
        return jar;
    }

    /** Runs {@code mainClass} from the jar on {@code np} ranks. */
    static Result run(int np, String mainClass, String... args) throws IOException, InterruptedException {
        return run(np, List.of(), jar().toString(), mainClass, args);
    }

    /** Runs {@code mainClass} from the jar plus the test classes (for probes that live in tests). */
    static Result runWithTestClasses(int np, String mainClass, String... args)
            throws IOException, InterruptedException {
        String testClasses = Paths.get("target", "test-classes").toAbsolutePath().toString();
        return run(np, List.of(), jar() + File.pathSeparator + testClasses, mainClass, args);
    }

    /**
     * As {@link #runWithTestClasses(int, String, String...)}, with options for mpirun itself
     * (such as {@code --mca osc sm,pt2pt}) placed before the program.
     */
    static Result runWithTestClasses(int np, List<String> mpirunOptions, String mainClass,
            String... args) throws IOException, InterruptedException {
        String testClasses = Paths.get("target", "test-classes").toAbsolutePath().toString();
        List<String> cmd = DEFAULT.start(np);
        cmd.addAll(mpirunOptions);
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xcheck:jni");
        cmd.addAll(List.of("-cp", jar() + File.pathSeparator + testClasses, mainClass));
        cmd.addAll(Arrays.asList(args));
        return launch(cmd);
    }

    static Result run(int np, List<String> jvmOptions, String classPath, String mainClass,
            String... args) throws IOException, InterruptedException {
        return run(np, List.of(), jvmOptions, classPath, mainClass, args);
    }

    /** As {@link #run(int, List, String, String, String...)}, with options for mpirun itself. */
    static Result run(int np, List<String> mpirunOptions, List<String> jvmOptions,
            String classPath, String mainClass, String... args)
            throws IOException, InterruptedException {
        return run(DEFAULT, np, mpirunOptions, jvmOptions, classPath, mainClass, args);
    }

    /** As {@link #run(int, List, List, String, String, String...)}, under {@code launcher}. */
    static Result run(Launcher launcher, int np, List<String> mpirunOptions,
            List<String> jvmOptions, String classPath, String mainClass, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = launcher.start(np);
        cmd.addAll(mpirunOptions);
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xcheck:jni");
        cmd.addAll(launcher.jvmOptions());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", classPath, mainClass));
        cmd.addAll(Arrays.asList(args));
        return launch(cmd);
    }

    /**
     * The directory of the native C twins (target/c), from the system property
     * {@code ombj.cdir}.
     */
    static Path cTwinDir() {
        Path dir = Paths.get(System.getProperty("ombj.cdir", "target/c"));
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException(dir + " is missing: the C twins are built by 'mvn package'");
        }
        return dir;
    }

    /** Runs the native C twin {@code program} (e.g. {@code osu_latency}) on {@code np} ranks. */
    static Result runNative(int np, String program, String... args) throws IOException, InterruptedException {
        return runNative(DEFAULT, cTwinDir(), np, program, args);
    }

    /** Runs the native C twin {@code program} of {@code cDir} on {@code np} ranks of {@code launcher}. */
    static Result runNative(Launcher launcher, Path cDir, int np, String program, String... args)
            throws IOException, InterruptedException {
        Path exe = cDir.resolve(program);
        if (!Files.isExecutable(exe)) {
            throw new IllegalStateException(exe + " is missing or not executable");
        }
        List<String> cmd = launcher.start(np);
        cmd.add(exe.toString());
        cmd.addAll(Arrays.asList(args));
        return launch(cmd);
    }

    private static Result launch(List<String> cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        env.put("OMPI_ALLOW_RUN_AS_ROOT", "1");
        env.put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        Path out = Files.createTempFile("mpirun", ".out");
        Path err = Files.createTempFile("mpirun", ".err");
        try {
            pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor();
                throw new AssertionError("mpirun hung for " + TIMEOUT_SECONDS + " s: " + String.join(" ", cmd)
                        + "\n" + Files.readString(out, StandardCharsets.UTF_8)
                        + "\n" + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static boolean detectOpenMpi() {
        try {
            Process p = new ProcessBuilder(MPIRUN, "--version").redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            return text.contains("Open MPI") || text.contains("OpenRTE");
        } catch (IOException e) {
            throw new IllegalStateException("cannot run '" + MPIRUN + " --version': " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    // ---- launchers (M1: MPICH) ----

    /**
     * How ranks are started: the launcher command, whether it is Open MPI's (which takes
     * {@code --oversubscribe} and {@code --mca}; MPICH's hydra takes neither), and the JVM
     * options that go with the MPI library it starts (the MPICH build's libombj.so).
     */
    record Launcher(String command, boolean openMpi, List<String> jvmOptions) {
        /** The command line up to the program: launcher, rank count, fixed options. */
        List<String> start(int np) {
            List<String> cmd = new ArrayList<>(List.of(command, "-np", Integer.toString(np)));
            if (openMpi) {
                // Tests may run more ranks than cores; each rank yields when idle so they all progress.
                cmd.addAll(List.of("--oversubscribe", "--mca", "mpi_yield_when_idle", "1"));
            }
            return cmd;
        }
    }

    /** MPICH's launcher (system property {@code ombj.mpich.mpiexec}, default mpiexec.mpich). */
    static final String MPICH_MPIEXEC = System.getProperty("ombj.mpich.mpiexec", "mpiexec.mpich");

    /** The MPICH build of 'mvn package' (system property {@code ombj.mpich.dir}): native/, c/. */
    static Path mpichDir() {
        return Paths.get(System.getProperty("ombj.mpich.dir", "target/mpich"));
    }

    /**
     * MPICH's hydra launcher with the MPICH build of the JNI library on java.library.path
     * (where mpi.NativeLibrary looks before the jar's copy, built with the default MPI).
     *
     * @throws AssertionError naming what is missing when MPICH or its build is not there: a
     *         test under MPICH fails rather than skips on a machine without it
     */
    static Launcher mpich() {
        Path lib = mpichDir().resolve("native").resolve("libombj.so");
        if (!onPath(MPICH_MPIEXEC) || !Files.isRegularFile(lib)) {
            throw new AssertionError("MPICH is not installed or not built: need '" + MPICH_MPIEXEC
                    + "' on PATH and " + lib + " (run scripts/install-deps.sh, which installs"
                    + " Debian's mpich and libmpich-dev, then 'mvn package', which builds"
                    + " target/mpich when mpicc.mpich is found)");
        }
        return new Launcher(MPICH_MPIEXEC, false,
                List.of("-Djava.library.path=" + lib.getParent().toAbsolutePath()));
    }

    /** Whether {@code command} is a path to an executable or found on PATH. */
    static boolean onPath(String command) {
        if (command.contains(File.separator)) {
            return Files.isExecutable(Paths.get(command));
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Paths.get(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
