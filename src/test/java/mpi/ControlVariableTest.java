package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;

import org.junit.jupiter.api.Test;

/** MPI_T's Java logic without MPI: scopes, types, the range a write takes, items. */
class ControlVariableTest {

    @Test
    void onlyConstantAndReadOnlyScopesRefuseWrites() {
        for (ControlVariable.Scope s : ControlVariable.Scope.values()) {
            assertEquals(s != ControlVariable.Scope.CONSTANT && s != ControlVariable.Scope.READONLY,
                    s.writable(), s.name());
        }
    }

    @Test
    void typesHaveTheirCSizes() {
        assertEquals(4, ControlVariable.Type.INT.bytes());
        assertEquals(4, ControlVariable.Type.UNSIGNED.bytes());
        assertEquals(8, ControlVariable.Type.UNSIGNED_LONG.bytes());
        assertEquals(8, ControlVariable.Type.COUNT.bytes());
        assertEquals(8, ControlVariable.Type.DOUBLE.bytes());
        assertEquals(1, ControlVariable.Type.CHAR.bytes());
        assertEquals(1, ControlVariable.Type.BOOL.bytes());
        assertEquals(EnumSet.of(ControlVariable.Type.DOUBLE, ControlVariable.Type.CHAR,
                ControlVariable.Type.BOOL, ControlVariable.Type.OTHER), EnumSet.complementOf(EnumSet.copyOf(
                        java.util.Arrays.stream(ControlVariable.Type.values())
                                .filter(ControlVariable.Type::isInteger).toList())));
    }

    @Test
    void aWriteTakesOnlyWhatTheTypeHolds() {
        assertTrue(ControlVariable.fits(ControlVariable.Type.INT, Integer.MIN_VALUE));
        assertFalse(ControlVariable.fits(ControlVariable.Type.INT, Integer.MAX_VALUE + 1L));
        assertTrue(ControlVariable.fits(ControlVariable.Type.UNSIGNED, 0xffffffffL));
        assertFalse(ControlVariable.fits(ControlVariable.Type.UNSIGNED, -1));
        assertFalse(ControlVariable.fits(ControlVariable.Type.UNSIGNED, 1L << 32));
        assertTrue(ControlVariable.fits(ControlVariable.Type.UNSIGNED_LONG, Long.MAX_VALUE));
        assertFalse(ControlVariable.fits(ControlVariable.Type.UNSIGNED_LONG_LONG, -1));
        assertTrue(ControlVariable.fits(ControlVariable.Type.LONG_LONG, -1));
        assertTrue(ControlVariable.fits(ControlVariable.Type.COUNT, Long.MIN_VALUE));
        assertFalse(ControlVariable.fits(ControlVariable.Type.DOUBLE, 1));
        assertFalse(ControlVariable.fits(ControlVariable.Type.CHAR, 1));
    }

    @Test
    void anItemPrintsAsValueColonName() {
        ControlVariable.Item item = new ControlVariable.Item("binomial", 6);
        assertEquals("binomial", item.name());
        assertEquals(6, item.value());
        assertEquals("6:binomial", item.toString());
    }
}
