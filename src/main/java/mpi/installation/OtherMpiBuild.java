package mpi.installation;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * What the project builds for an installation other than the main build's, and where: the
 * JNI library ({@value #NATIVE_SCRIPT}) into ROOT/NAME/native and the C twins
 * ({@value #C_SCRIPT}) into ROOT/NAME/c, each with the installation's compiler wrapper (for
 * NAME-abi the standard ABI's, so both link its {@code libmpi_abi.so}). ROOT is
 * {@link #DEFAULT_ROOT} unless told. The commands are given, not run: the integration tests
 * run them with their own process builder, the compare tool through its launcher; either
 * sets the installation's {@link MpiInstallation#env()} for them.
 *
 * @param mpi  the installation
 * @param root the folder of all such builds, one folder per installation's name in it
 */
public record OtherMpiBuild(MpiInstallation mpi, Path root) {
    /** Where the builds go by default, relative to the project directory. */
    public static final Path DEFAULT_ROOT = Paths.get("target", "other-mpi");
    /** The JNI library's build script, as Maven runs it: MPICC JAVA_HOME HEADERS OUT CFLAGS. */
    public static final String NATIVE_SCRIPT = "src/main/native/build.sh";
    /** The C twins' build script, as Maven runs it: MPICC OUTDIR CFLAGS. */
    public static final String C_SCRIPT = "src/main/c/build.sh";
    /** The JNI headers that {@code javac -h} writes during {@code mvn compile}. */
    public static final Path JNI_HEADERS = Paths.get("target", "native", "include");
    /** The flags of the JNI library: pom.xml's {@code native.cflags}, to build as Maven does. */
    public static final String NATIVE_CFLAGS =
            "-O2 -g -fPIC -Wall -Wextra -Werror=implicit-function-declaration -std=gnu11";
    /** The flags of the C twins: pom.xml's {@code c.twins.cflags}. */
    public static final String C_CFLAGS =
            "-O2 -g -Wall -Wextra -Werror=implicit-function-declaration -std=c11";
    /** The JNI library's file, which {@code mpi.NativeLibrary} looks for on java.library.path. */
    public static final String LIBRARY = "libombj.so";

    /** @return ROOT/NAME, the folder of everything built for this installation */
    public Path dir() {
        return root.resolve(mpi.name());
    }

    /** @return the folder of the JNI library built for this installation */
    public Path nativeDir() {
        return dir().resolve("native");
    }

    /** @return the JNI library built for this installation */
    public Path library() {
        return nativeDir().resolve(LIBRARY);
    }

    /** @return the folder of the C twins built for this installation */
    public Path cDir() {
        return dir().resolve("c");
    }

    /**
     * @param javaHome the JDK whose {@code include} has jni.h
     * @param headers  the project's JNI headers ({@link #JNI_HEADERS})
     * @param cflags   the C compiler's flags, e.g. {@link #NATIVE_CFLAGS}
     * @return the command that builds {@link #library()} with this installation's mpicc
     */
    public List<String> nativeCommand(String javaHome, Path headers, String cflags) {
        return List.of("bash", NATIVE_SCRIPT, mpi.mpicc(), javaHome, headers.toString(),
                library().toString(), cflags);
    }

    /**
     * @param cflags the C compiler's flags, e.g. {@link #C_CFLAGS}
     * @return the command that builds the C twins into {@link #cDir()} with this
     *         installation's mpicc
     */
    public List<String> cTwinsCommand(String cflags) {
        return List.of("bash", C_SCRIPT, mpi.mpicc(), cDir().toString(), cflags);
    }

    /**
     * The JVM options that put a run of this project's binding on this installation: on the
     * JNI backend its build of the JNI library on java.library.path (where
     * {@code mpi.NativeLibrary} looks before the jar's copy, which is linked against the main
     * build's MPI); on the FFM backend the installation's library file ({@code -Dombj.mpi}).
     *
     * @param ffm whether the run is on the FFM backend
     */
    public List<String> jvmOptions(boolean ffm) {
        if (ffm) {
            Path library = mpi.library();
            return library == null ? List.of() : List.of("-Dombj.mpi=" + library);
        }
        return List.of("-Djava.library.path=" + nativeDir().toAbsolutePath());
    }
}
