package mpi;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;

/**
 * Loads the JNI library {@code libombj.so}, after the signal guard {@code libombjsig.so}
 * ({@link SignalGuard}). For each, a copy on {@code java.library.path} wins (so an externally
 * built library can be used, such as one built against MPICH in target/mpich/native);
 * otherwise the copy inside the jar is loaded, from the class path directly or through a
 * private temporary file that is deleted once loaded. That file goes into a private folder
 * (one per process) under {@code java.io.tmpdir}, or under the folder the system property
 * {@value #DIR_PROPERTY} names: a cluster whose {@code /tmp} is mounted {@code noexec} cannot
 * map a library from it, and the error then says so ({@link #loadFailure}).
 */
final class NativeLibrary {
    static final String NAME = "ombj";
    /** The signal guard: no MPI dependency, loaded before any MPI library can change a handler. */
    static final String SIGNALS = "ombjsig";
    /** The FFM backend's zero-copy path for arrays in calls that wait: no MPI dependency. */
    static final String PINNED_CALL = "ombjpin";
    /** The system property naming the folder the jar's libraries are unpacked into. */
    static final String DIR_PROPERTY = "ombj.nativeDir";
    /**
     * What the dynamic linker says when a file system refuses to map a file executable:
     * glibc's "failed to map segment from shared object" ({@code noexec}), or EPERM/EACCES
     * from {@code mmap} (a security module, {@code noexec} on other C libraries).
     */
    private static final String[] NOT_EXECUTABLE = {"failed to map segment",
        "Operation not permitted", "Permission denied"};

    private NativeLibrary() {
    }

    static void load() {
        load(SIGNALS);
        // libombj's JNI_OnLoad restores the JVM's signal handlers (SignalGuard.restore) first.
        load(NAME);
    }

    /** Loads only the signal guard: the FFM backend calls the MPI library without libombj. */
    static void loadSignalGuard() {
        load(SIGNALS);
    }

    /** Loads the FFM backend's pinned-call helper ({@link PinnedCall}), which has no MPI dependency. */
    static void loadPinnedCall() {
        load(PINNED_CALL);
    }

    private static void load(String name) {
        String resource = "/native/linux-amd64/lib" + name + ".so";
        // Searched by hand rather than with System.loadLibrary, so that a library found on the
        // path that fails to load is reported, not silently replaced by the jar's copy.
        String file = System.mapLibraryName(name);
        for (String dir : System.getProperty("java.library.path", "").split(File.pathSeparator)) {
            Path candidate = Paths.get(dir.isEmpty() ? "." : dir, file);
            if (Files.isRegularFile(candidate)) {
                System.load(candidate.toAbsolutePath().toString());
                return;
            }
        }
        URL url = NativeLibrary.class.getResource(resource);
        if (url == null) {
            throw new UnsatisfiedLinkError(file + " is neither on java.library.path nor in the"
                    + " class path at " + resource + "; build it with 'mvn package'");
        }
        try {
            if ("file".equals(url.getProtocol())) {
                System.load(Paths.get(url.toURI()).toString());
            } else {
                loadCopy(url, file);
            }
        } catch (IOException | URISyntaxException e) {
            throw new UnsatisfiedLinkError("cannot extract " + resource + ": " + e);
        }
    }

    /** Each process loads its own copy: ranks on one host must not race on a shared file. */
    private static void loadCopy(URL url, String file) throws IOException {
        Path dir = privateFolder(System.getProperty(DIR_PROPERTY));
        Path lib = dir.resolve(file);
        try (InputStream in = url.openStream()) {
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            System.load(lib.toString());
        } catch (UnsatisfiedLinkError e) {
            throw loadFailure(e, dir.getParent());
        } finally {
            // Once mapped, the file is not needed: unlinking leaves no litter in /tmp.
            Files.deleteIfExists(lib);
            Files.deleteIfExists(dir);
        }
    }

    /**
     * @param parent the folder {@value #DIR_PROPERTY} names, or null for {@code java.io.tmpdir}
     * @return a new folder in it that only this user can read (as {@link Files#createTempDirectory})
     * @throws UnsatisfiedLinkError in one line, if {@code parent} is no folder this process
     *         can create one in
     */
    static Path privateFolder(String parent) throws IOException {
        if (parent == null) {
            return Files.createTempDirectory("ombj");
        }
        String setting = "-D" + DIR_PROPERTY + "=" + parent;
        Path where = Paths.get(parent);
        if (!Files.isDirectory(where)) {
            throw new UnsatisfiedLinkError(setting + ": not a folder");
        }
        try {
            return Files.createTempDirectory(where, "ombj");
        } catch (IOException | SecurityException e) {
            throw new UnsatisfiedLinkError(setting + ": cannot create a folder in it to unpack"
                    + " the native library into (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + ")");
        }
    }

    /**
     * @param e      why loading the unpacked copy failed
     * @param folder where it was unpacked
     * @return {@code e}, or, when it looks like a folder whose files may not be mapped
     *         executable (a {@code noexec} mount), one line that says what to do about it
     */
    static UnsatisfiedLinkError loadFailure(UnsatisfiedLinkError e, Path folder) {
        String message = String.valueOf(e.getMessage());
        for (String sign : NOT_EXECUTABLE) {
            if (message.contains(sign)) {
                UnsatisfiedLinkError hint = new UnsatisfiedLinkError(message.strip()
                        + " (the folder it was unpacked into, " + folder + ", may be on a file"
                        + " system mounted noexec: name another with -D" + DIR_PROPERTY
                        + "=DIR, or put lib" + SIGNALS + ".so and lib" + NAME
                        + ".so on java.library.path)");
                hint.initCause(e);
                return hint;
            }
        }
        return e;
    }
}
