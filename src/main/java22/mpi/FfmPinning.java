package mpi;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * When the FFM backend hands a Java array to a blocking call zero-copy, pinned for the call by
 * {@link PinnedCall}, instead of copying it through native memory.
 *
 * <p>Pinning keeps the thread safepoint-safe, but what it costs the rest of the JVM depends on
 * the collector: G1 since JDK 22 pins only the array's region (JEP 423), so collections go on
 * while a receive waits; the other collectors hold every collection off until the array is
 * released. So the backend pins only under G1, and only arrays of more than
 * {@value #MIN_BYTES} bytes: below that, a copy costs less than the pin's JNI crossing, as the
 * JNI backend measured for its own small-array copy ({@code ThreadStaging}).
 */
final class FfmPinning {
    /** The smallest message, in bytes, that is pinned rather than copied. */
    static final int MIN_BYTES = 2048 + 1;

    /** Whether this JVM pins arrays for blocking calls (G1, and the helper loaded). */
    static final boolean ENABLED = g1();

    /** MPI_Send's and MPI_Recv's addresses, for {@link PinnedCall#call}. */
    static final long SEND = ENABLED ? FfmLibrary.find("MPI_Send").orElseThrow().address() : 0;
    static final long RECV = ENABLED ? FfmLibrary.find("MPI_Recv").orElseThrow().address() : 0;

    static {
        if (ENABLED) {
            PinnedCall.load();
        }
    }

    private FfmPinning() {
    }

    /** @return whether a message of {@code bytes} is passed pinned */
    static boolean pins(long bytes) {
        return ENABLED && bytes >= MIN_BYTES && !MPI.neverPin;
    }

    private static boolean g1() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc.getName().startsWith("G1 ")) {
                return true;
            }
        }
        return false;
    }
}
