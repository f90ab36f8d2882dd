package mpi.it;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;

import mpi.MPI;

/**
 * Runs a benchmark's main while another thread of the same JVM allocates hard and calls
 * {@code System.gc()}: the garbage collector moves and frees objects all through the
 * benchmark's timed loops, so a binding that let MPI keep a pointer into a Java array past a
 * call would corrupt data or crash. Run by {@link GcPressureIT}.
 *
 * <p>Arguments: the benchmark's main class, then its own arguments. When the JVM exits (the
 * benchmark's main ends with {@code System.exit}), it prints one line,
 * {@code gc-pressure: collections N, rows R, collections between the first and last row K,
 * allocated M MiB}: N counts the collections (of every collector,
 * {@link GarbageCollectorMXBean}) from the moment MPI was initialized; R the result rows this
 * rank printed, and K the collections between its first and its last row, that is while the
 * timed loops of every size but the first ran.
 */
public final class GcPressure {
    /** How the line printed at exit starts. */
    static final String REPORT = "gc-pressure: collections ";
    /** Arrays kept alive at once: old objects the collector must keep and move. */
    private static final int LIVE = 48;
    /** An explicit collection every this many allocations. */
    private static final int GC_EVERY = 64;
    /** A pause after each explicit collection, see {@link #pause}. */
    private static final long PAUSE_MILLIS = 2;

    private static volatile long baseline = -1; // collections when MPI was up, or -1
    private static volatile long allocatedBytes;

    private GcPressure() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length == 0) {
            System.err.println("usage: GcPressure BENCHMARK_CLASS [ARGS...]");
            System.exit(1);
        }
        PrintStream out = System.out;
        RowWatch rows = new RowWatch(out);
        System.setOut(new PrintStream(rows, true));
        Thread pressure = new Thread(GcPressure::allocate, "gc-pressure");
        pressure.setDaemon(true);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> report(out, rows)));
        pressure.start();
        try {
            Class.forName(args[0]).getMethod("main", String[].class)
                    .invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * Allocates arrays of varying sizes (1 KiB to 512 KiB), keeping the last {@link #LIVE} of
     * them reachable, and asks for a full collection every {@link #GC_EVERY} allocations.
     */
    private static void allocate() {
        Object[] live = new Object[LIVE];
        long bytes = 0;
        for (long i = 0;; i++) {
            if (baseline < 0 && MPI.isInitialized()) {
                baseline = collections();
            }
            int size = 1024 << (int) (i % 10);
            live[(int) (i % LIVE)] = (i & 1) == 0 ? new byte[size] : new long[size / 8];
            bytes += size;
            allocatedBytes = bytes;
            if (i % GC_EVERY == 0) {
                System.gc();
                pause();
            }
        }
    }

    /**
     * A rank is bound to one core, which this thread shares with the benchmark's: unpaced, it
     * collects back to back and the benchmark crawls (minutes for a few sizes). A short sleep
     * after each collection leaves the benchmark most of the core and still collects hundreds
     * of times a second, all through its timed loops.
     */
    private static void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    private static void report(PrintStream out, RowWatch rows) {
        long during = baseline < 0 ? 0 : collections() - baseline;
        out.println(REPORT + during + ", rows " + rows.rows
                + ", collections between the first and last row " + (rows.last - rows.first)
                + ", allocated " + (allocatedBytes >> 20) + " MiB");
        out.flush();
    }

    /**
     * Passes standard output through, and notes the collection count when each result row
     * (a line that is neither empty nor a {@code #} comment) ends.
     */
    private static final class RowWatch extends OutputStream {
        private final OutputStream out;
        private boolean lineStarted;
        private boolean comment;
        volatile int rows;
        volatile long first;
        volatile long last;

        RowWatch(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            track(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            for (int i = off; i < off + len; i++) {
                track(b[i]);
            }
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        private void track(int b) {
            if (b == '\n') {
                if (lineStarted && !comment) {
                    long now = collections();
                    if (rows++ == 0) {
                        first = now;
                    }
                    last = now;
                }
                lineStarted = false;
            } else if (!lineStarted) {
                lineStarted = true;
                comment = b == '#';
            }
        }
    }
}
