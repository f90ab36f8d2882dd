package mpi.common.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import mpi.common.options.UsageException;

/** The span and transmit arithmetic of -D: what buffers must hold and what C prints. */
class DerivedLayoutTest {
    @ParameterizedTest
    @CsvSource({
        // n, stride, block, carried (C's transmit size in elements), span, blocks
        "64, 8, 4, 32, 60, 8",
        "16, 8, 4, 8, 12, 2",
        "8, 8, 4, 4, 4, 1",
        "7, 8, 4, 0, 0, 0",     // n / stride = 0: an empty vector, as C builds it
        "17, 8, 4, 8, 12, 2",   // the tail after the last whole stride is not carried
        "64, 8, 8, 64, 64, 8",  // block = stride: contiguous in effect
        "64, 8, 0, 0, 0, 8",
    })
    void vector(int n, int stride, int block, long carried, long span, int blocks)
            throws UsageException {
        DerivedLayout v = DerivedLayout.parse("vect:" + stride + ":" + block);
        assertEquals(carried, v.carried(n));
        assertEquals(span, v.span(n), "(N-1)*S+B elements, not N*B");
        assertEquals(blocks, v.blocks(n));
        int counted = 0;
        for (int e = 0; e < n + stride; e++) {
            counted += v.carries(n, e) ? 1 : 0;
        }
        assertEquals(carried, counted, "carries() agrees with carried()");
    }

    @Test
    void vectorCarriesTheFirstBlockOfEachStride() throws UsageException {
        DerivedLayout v = DerivedLayout.parse("vect:8:4");
        assertTrue(v.carries(16, 0));
        assertTrue(v.carries(16, 3));
        assertFalse(v.carries(16, 4));
        assertFalse(v.carries(16, 7));
        assertTrue(v.carries(16, 8));
        assertTrue(v.carries(16, 11));
        assertFalse(v.carries(16, 12));
        assertFalse(v.carries(16, 16));
        assertFalse(v.carries(16, -1));
    }

    @Test
    void contiguousIsTheWholeMessage() throws UsageException {
        DerivedLayout c = DerivedLayout.parse("cont");
        assertEquals(100, c.carried(100));
        assertEquals(100, c.span(100));
        assertTrue(c.carries(100, 99));
        assertFalse(c.carries(100, 100));
        assertEquals("cont", DerivedLayout.parse("CONTIGUOUS").label());
    }

    @Test
    void indexedKeepsEveryBlockOfItsFile(@TempDir Path dir) throws IOException, UsageException {
        Path file = dir.resolve("blocks.txt");
        // No empty last line: C would drop the last block (it passes lines - 1); this port
        // keeps it, on purpose.
        Files.writeString(file, "# displacement, block length\n0, 2\n5, 3\n20, 1");
        DerivedLayout x = DerivedLayout.parse("indx:" + file);
        assertEquals(DerivedLayout.Kind.INDEXED, x.kind());
        assertEquals(6, x.carried(1000), "2 + 3 + 1, at every size");
        assertEquals(21, x.span(4), "the end of the furthest block, beyond a small message");
        assertTrue(x.carries(4, 6));
        assertFalse(x.carries(4, 8));
        assertTrue(x.carries(4, 20));
        assertEquals(3, x.blocks(4));
    }

    @Test
    void indexedMistakesAreOneLine(@TempDir Path dir) throws IOException {
        Path overlap = dir.resolve("overlap.txt");
        Files.writeString(overlap, "0, 4\n2, 4\n");
        assertTrue(message("indx:" + overlap).contains("overlap at element 2"));
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "0 4\n");
        assertTrue(message("indx:" + bad).contains("line 1"));
        Path empty = dir.resolve("empty.txt");
        Files.writeString(empty, "# nothing\n\n");
        assertTrue(message("indx:" + empty).contains("no 'DISPLACEMENT, BLOCKLENGTH' line"));
        assertEquals("-D indx takes a file: indx:FILE, got 'indx'", message("indx"));
    }

    private static String message(String value) {
        return assertThrows(UsageException.class, () -> DerivedLayout.parse(value)).getMessage();
    }
}
