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
 * Loads the JNI library {@code libombj.so}. A copy on {@code java.library.path} wins (so an
 * externally built library can be used); otherwise the copy inside the jar is loaded, from
 * the class path directly or through a private temporary file that is deleted once loaded.
 */
final class NativeLibrary {
    static final String NAME = "ombj";
    private static final String RESOURCE = "/native/linux-amd64/lib" + NAME + ".so";

    private NativeLibrary() {
    }

    static void load() {
        // Searched by hand rather than with System.loadLibrary, so that a library found on the
        // path that fails to load is reported, not silently replaced by the jar's copy.
        String file = System.mapLibraryName(NAME);
        for (String dir : System.getProperty("java.library.path", "").split(File.pathSeparator)) {
            Path candidate = Paths.get(dir.isEmpty() ? "." : dir, file);
            if (Files.isRegularFile(candidate)) {
                System.load(candidate.toAbsolutePath().toString());
                return;
            }
        }
        URL url = NativeLibrary.class.getResource(RESOURCE);
        if (url == null) {
            throw new UnsatisfiedLinkError(file + " is neither on java.library.path nor in the"
                    + " class path at " + RESOURCE + "; build it with 'mvn package'");
        }
        try {
            if ("file".equals(url.getProtocol())) {
                System.load(Paths.get(url.toURI()).toString());
            } else {
                loadCopy(url);
            }
        } catch (IOException | URISyntaxException e) {
            throw new UnsatisfiedLinkError("cannot extract " + RESOURCE + ": " + e);
        }
    }

    /** Each process loads its own copy: ranks on one host must not race on a shared file. */
    private static void loadCopy(URL url) throws IOException {
        Path dir = Files.createTempDirectory("ombj");
        Path lib = dir.resolve("lib" + NAME + ".so");
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
