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
import java.util.regex.Pattern;

import mpi.installation.MpiInstallation;

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
    /**
     * The launcher of every run that names none: the installation of scripts/install-mpi.sh
     * that the system property {@code ombj.it.mpi} names (e.g. {@code mpich5-abi}, for the FFM
     * backend on MPICH 5's standard ABI), else {@code ombj.mpirun}'s, Open MPI's by default.
     */
    /**
     * The tag of a test whose subject happens in Java, before or around MPI, the same on every
     * backend (an option refused, the suite runner's own work): the FFM executions leave it
     * out ({@code excludedGroups} in pom.xml), the default one runs it.
     */
    static final String BACKEND_NEUTRAL = "backend-neutral";
    /**
     * The tag of a test that runs every benchmark of the suite: the ffm-openmpi execution
     * leaves it out, where OtherMpiIT runs every group on the FFM backend (Open MPI 5.0).
     */
    static final String EVERY_BENCHMARK = "every-benchmark";

    static final Launcher DEFAULT = new Launcher(defaultMpi(), List.of());
    private static final boolean OPEN_MPI = DEFAULT.openMpi();
    /**
     * The backend the binding runs on in these tests: system property {@code ombj.it.backend},
     * {@code jni} (the default) or {@code ffm}, which failsafe's FFM executions set, with a JDK
     * 22 or later as the tests' (and so the ranks') java; the MPI library it opens is the
     * installation's of {@code ombj.it.mpi}, or the launcher's default.
     */
    static final String BACKEND = System.getProperty("ombj.it.backend", "jni");
    /**
     * The JVM options of every checked run of the binding: the JNI checker (under the FFM
     * backend it checks the JNI helpers it loads) and the backend's own.
     */
    static final List<String> JVM_CHECKS = jvmChecks();
    /** How the output of a run on this project's binding names it. */
    static final String OURS_BINDING = "# Binding: OMB-J " + BACKEND.toUpperCase(Locale.ROOT)
            + " binding ";

    private static MpiInstallation defaultMpi() {
        String name = System.getProperty("ombj.it.mpi", "");
        if (name.isEmpty()) {
            return MpiInstallation.onPath(MPIRUN, "mpicc");
        }
        try {
            return MpiInstallation.installed(name);
        } catch (IOException e) {
            throw new IllegalStateException("-Dombj.it.mpi=" + name + ": " + e.getMessage(), e);
        }
    }

    private static List<String> jvmChecks() {
        List<String> options = new ArrayList<>(List.of("-Xcheck:jni"));
        if (BACKEND.equals("ffm")) {
            options.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-Dombj.backend=ffm"));
            Path library = DEFAULT.mpi().library();
            if (library != null) {
                options.add("-Dombj.mpi=" + library);
            }
        } else if (!BACKEND.equals("jni")) {
            throw new IllegalStateException("-Dombj.it.backend=" + BACKEND + ": jni or ffm");
        }
        return List.copyOf(options);
    }

    private MpiRun() {
    }

    /** What one mpirun printed and how it ended. */
    record Result(int exitCode, String stdout, String stderr) {
        /** The prefix of the line that names the binding, after the title and datatype. */
        static final String BINDING = "# Binding: ";

        /**
         * The lines of stdout as C OMB prints them: without the binding line, which C OMB has
         * not ({@link #bindingLine()} checks it), nor the line on the JIT warm-up: stopped at
         * its cap, which comes or not by the machine's load ({@link WarmUpIT} checks it), or
         * off ({@code --jit-warmup off}).
         */
        List<String> stdoutLines() {
            List<String> lines = new ArrayList<>(Arrays.asList(stdout.split("\n", -1)));
            lines.removeIf(line -> line.startsWith(BINDING)
                    || line.startsWith(mpi.common.WarmUpRule.LINE));
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
            if (at < 1 || !lines.get(at - 1).startsWith("# ") || at + 1 >= lines.size()) {
                throw new AssertionError("the binding line is not after the title or datatype\n"
                        + all());
            }
            return found.get(0);
        }

        /** Everything printed, for assertion messages. */
        String all() {
            return "exit " + exitCode + "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n" + stderr;
        }

        /** Open MPI's launcher's libevent line that a rank's abnormal end can race into. */
        private static final Pattern LAUNCHER_EPOLL =
                Pattern.compile("\\[warn\\] Epoll [A-Z]+\\(\\d+\\) on fd \\d+ failed\\..*");

        /**
         * Lines in which the JVM's JNI checker (or anything else) warned, in any case: its
         * periodic signal check prints "Warning: SIGSEGV handler modified!", a library "UCX
         * WARN" or "WARNING". The binding line (which may name a JNI binding) is no warning,
         * nor, in a run that failed, the libevent line of Open MPI's launcher that a rank's
         * abnormal end can race into ("[warn] Epoll MOD(1) on fd 25 failed. ...",
         * open-mpi/ompi#2004).
         */
        List<String> warnings() {
            List<String> found = new ArrayList<>();
            for (String line : (stdout + "\n" + stderr).split("\n")) {
                if (line.startsWith(BINDING)
                        || exitCode != 0 && LAUNCHER_EPOLL.matcher(line).matches()) {
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
        cmd.addAll(JVM_CHECKS);
        cmd.addAll(List.of("-cp", jar() + File.pathSeparator + testClasses, mainClass));
        cmd.addAll(Arrays.asList(args));
        return launch(cmd, DEFAULT.environment());
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

    /**
     * As {@link #run(int, List, String, String, String...)} but without {@code -Xcheck:jni}:
     * only for Java arrays of a gibibyte, which the checked JVM copies whole (and fills and
     * compares its guards around) at every GetPrimitiveArrayCritical, however few of their
     * bytes the call moves: about a second per call, so that the harness's JIT warm-up at
     * 1 KiB would take hours. The same JNI calls run checked, on smaller arrays, in every
     * other integration test.
     */
    static Result runWithoutJniChecks(int np, List<String> jvmOptions, String mainClass,
            String... args) throws IOException, InterruptedException {
        List<String> cmd = DEFAULT.start(np);
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_CHECKS.subList(1, JVM_CHECKS.size())); // the backend's, unchecked
        cmd.addAll(DEFAULT.jvmOptions());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", jar().toString(), mainClass));
        cmd.addAll(Arrays.asList(args));
        return launch(cmd, DEFAULT.environment());
    }

    /** As {@link #run(int, List, List, String, String, String...)}, under {@code launcher}. */
    static Result run(Launcher launcher, int np, List<String> mpirunOptions,
            List<String> jvmOptions, String classPath, String mainClass, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = launcher.start(np);
        cmd.addAll(mpirunOptions);
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_CHECKS);
        cmd.addAll(launcher.jvmOptions());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", classPath, mainClass));
        cmd.addAll(Arrays.asList(args));
        return launch(cmd, launcher.environment());
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
        return launch(cmd, launcher.environment());
    }

    /**
     * Runs {@code java} on {@code np} ranks with {@code javaArgs} as they are (JVM options,
     * then {@code -jar} or {@code -cp} and the program, then its arguments), as a user types
     * them: no {@code -Xcheck:jni}. It may take {@code timeoutSeconds} before it counts as hung.
     */
    static Result runJava(Path java, int np, List<String> javaArgs, long timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> cmd = DEFAULT.start(np);
        cmd.add(java.toString());
        cmd.addAll(javaArgs);
        return launch(cmd, DEFAULT.environment(), timeoutSeconds);
    }

    private static Result launch(List<String> cmd, Map<String, String> env)
            throws IOException, InterruptedException {
        return launch(cmd, env, TIMEOUT_SECONDS);
    }

    /** Runs {@code cmd} with {@code env} added to this JVM's environment. */
    private static Result launch(List<String> cmd, Map<String, String> env, long timeoutSeconds)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(env);
        Path out = Files.createTempFile("mpirun", ".out");
        Path err = Files.createTempFile("mpirun", ".err");
        try {
            pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor();
                throw new AssertionError("mpirun hung for " + timeoutSeconds + " s: " + String.join(" ", cmd)
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

    // ---- launchers (M1: MPICH) ----

    /**
     * How ranks are started: the MPI installation whose launcher starts them (which holds
     * every difference between launchers), and the JVM options that go with the MPI library
     * it starts (e.g. the MPICH build's libombj.so on java.library.path).
     */
    record Launcher(MpiInstallation mpi, List<String> jvmOptions) {
        /** The command line up to the program: launcher, rank count, fixed options. */
        List<String> start(int np) {
            return mpi.start(np);
        }

        /** The variables a launch adds to this JVM's environment. */
        Map<String, String> environment() {
            return mpi.environment();
        }

        /** @return whether the launcher is Open MPI's (which takes {@code --mca}, {@code -x}) */
        boolean openMpi() {
            return mpi.family() == MpiInstallation.Family.OPEN_MPI;
        }
    }

    /** MPICH's launcher (system property {@code ombj.mpich.mpiexec}, default mpiexec.mpich). */
    static final String MPICH_MPIEXEC = System.getProperty("ombj.mpich.mpiexec", "mpiexec.mpich");
    /** MPICH's compiler wrapper (system property {@code ombj.mpich.mpicc}). */
    static final String MPICH_MPICC = System.getProperty("ombj.mpich.mpicc", "mpicc.mpich");

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
                    + "' on PATH and " + lib + " (run the tests with scripts/test.sh, which"
                    + " installs Debian's mpich and libmpich-dev, and whose build makes"
                    + " target/mpich when mpicc.mpich is found)");
        }
        return new Launcher(MpiInstallation.onPath(MPICH_MPIEXEC, MPICH_MPICC),
                List.of("-Djava.library.path=" + lib.getParent().toAbsolutePath()));
    }

    /**
     * The MPICH whose own behaviour a test checks (UcxSignalsIT): the execution's MPI where it
     * is an MPICH ({@code ffm-mpich5-abi}: MPICH 5.0.2 over UCX, FFM backend), else Debian's
     * with the MPICH build of the JNI library ({@link #mpich()}).
     */
    static Launcher mpichUnderTest() {
        return DEFAULT.mpi().family() == MpiInstallation.Family.MPICH ? DEFAULT : mpich();
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

    /**
     * One launch of the suite runner under {@code launcher} (e.g. {@link #mpich()}), on the jar
     * plus the test classes, cut per entry as {@link #suite(int, List, int)} cuts it. It may
     * take as long as {@code entries.size()} single runs before it counts as hung.
     *
     * @param launcherOptions options for the launcher itself (hydra's {@code -genv NAME VALUE})
     * @param entries         the entries, each a benchmark or group and its arguments
     * @param runs            how many benchmarks the entries run (a group runs several)
     * @return the whole launch's result and its cut: one part per benchmark run
     */
    static SuiteLaunch suite(Launcher launcher, int np, List<String> launcherOptions,
            List<List<String>> entries, int runs) throws IOException, InterruptedException {
        List<String> cmd = launcher.start(np);
        cmd.addAll(launcherOptions);
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_CHECKS);
        cmd.addAll(launcher.jvmOptions());
        cmd.addAll(List.of("-cp", jar().toAbsolutePath() + File.pathSeparator
                + Paths.get("target", "test-classes").toAbsolutePath(), SUITE));
        for (List<String> e : entries) {
            if (e != entries.get(0)) {
                cmd.add("--");
            }
            cmd.addAll(e);
        }
        Result whole = launch(cmd, launcher.environment(), TIMEOUT_SECONDS * runs);
        List<String> statuses = new ArrayList<>();
        List<Result> parts = new ArrayList<>();
        cutSuite(whole, runs, statuses, parts);
        return new SuiteLaunch(whole, statuses, parts);
    }

    /**
     * A launch of {@link #suite(Launcher, int, List, List, int)}: everything it printed, and
     * per benchmark run its word in the summary and what it printed.
     */
    record SuiteLaunch(Result whole, List<String> statuses, List<Result> parts) {
    }

    // ---- Several hosts (issue 11 item 2, MultiHostIT): mpirun started by a wrapper ----

    /** @return whether the launcher under test is Open MPI's mpirun */
    static boolean isOpenMpi() {
        return OPEN_MPI;
    }

    /**
     * The command line {@link #runWithTestClasses(int, List, String, String...)} runs: mpirun
     * with its options, then java with {@code -Xcheck:jni}, the jar and the test classes, the
     * class and its arguments. A caller may start it through a wrapper
     * ({@link #runCommand(List)}).
     */
    static List<String> commandWithTestClasses(int np, List<String> mpirunOptions,
            String mainClass, String... args) {
        String testClasses = Paths.get("target", "test-classes").toAbsolutePath().toString();
        List<String> cmd = DEFAULT.start(np);
        cmd.addAll(mpirunOptions);
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_CHECKS);
        cmd.addAll(List.of("-cp", jar().toAbsolutePath() + File.pathSeparator + testClasses,
                mainClass));
        cmd.addAll(Arrays.asList(args));
        return cmd;
    }

    /**
     * Runs a whole command line as the other methods run mpirun (allowed to run as root, the
     * same time limit, after which the command and everything it started are killed; stdout
     * and stderr captured), e.g. mpirun behind a wrapper that starts it on another host.
     */
    static Result runCommand(List<String> cmd) throws IOException, InterruptedException {
        return launch(cmd, DEFAULT.environment());
    }

    /**
     * Runs a whole command line with only {@code env} added to this JVM's environment (none of
     * the launcher's), as a user who typed it runs it; it may take {@code timeoutSeconds}
     * before it counts as hung, and is then killed with everything it started.
     */
    static Result runCommand(List<String> cmd, Map<String, String> env, long timeoutSeconds)
            throws IOException, InterruptedException {
        return launch(cmd, env, timeoutSeconds);
    }

    // ---- S1: many benchmarks in one launch, through the suite runner (mpi.suite.OSUSuite) ----

    /** The suite runner's main class. */
    static final String SUITE = "mpi.suite.OSUSuite";
    /** The title line that starts the suite's summary, after the benchmarks' tables. */
    static final String SUITE_SUMMARY = "# OSU MPI-Java Suite Summary v7.4";
    private static final Map<List<Object>, Object> SUITES = new java.util.HashMap<>();

    /**
     * A suite run cut per benchmark: for each entry, in order, its word in the summary
     * ({@code passed}, {@code ran}, {@code FAILED}, {@code REFUSED}, {@code skipped}) and a
     * {@link Result} as if it had run alone: the stdout it printed (empty if it did not run),
     * its exit code as alone (0 for passed and ran, else 1), and the stderr of its launch.
     *
     * @param entries  the entries, each a benchmark and its arguments
     * @param statuses the summary's word for each
     * @param parts    what each printed
     */
    record SuiteRun(List<List<String>> entries, List<String> statuses, List<Result> parts) {
        /** @return the part of the first entry equal to {@code entry} */
        Result part(List<String> entry) {
            int at = entries.indexOf(entry);
            if (at < 0) {
                throw new IllegalArgumentException("not an entry of this suite: " + entry);
            }
            return parts.get(at);
        }

        /** @return the summary's word for the first entry equal to {@code entry} */
        String status(List<String> entry) {
            return statuses.get(entries.indexOf(entry));
        }
    }

    /**
     * Runs benchmarks through the suite runner, at most {@code perLaunch} per launch, and
     * remembers the result: tests that share a list of entries share its launches (a failed
     * launch is remembered too, so that it is not repeated for every test).
     *
     * @param np            the number of ranks
     * @param mpirunOptions options for mpirun itself
     * @param classPath     the class path
     * @param entries       the entries, each a benchmark and its arguments
     * @param perLaunch     the most entries one launch runs
     * @return what each entry printed and how it ended
     */
    static SuiteRun suite(int np, List<String> mpirunOptions, String classPath,
            List<List<String>> entries, int perLaunch) throws Exception {
        return suite(np, mpirunOptions, classPath, entries, perLaunch, NO_PROLOGUE);
    }

    /**
     * As {@link #suite(int, List, String, List, int)}, for benchmarks that print lines before
     * their table's blank line and title (such as a topology's): the lines matching
     * {@code prologue} right before a table belong to it, not to the table above.
     */
    static synchronized SuiteRun suite(int np, List<String> mpirunOptions, String classPath,
            List<List<String>> entries, int perLaunch, Pattern prologue) throws Exception {
        List<Object> key = List.of(np, mpirunOptions, classPath, entries, perLaunch,
                prologue.pattern());
        if (!SUITES.containsKey(key)) {
            Object done;
            try {
                List<String> statuses = new ArrayList<>();
                List<Result> parts = new ArrayList<>();
                for (int from = 0; from < entries.size(); from += perLaunch) {
                    List<List<String>> some = entries.subList(from, Math.min(entries.size(),
                            from + perLaunch));
                    List<String> args = new ArrayList<>();
                    for (List<String> e : some) {
                        if (!args.isEmpty()) {
                            args.add("--");
                        }
                        args.addAll(e);
                    }
                    Result whole = runSuiteLaunch(np, mpirunOptions, classPath, args,
                            some.size());
                    cutSuite(whole, some.size(), statuses, parts, prologue);
                }
                done = new SuiteRun(List.copyOf(entries), statuses, parts);
            } catch (Exception | AssertionError e) {
                done = e;
            }
            SUITES.put(key, done);
        }
        Object done = SUITES.get(key);
        if (done instanceof Exception e) {
            throw e;
        }
        if (done instanceof AssertionError e) {
            throw e;
        }
        return (SuiteRun) done;
    }

    /**
     * One launch of the suite runner with {@code runs} runs: as {@link #run}, but it may take
     * as long as that many single runs together before it counts as hung.
     */
    private static Result runSuiteLaunch(int np, List<String> mpirunOptions, String classPath,
            List<String> args, int runs) throws IOException, InterruptedException {
        List<String> cmd = DEFAULT.start(np);
        cmd.addAll(mpirunOptions);
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_CHECKS);
        cmd.addAll(List.of("-cp", classPath, SUITE));
        cmd.addAll(args);
        return launch(cmd, DEFAULT.environment(), TIMEOUT_SECONDS * runs);
    }

    /** As {@link #suite(int, List, String, List, int)} on the jar plus the test classes. */
    static SuiteRun suite(int np, List<List<String>> entries, int perLaunch) throws Exception {
        String testClasses = Paths.get("target", "test-classes").toAbsolutePath().toString();
        return suite(np, List.of(), jar() + File.pathSeparator + testClasses, entries, perLaunch);
    }

    /**
     * Cuts a suite's stdout at the empty line before each title ({@code # OSU MPI-Java ...}):
     * one piece per entry that printed (passed, ran, FAILED), then the summary, whose lines
     * give each entry's word.
     */
    static void cutSuite(Result whole, int entries, List<String> statuses, List<Result> parts) {
        cutSuite(whole, entries, statuses, parts, NO_PROLOGUE);
    }

    /** No line is a prologue. */
    private static final Pattern NO_PROLOGUE = Pattern.compile("(?!)");

    /**
     * As {@link #cutSuite(Result, int, List, List)}, a piece starting with the lines matching
     * {@code prologue} right before its blank line and title; the launch's exit code must be
     * the summary's (1 if a run failed or was refused, else 0).
     */
    static void cutSuite(Result whole, int entries, List<String> statuses, List<Result> parts,
            Pattern prologue) {
        List<String> lines = Arrays.asList(whole.stdout().split("\n", -1));
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).isEmpty() && lines.get(i + 1).startsWith("# OSU MPI-Java ")) {
                int start = i;
                while (start > 0 && prologue.matcher(lines.get(start - 1)).matches()) {
                    start--;
                }
                starts.add(start);
            }
        }
        int summary = starts.isEmpty() ? -1 : starts.get(starts.size() - 1);
        if (summary < 0 || !lines.get(summary + 1).startsWith(SUITE_SUMMARY)
                || !lines.get(summary).isEmpty()) {
            throw new AssertionError("no suite summary\n" + whole.all());
        }
        List<String> words = new ArrayList<>();
        for (String line : lines.subList(summary + 3, lines.size())) {
            if (line.startsWith("# Total: ")) {
                break;
            }
            words.add(line.substring(2).split(" ", 2)[0]);
        }
        if (words.size() != entries) {
            throw new AssertionError("the summary lists " + words.size() + " runs, not " + entries
                    + "\n" + whole.all());
        }
        int piece = 0;
        for (String word : words) {
            boolean printed = word.equals("passed") || word.equals("ran") || word.equals("FAILED");
            String out = "";
            if (printed) {
                if (piece + 1 >= starts.size()) {
                    throw new AssertionError("fewer tables than runs\n" + whole.all());
                }
                out = String.join("\n", lines.subList(starts.get(piece), starts.get(piece + 1)))
                        + "\n";
                piece++;
            }
            statuses.add(word);
            parts.add(new Result(word.equals("passed") || word.equals("ran") ? 0 : 1, out,
                    whole.stderr()));
        }
        if (piece != starts.size() - 1) {
            throw new AssertionError("more tables than runs\n" + whole.all());
        }
        int exitCode = words.stream().anyMatch(w -> w.equals("FAILED") || w.equals("REFUSED"))
                ? 1 : 0;
        if (whole.exitCode() != exitCode) {
            throw new AssertionError("the suite exited with " + whole.exitCode() + ", not "
                    + exitCode + " as its summary says\n" + whole.all());
        }
    }

    // ---- Faults (issue 11 item 3): a run the test watches and disturbs while it runs ----

    /**
     * One program of a run: {@code np} ranks of {@code mainClass}, on the jar and the test
     * classes, with these JVM options (after {@code -Xcheck:jni}). Several make an MPMD run
     * ({@code mpirun -np 1 ... : -np 1 ...}), the first taking the lowest ranks.
     */
    record App(int np, List<String> jvmOptions, String mainClass, List<String> args) {
        App(int np, String mainClass, String... args) {
            this(np, List.of(), mainClass, List.of(args));
        }
    }

    /**
     * Starts mpirun on {@code apps} and returns at once, with its output going to files that
     * {@link Live} reads while it runs. The command is that of {@link #run}, with the apps
     * separated by {@code :}.
     */
    static Live start(App... apps) throws IOException {
        return start(DEFAULT, apps);
    }

    /** As {@link #start(App...)}, under {@code launcher}. */
    static Live start(Launcher launcher, App... apps) throws IOException {
        String classPath = jar() + File.pathSeparator
                + Paths.get("target", "test-classes").toAbsolutePath();
        List<String> cmd = new ArrayList<>(List.of(launcher.mpi().launcher()));
        cmd.addAll(launcher.mpi().options(MpiInstallation.Waiting.YIELD));
        for (int i = 0; i < apps.length; i++) {
            if (i > 0) {
                cmd.add(":");
            }
            cmd.addAll(List.of("-np", Integer.toString(apps[i].np())));
            cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(JVM_CHECKS);
            cmd.addAll(launcher.jvmOptions());
            cmd.addAll(apps[i].jvmOptions());
            cmd.addAll(List.of("-cp", classPath, apps[i].mainClass()));
            cmd.addAll(apps[i].args());
        }
        return new Live(cmd, launcher.environment(), launcher.mpi().rankVariable());
    }

    /** A running mpirun: its process, its output so far, its ranks' JVMs; closing kills what is left. */
    static final class Live implements AutoCloseable {
        private static final long POLL_MILLIS = 50;
        private final List<String> command;
        private final Path out;
        private final Path err;
        private final Process process;
        private final String rankVariable;

        private Live(List<String> command, Map<String, String> env, String rankVariable)
                throws IOException {
            this.command = command;
            this.rankVariable = rankVariable;
            this.out = Files.createTempFile("mpirun", ".out");
            this.err = Files.createTempFile("mpirun", ".err");
            ProcessBuilder pb = new ProcessBuilder(command);
            pb.environment().putAll(env);
            pb.redirectOutput(out.toFile()).redirectError(err.toFile());
            this.process = pb.start();
            process.getOutputStream().close();
        }

        /** @return mpirun's process */
        Process process() {
            return process;
        }

        /** @return what mpirun printed on stdout so far */
        String stdout() throws IOException {
            return Files.readString(out, StandardCharsets.UTF_8);
        }

        /** @return what mpirun printed on stderr so far */
        String stderr() throws IOException {
            return Files.readString(err, StandardCharsets.UTF_8);
        }

        /**
         * Waits until stdout or stderr contains {@code text}.
         *
         * @throws AssertionError if mpirun ends first or {@code seconds} pass
         */
        void awaitOutput(String text, long seconds) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (!stdout().contains(text) && !stderr().contains(text)) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError("no '" + text + "' " + (process.isAlive()
                            ? "within " + seconds + " s" : "before mpirun ended") + "\n" + what());
                }
                Thread.sleep(POLL_MILLIS);
            }
        }

        /**
         * @return the JVMs among mpirun's descendants, in rank order, once there are
         *         {@code ranks} of them, each with its rank in its environment
         * @throws AssertionError if they are not all there within {@code seconds}
         */
        List<ProcessHandle> jvms(int ranks, long seconds) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (true) {
                ProcessHandle[] byRank = new ProcessHandle[ranks];
                int found = 0;
                for (ProcessHandle h : process.descendants().toList()) {
                    boolean java = h.info().command().map(c -> c.endsWith("/java")).orElse(false);
                    int rank = java ? rankOf(h, rankVariable) : -1;
                    if (rank >= 0 && rank < ranks && byRank[rank] == null) {
                        byRank[rank] = h;
                        found++;
                    }
                }
                if (found == ranks) {
                    return List.of(byRank);
                }
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError("found " + found + " of " + ranks + " rank JVMs\n"
                            + what());
                }
                Thread.sleep(POLL_MILLIS);
            }
        }

        /**
         * @return the rank of a process of the launcher, from {@code variable} in its
         *         environment ({@code /proc/PID/environ}); -1 if it has none (yet)
         * @see MpiInstallation#rankVariable()
         */
        static int rankOf(ProcessHandle h, String variable) {
            try {
                byte[] env = Files.readAllBytes(Paths.get("/proc", Long.toString(h.pid()), "environ"));
                for (String entry : new String(env, StandardCharsets.UTF_8).split("\0")) {
                    if (entry.startsWith(variable + "=")) {
                        return Integer.parseInt(entry.substring(variable.length() + 1));
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // gone, or not ours: no rank
            }
            return -1;
        }

        /**
         * Waits for mpirun to end.
         *
         * @return how it ended and everything it printed
         * @throws AssertionError if it is still running after {@code seconds}, after killing
         *         it and its descendants
         */
        Result awaitExit(long seconds) throws IOException, InterruptedException {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                String was = what();
                close();
                throw new AssertionError("mpirun still running after " + seconds + " s\n" + was);
            }
            return new Result(process.exitValue(), stdout(), stderr());
        }

        /** The command and the output so far, for assertion messages. */
        String what() throws IOException {
            return String.join(" ", command) + "\n--- stdout ---\n" + stdout()
                    + "\n--- stderr ---\n" + stderr();
        }

        /** Kills whatever of the run is left, then deletes the output files. */
        @Override
        public void close() throws IOException, InterruptedException {
            if (process.isAlive()) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor();
            }
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
