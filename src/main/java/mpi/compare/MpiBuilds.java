package mpi.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import mpi.installation.OtherMpiBuild;

/**
 * Builds what a comparison on an installation of scripts/install-mpi.sh needs and lacks: the C
 * twins and our JNI library, each with the installation's mpicc ({@link OtherMpiBuild}), as
 * {@code mvn package} builds them for the main MPI. What is there is kept, unless a source is
 * newer (after a pull, as make would); the builds run through the launcher, so a test sees
 * their commands, and are announced in one line.
 */
final class MpiBuilds {
    /** The C twins' sources, relative to the project directory. */
    static final Path C_SOURCES = Path.of("src", "main", "c");
    /** The JNI library's sources (not its helpers, which are MPI-independent and in the jar). */
    static final Path NATIVE_SOURCES = Path.of("src", "main", "native");

    private final Launcher launcher;
    private final PrintStream err;
    private final String prog;

    MpiBuilds(Launcher launcher, PrintStream err) {
        this(launcher, err, Compare.PROG);
    }

    /** @param prog the name that the announcement starts with (the command the user typed) */
    MpiBuilds(Launcher launcher, PrintStream err, String prog) {
        this.launcher = launcher;
        this.err = err;
        this.prog = prog;
    }

    /**
     * @param build the installation and where its builds go
     * @param twins the C twins the comparison runs (none when CDIR names the user's own)
     * @param jni   whether a run loads our JNI library (our binding on its JNI backend)
     * @throws RunFailure when a build fails: its command and the end of its output
     */
    void prepare(OtherMpiBuild build, List<String> twins, boolean jni) throws RunFailure {
        List<String> what = new ArrayList<>();
        List<List<String>> commands = new ArrayList<>();
        if (twins.stream().anyMatch(t -> outdated(build.cDir().resolve(t), C_SOURCES))) {
            what.add("the C twins");
            commands.add(build.cTwinsCommand(OtherMpiBuild.C_CFLAGS));
        }
        if (jni && outdated(build.library(), NATIVE_SOURCES)) {
            what.add("the JNI library");
            // The JDK of this JVM has jni.h; the headers are those of the jar's classes.
            commands.add(build.nativeCommand(System.getProperty("java.home"),
                    OtherMpiBuild.JNI_HEADERS, OtherMpiBuild.NATIVE_CFLAGS));
        }
        if (commands.isEmpty()) {
            return;
        }
        err.println(prog + ": building " + String.join(" and ", what) + " for "
                + build.mpi().name() + " with " + build.mpi().mpicc() + " into " + build.dir());
        for (List<String> command : commands) {
            List<String> cmd = RunMpi.withEnvironment(build.mpi().env(), command);
            Launcher.Output out = launcher.runOrFail(cmd);
            if (out.exitCode() != 0) {
                throw new RunFailure("build failed: " + String.join(" ", cmd), out.tail(20));
            }
        }
    }

    /**
     * @param built   a file a build makes
     * @param sources the folder of its sources (its .c and .h files; none when it is absent,
     *                e.g. a jar used away from the project)
     * @return whether {@code built} is missing or older than one of the sources
     */
    static boolean outdated(Path built, Path sources) {
        if (!Files.isRegularFile(built)) {
            return true;
        }
        if (!Files.isDirectory(sources)) {
            return false;
        }
        try (Stream<Path> files = Files.list(sources)) {
            long made = Files.getLastModifiedTime(built).toMillis();
            return files.filter(f -> f.toString().endsWith(".c") || f.toString().endsWith(".h"))
                    .anyMatch(f -> modified(f) > made);
        } catch (IOException e) {
            return true; // unreadable: build again rather than run something stale
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }
}
