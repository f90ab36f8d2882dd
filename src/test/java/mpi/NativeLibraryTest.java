package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the jar's native libraries are unpacked ({@code -Dombj.nativeDir}), and the hint a
 * load from a {@code noexec} folder gets. The loads themselves run in NativeDirIT, in jars.
 */
class NativeLibraryTest {
    @Test
    void unpacksIntoAPrivateFolderOfTheNamedOne(@TempDir Path parent) throws Exception {
        Path dir = NativeLibrary.privateFolder(parent.toString());
        assertEquals(parent, dir.getParent());
        assertTrue(dir.getFileName().toString().startsWith("ombj"), dir.toString());
        assertEquals(EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OWNER_EXECUTE), Files.getPosixFilePermissions(dir));
        assertTrue(!dir.equals(NativeLibrary.privateFolder(parent.toString())),
                "each process (each call) has a folder of its own");
    }

    @Test
    void unpacksUnderTheTemporaryFolderByDefault() throws Exception {
        Path dir = NativeLibrary.privateFolder(null);
        try {
            assertEquals(Path.of(System.getProperty("java.io.tmpdir")).toRealPath(),
                    dir.getParent().toRealPath());
        } finally {
            Files.delete(dir);
        }
    }

    @Test
    void aNamedFolderThatIsNoFolderIsOneLine(@TempDir Path parent) throws Exception {
        Path file = Files.writeString(parent.resolve("file"), "");
        for (Path bad : new Path[] {file, parent.resolve("missing")}) {
            UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                    () -> NativeLibrary.privateFolder(bad.toString()));
            assertEquals("-Dombj.nativeDir=" + bad + ": not a folder", e.getMessage());
        }
    }

    /** /proc takes no new folder, not even from root (who may write in a folder of mode 555). */
    @Test
    void aNamedFolderThatTakesNoFolderIsOneLine() {
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> NativeLibrary.privateFolder("/proc"));
        assertTrue(e.getMessage().startsWith("-Dombj.nativeDir=/proc: cannot create a folder in"
                + " it to unpack the native library into ("), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    /** glibc's words when the folder is on a file system mounted noexec (seen on a tmpfs). */
    @Test
    void aLoadFromANoexecFolderSaysWhatToDo() {
        Path folder = Path.of("/tmp/ombj123");
        UnsatisfiedLinkError noexec = new UnsatisfiedLinkError("/tmp/ombj123/libombjsig.so:"
                + " /tmp/ombj123/libombjsig.so: failed to map segment from shared object");
        UnsatisfiedLinkError hint = NativeLibrary.loadFailure(noexec, folder);
        assertEquals(noexec.getMessage() + " (the folder it was unpacked into, /tmp/ombj123,"
                + " may be on a file system mounted noexec: name another with"
                + " -Dombj.nativeDir=DIR, or put libombjsig.so and libombj.so on"
                + " java.library.path)", hint.getMessage());
        assertSame(noexec, hint.getCause());
        for (String other : new String[] {"Operation not permitted", "Permission denied"}) {
            assertTrue(NativeLibrary.loadFailure(new UnsatisfiedLinkError("x.so: " + other),
                    folder).getMessage().contains("-Dombj.nativeDir=DIR"), other);
        }
    }

    @Test
    void anyOtherLoadFailureIsLeftAsItIs() {
        UnsatisfiedLinkError e = new UnsatisfiedLinkError("libmpi.so.40: cannot open shared"
                + " object file: No such file or directory");
        assertSame(e, NativeLibrary.loadFailure(e, Path.of("/tmp/ombj1")));
    }
}
