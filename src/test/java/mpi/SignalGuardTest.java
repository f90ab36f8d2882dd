package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/** The signal guard (libombjsig.so) in this JVM, without MPI: what it records and restores. */
class SignalGuardTest {
    @BeforeAll
    static void loadLibrary() {
        NativeLibrary.load();
    }

    private static int bit(String name) {
        return 1 << new Signal(name).getNumber();
    }

    @Test
    void recordsTheHandlersTheJvmNeedsAndFindsThemInPlace() {
        int guarded = SignalGuard.nGuarded();
        for (String name : new String[] {"SEGV", "BUS", "ILL", "FPE", "PIPE", "XFSZ", "QUIT",
            "USR2"}) {
            assertEquals(bit(name), guarded & bit(name), "SIG" + name + " is the JVM's");
        }
        assertEquals(0, SignalGuard.nReplaced());
        assertEquals(0, SignalGuard.restore(), "nothing to put back");
    }

    /**
     * sun.misc.Signal.handle(SIG_IGN) replaces the native handler the JVM installed for a
     * shutdown signal, as a library's sigaction would: the guard sees it and puts it back.
     */
    @Test
    void putsBackAHandlerThatWasReplaced() {
        String name = null;
        for (String candidate : new String[] {"HUP", "TERM", "INT"}) {
            if ((SignalGuard.nGuarded() & bit(candidate)) != 0) {
                name = candidate;
                break;
            }
        }
        assertNotEquals(null, name, "the JVM handles a shutdown signal (no -Xrs)");
        Signal signal = new Signal(name);
        int bit = bit(name);
        SignalHandler old = Signal.handle(signal, SignalHandler.SIG_IGN);
        try {
            assertEquals(bit, SignalGuard.nReplaced());
            assertEquals(bit, SignalGuard.restore());
            assertEquals(0, SignalGuard.nReplaced());
            assertEquals(bit, SignalGuard.nEverRestored() & bit);
        } finally {
            Signal.handle(signal, old);
        }
    }
}
