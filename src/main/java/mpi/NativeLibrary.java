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
 * private temporary file that is deleted once loaded.
 */
final class NativeLibrary {
    static final String NAME = "ombj";
    /** The signal guard: no MPI dependency, loaded before any MPI library can change a handler. */
    static final String SIGNALS = "ombjsig";

    private NativeLibrary() {
    }

    static void load() {
        load(SIGNALS);
        // libombj's JNI_OnLoad restores the JVM's signal handlers (SignalGuard.restore) first.
        load(NAME);
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
        Path dir = Files.createTempDirectory("ombj");
        Path lib = dir.resolve(file);
        try (InputStream in = url.openStream()) {
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            System.load(lib.toString());
        } finally {
            // Once mapped, the file is not needed: unlinking leaves no litter in /tmp.
            Files.deleteIfExists(lib);
            Files.deleteIfExists(dir);
        }
    }
}
