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
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Launches a Java main class of the packaged jar under the real {@code mpirun}, with
 * {@code -Xcheck:jni}, and captures what it printed. Maven's failsafe passes the jar and the
 * launcher as system properties {@code ombj.jar} and {@code ombj.mpirun}; {@link #runNative}
 * launches a native C twin from {@code ombj.cdir} instead.
 */
final class MpiRun {
    private static final long TIMEOUT_SECONDS = 240;
    private static final String MPIRUN = System.getProperty("ombj.mpirun", "mpirun");
    private static final boolean OPEN_MPI = detectOpenMpi();
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
         * Lines in which the JVM's JNI checker (or anything else) warned; the binding line
         * (which may name a JNI binding) is no warning.
         */
        List<String> warnings() {
            List<String> found = new ArrayList<>();
            for (String line : (stdout + "\n" + stderr).split("\n")) {
                if (line.startsWith(BINDING)) {
                    continue;
                }
                if (line.contains("WARNING") || line.contains("JNI")) {
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
        List<String> cmd = new ArrayList<>(List.of(MPIRUN, "-np", Integer.toString(np)));
        if (OPEN_MPI) {
            cmd.addAll(List.of("--oversubscribe", "--mca", "mpi_yield_when_idle", "1"));
        }
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
        List<String> cmd = new ArrayList<>(List.of(MPIRUN, "-np", Integer.toString(np)));
        if (OPEN_MPI) {
            // Tests may run more ranks than cores; each rank yields when idle so they all progress.
            cmd.addAll(List.of("--oversubscribe", "--mca", "mpi_yield_when_idle", "1"));
        }
        cmd.addAll(mpirunOptions);
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xcheck:jni");
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
        Path exe = cTwinDir().resolve(program);
        if (!Files.isExecutable(exe)) {
            throw new IllegalStateException(exe + " is missing or not executable");
        }
        List<String> cmd = new ArrayList<>(List.of(MPIRUN, "-np", Integer.toString(np)));
        if (OPEN_MPI) {
            cmd.addAll(List.of("--oversubscribe", "--mca", "mpi_yield_when_idle", "1"));
        }
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
        String classPath = jar() + File.pathSeparator
                + Paths.get("target", "test-classes").toAbsolutePath();
        List<String> cmd = new ArrayList<>(List.of(MPIRUN));
        if (OPEN_MPI) {
            cmd.addAll(List.of("--oversubscribe", "--mca", "mpi_yield_when_idle", "1"));
        }
        for (int i = 0; i < apps.length; i++) {
            if (i > 0) {
                cmd.add(":");
            }
            cmd.addAll(List.of("-np", Integer.toString(apps[i].np())));
            cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add("-Xcheck:jni");
            cmd.addAll(apps[i].jvmOptions());
            cmd.addAll(List.of("-cp", classPath, apps[i].mainClass()));
            cmd.addAll(apps[i].args());
        }
        return new Live(cmd);
    }

    /** A running mpirun: its process, its output so far, its ranks' JVMs; closing kills what is left. */
    static final class Live implements AutoCloseable {
        private static final long POLL_MILLIS = 50;
        private final List<String> command;
        private final Path out;
        private final Path err;
        private final Process process;

        private Live(List<String> command) throws IOException {
            this.command = command;
            this.out = Files.createTempFile("mpirun", ".out");
            this.err = Files.createTempFile("mpirun", ".err");
            ProcessBuilder pb = new ProcessBuilder(command);
            pb.environment().put("OMPI_ALLOW_RUN_AS_ROOT", "1");
            pb.environment().put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
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
                    int rank = java ? rankOf(h) : -1;
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
         * @return the rank of an Open MPI process, from {@code OMPI_COMM_WORLD_RANK} in its
         *         environment ({@code /proc/PID/environ}); -1 if it has none (yet)
         */
        static int rankOf(ProcessHandle h) {
            try {
                byte[] env = Files.readAllBytes(Paths.get("/proc", Long.toString(h.pid()), "environ"));
                for (String entry : new String(env, StandardCharsets.UTF_8).split("\0")) {
                    if (entry.startsWith("OMPI_COMM_WORLD_RANK=")) {
                        return Integer.parseInt(entry.substring("OMPI_COMM_WORLD_RANK=".length()));
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
