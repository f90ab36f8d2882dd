package mpi.common;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Tells whether the JIT compiler has been at work since the last look. A benchmark's warm-up
 * runs until the JIT is quiet: a compiler thread that gets CPU time during a timed size takes
 * it from a rank that busy-polls on the same core, and shows as a latency spike.
 */
public final class JitMonitor {
    private final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    private long lastMillis = totalMillis();

    /** @return whether this JVM can report its compilation time (not with -Xint, say) */
    public boolean supported() {
        return compiler != null && compiler.isCompilationTimeMonitoringSupported();
    }

    /** @return whether any compilation finished since the previous call (or construction) */
    public boolean compiledSinceLastLook() {
        long now = totalMillis();
        boolean compiled = now != lastMillis;
        lastMillis = now;
        return compiled;
    }

    private long totalMillis() {
        return supported() ? compiler.getTotalCompilationTime() : 0;
    }
}
