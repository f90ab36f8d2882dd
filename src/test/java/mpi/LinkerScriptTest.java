package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Linker scripts followed to the shared library they name, with no MPI: the shared library is
 * a copy of this JDK's libjava.so, the scripts are written here. Files are told apart by their
 * first bytes: the names below are chosen so that a name-based guess would go wrong.
 */
class LinkerScriptTest {
    private static final Path LIBJAVA = Path.of(System.getProperty("java.home"), "lib",
            "libjava.so");

    @TempDir
    Path dir;

    @BeforeEach
    void aRealSharedLibrary() throws IOException {
        assertTrue(Files.isRegularFile(LIBJAVA), "no " + LIBJAVA);
    }

    private Path elf(String name) throws IOException {
        return Files.copy(LIBJAVA, dir.resolve(name));
    }

    private Path script(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.US_ASCII);
    }

    private static String resolve(Path file) throws LinkerScript.CannotFollowException {
        return LinkerScript.resolve(file.toString(), List.of());
    }

    @Test
    void aSharedLibraryIsOpenedAsNamed() throws Exception {
        assertEquals(LIBJAVA.toString(), resolve(LIBJAVA));
        // ELF by its bytes, whatever its name says
        Path odd = elf("linker-script.txt");
        assertEquals(odd.toString(), resolve(odd));
    }

    @Test
    void mpich5sScriptLeadsToTheLibraryBesideIt() throws Exception {
        Path library = elf("libmpi_abi.so.1");
        Path script = script("libmpi_abi.so", "INPUT(libmpi_abi.so.1)\n");
        assertEquals(library.toString(), resolve(script));
        // the same script named by its bare name, found where LD_LIBRARY_PATH says
        assertEquals(library.toString(),
                LinkerScript.resolve("libmpi_abi.so", LinkerScript.libraryPath("/nonexistent:" + dir)));
    }

    @Test
    void absoluteAndRelativePathsAndQuotedNames() throws Exception {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Path library = Files.copy(LIBJAVA, sub.resolve("libx.so.3"));
        assertEquals(library.toString(), resolve(script("a.so", "INPUT(" + library + ")")));
        assertEquals(library.toString(), resolve(script("b.so", "INPUT( sub/libx.so.3 )")));
        assertEquals(library.toString(), resolve(script("c.so", "INPUT(\"sub/libx.so.3\")")));
        assertEquals(library.toString(), resolve(script("d.so", "INPUT(=" + library + ")")));
    }

    @Test
    void aGroupAsGlibcWritesItKeepsTheSharedLibraryOnly() throws Exception {
        Path library = elf("libc.so.6");
        Files.write(dir.resolve("libc_nonshared.a"),
                "!<arch>\n/               0           0     0     0       4         `\n"
                        .getBytes(StandardCharsets.US_ASCII));
        Path script = script("libc.so", "/* GNU ld script\n   Use the shared library, but some"
                + " functions are only in\n   the static library, so try that secondarily.  */\n"
                + "OUTPUT_FORMAT(elf64-x86-64)\n"
                + "GROUP ( " + library + " " + dir.resolve("libc_nonshared.a")
                + "  AS_NEEDED ( /nonexistent/ld-linux-x86-64.so.2 ) )\n");
        assertEquals(library.toString(), resolve(script));
    }

    @Test
    void libraryOptionsAreSearchedInTheScriptsFolderThenTheSearchPath() throws Exception {
        Path library = elf("libfoo.so");
        assertEquals(library.toString(), resolve(script("s1", "INPUT(-lfoo)")));
        Path other = Files.createDirectory(dir.resolve("other"));
        Path there = Files.copy(LIBJAVA, other.resolve("libbar.so.2"));
        Path script = script("s2", "GROUP(-l:libbar.so.2)");
        assertEquals(there.toString(), LinkerScript.resolve(script.toString(), List.of(other)));
        LinkerScript.CannotFollowException e = assertThrows(LinkerScript.CannotFollowException.class,
                () -> resolve(script));
        assertEquals("the linker script " + script + " names -l:libbar.so.2, found neither in "
                + dir + " nor in LD_LIBRARY_PATH", e.getMessage());
    }

    @Test
    void scriptsNamingScriptsAreFollowedToADepth() throws Exception {
        Path library = elf("libz.data");
        // a script named as a library would be: by bytes, it is a script
        script("libd.so.1", "INPUT(libz.data)");
        script("libc.so.1", "INPUT(libd.so.1)");
        script("libb.so.1", "INPUT(libc.so.1)");
        Path four = script("liba.so", "INPUT(libb.so.1)");
        assertEquals(library.toString(), resolve(four));

        Path five = script("libe.so", "INPUT(liba.so)");
        LinkerScript.CannotFollowException e = assertThrows(LinkerScript.CannotFollowException.class,
                () -> resolve(five));
        assertEquals("linker scripts name linker scripts more than 4 deep (" + five + " -> "
                + dir.resolve("liba.so") + " -> " + dir.resolve("libb.so.1") + " -> "
                + dir.resolve("libc.so.1") + " -> " + dir.resolve("libd.so.1") + ")", e.getMessage());

        Path loop = script("libloop.so", "INPUT(libloop.so)");
        e = assertThrows(LinkerScript.CannotFollowException.class, () -> resolve(loop));
        assertTrue(e.getMessage().startsWith("linker scripts name linker scripts more than 4 deep"),
                e.getMessage());
    }

    @Test
    void aMissingLibraryIsNamed() throws Exception {
        Path script = script("libmpi_abi.so", "INPUT(libmpi_abi.so.1)");
        LinkerScript.CannotFollowException e = assertThrows(LinkerScript.CannotFollowException.class,
                () -> resolve(script));
        assertEquals("the linker script " + script + " names libmpi_abi.so.1, found neither in "
                + dir + " nor in LD_LIBRARY_PATH", e.getMessage());

        Path absolute = script("abs.so", "INPUT(/nonexistent/libmpi_abi.so.1)");
        e = assertThrows(LinkerScript.CannotFollowException.class, () -> resolve(absolute));
        assertEquals("the linker script " + absolute + " names /nonexistent/libmpi_abi.so.1,"
                + " which does not exist", e.getMessage());
    }

    @Test
    void noEntryOrSeveralLibrariesCannotBeFollowed() throws Exception {
        Path empty = script("empty.so", "GROUP ( AS_NEEDED ( libm.so.6 ) )");
        LinkerScript.CannotFollowException e = assertThrows(LinkerScript.CannotFollowException.class,
                () -> resolve(empty));
        assertEquals("the linker script " + empty + " names no shared library: its INPUT and"
                + " GROUP entries are none, static archives or AS_NEEDED ones", e.getMessage());

        Path one = elf("libone.so.1");
        Path two = elf("libtwo.so.1");
        Path both = script("both.so", "INPUT(libone.so.1, libtwo.so.1)");
        e = assertThrows(LinkerScript.CannotFollowException.class, () -> resolve(both));
        assertEquals("the linker script " + both + " names several shared libraries (" + one
                + ", " + two + ")", e.getMessage());
        // one library named twice is one library
        assertEquals(one.toString(), resolve(script("twice.so", "INPUT(libone.so.1 libone.so.1)")));
    }

    @Test
    void whatIsNoScriptIsLeftToTheDynamicLinker() throws Exception {
        Path missing = dir.resolve("libmissing.so");
        assertEquals(missing.toString(), resolve(missing));
        Path text = script("libtext.so", "just some text, no linker command\n");
        assertEquals(text.toString(), resolve(text));
        Path binary = Files.write(dir.resolve("libbinary.so"), new byte[] {1, 0, 2, 0});
        assertEquals(binary.toString(), resolve(binary));
        // a bare name not in the search path: the dynamic linker looks for it
        assertEquals("libmpi.so.40", LinkerScript.resolve("libmpi.so.40", List.of(dir)));
    }

    @Test
    void entriesOfCommandsIgnoringOthers() {
        assertEquals(List.of("a.so", "b c.so", "-lm"), LinkerScript.entries(
                "/* c */ SEARCH_DIR(\"/x\") ; INPUT ( a.so, \"b c.so\" ) GROUP(-lm AS_NEEDED(-ldl))"));
        assertNull(LinkerScript.entries("OUTPUT_FORMAT(elf64-x86-64)"));
        assertEquals(List.of(), LinkerScript.entries("INPUT()"));
        assertEquals(List.of(Path.of("/a"), Path.of("/b")), LinkerScript.libraryPath(":/a::/b:"));
        assertEquals(List.of(), LinkerScript.libraryPath(null));
    }
}
