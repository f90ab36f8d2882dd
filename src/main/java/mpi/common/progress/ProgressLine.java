package mpi.common.progress;

import java.util.Locale;

/**
 * The text of the progress line: {@code OSUBandwidth: size 20 of 23 (524288 bytes), 0:07
 * elapsed}, the time so far in minutes and seconds (hours past the hour).
 */
public final class ProgressLine {
    private ProgressLine() {
    }

    /**
     * @param program    the benchmark's name
     * @param n          the size being measured, from 1
     * @param of         the number of sizes
     * @param size       its message size in bytes
     * @param elapsedNanos the time since the run started
     * @return the line, without line end
     */
    public static String format(String program, int n, int of, long size, long elapsedNanos) {
        return String.format(Locale.ROOT, "%s: size %d of %d (%d bytes), %s elapsed", program, n,
                of, size, duration(elapsedNanos));
    }

    /**
     * @param nanos a time
     * @return {@code M:SS}, or {@code H:MM:SS} from an hour on
     */
    static String duration(long nanos) {
        long seconds = Math.max(0, nanos) / 1_000_000_000L;
        long h = seconds / 3600;
        long m = seconds / 60 % 60;
        long s = seconds % 60;
        return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s)
                : String.format(Locale.ROOT, "%d:%02d", m, s);
    }
}
