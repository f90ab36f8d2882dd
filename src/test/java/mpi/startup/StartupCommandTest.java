package mpi.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import mpi.common.options.UsageException;

class StartupCommandTest {
    @Test
    void nothingRunsHelpAndVersionAsked() throws Exception {
        assertEquals(StartupCommand.RUN, StartupCommand.parse());
        assertEquals(StartupCommand.HELP, StartupCommand.parse("-h"));
        assertEquals(StartupCommand.HELP, StartupCommand.parse("--help"));
        assertEquals(StartupCommand.VERSION, StartupCommand.parse("-v"));
        assertEquals(StartupCommand.VERSION, StartupCommand.parse("--version"));
        assertEquals(StartupCommand.HELP, StartupCommand.parse("-v", "-h"));
        assertEquals(StartupCommand.HELP, StartupCommand.parse("-h", "-v"));
    }

    @Test
    void anythingElseIsAUsageError() {
        assertEquals("unknown option -I",
                assertThrows(UsageException.class, () -> StartupCommand.parse("-I")).getMessage());
        assertEquals("unknown option -m",
                assertThrows(UsageException.class, () -> StartupCommand.parse("-h", "-m")).getMessage());
        assertEquals("unexpected argument 'x'",
                assertThrows(UsageException.class, () -> StartupCommand.parse("x")).getMessage());
    }

    @Test
    void usageNamesTheProgramAndBothOptions() {
        String text = StartupCommand.usage("OSUInit", "Init Test: what it does.");
        assertTrue(text.startsWith("Usage: OSUInit [options]\nOSU MPI-Java Init Test: what it does.\n"), text);
        assertTrue(text.contains("  -h,--help ") && text.contains("  -v,--version "), text);
        assertTrue(text.endsWith("\n"), text);
    }
}
