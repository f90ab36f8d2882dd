package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SizesTest {
    @ParameterizedTest
    @CsvSource({"8,8", "0,0", "64K,65536", "64k,65536", "1M,1048576", "1m,1048576", "4M,4194304",
        "007,7", "2047M,2146435072", "2147483647,2147483647"})
    void suffixesAreKibAndMib(String text, int bytes) throws BadArgumentException {
        assertEquals(bytes, Sizes.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "x", "-8", "8G", "1.5K", "2048M", "2147483648", "12345678901", "8 ", "K"})
    void badSizesAreNamed(String text) {
        BadArgumentException e = assertThrows(BadArgumentException.class, () -> Sizes.parse(text));
        assertTrue(e.getMessage().startsWith("bad size '" + text + "'"), e.getMessage());
    }

    @Test
    void listsKeepTheirOrder() throws BadArgumentException {
        assertEquals(List.of(1048576, 8, 65536), Sizes.parseList("1M,8,64K"));
        assertThrows(BadArgumentException.class, () -> Sizes.parseList("8,,1M"));
    }

    @ParameterizedTest
    @CsvSource({"8,8", "0,0", "1000,1000", "1024,1K", "65536,64K", "1048576,1M", "1049600,1025K",
        "4194304,4M", "1536,1536"})
    void humanUsesASuffixOnlyWhenExact(int bytes, String text) {
        assertEquals(text, Sizes.human(bytes));
    }

    @Test
    void aRangeIsOmbsDoublingFromMinToMax() throws BadArgumentException {
        assertEquals(List.of(1, 2, 4, 8), Sizes.parseRange("1:8"));
        assertEquals(List.of(4, 8, 16), Sizes.parseRange("4:31"));
        assertEquals(21, Sizes.parseRange("1:1M").size());
        assertEquals(1 << 20, Sizes.parseRange("1:1M").get(20));
        assertEquals(List.of(64 << 10), Sizes.parseRange("64K:64K"));
        for (String bad : new String[] {"0:8", "8:4", "1:2:4", "1:", "x:8"}) {
            BadArgumentException e = assertThrows(BadArgumentException.class, () -> Sizes.parseRange(bad));
            assertTrue(e.getMessage().startsWith("bad size"), bad + ": " + e.getMessage());
        }
    }
}
