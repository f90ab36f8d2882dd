package mpi.common.graph;

import java.util.Map;

/**
 * The size of a {@code -G tty} plot, as C OMB 7.4 takes it: {@code OMB_ROW_SIZE} and
 * {@code OMB_COL_SIZE}, else Slurm's {@code SLURM_PTY_WIN_ROW} and {@code SLURM_PTY_WIN_COL},
 * else 40 rows of 120 columns. A value that is not a number, or too small for a plot, gives
 * the default or the smallest plot ({@value #MIN_ROWS} x {@value #MIN_COLS}).
 *
 * @param rows lines of the plot
 * @param cols characters per line
 */
public record TerminalSize(int rows, int cols) {
    /** C OMB's default rows. */
    public static final int DEFAULT_ROWS = 40;
    /** C OMB's default columns. */
    public static final int DEFAULT_COLS = 120;
    /** The fewest rows a plot is drawn in. */
    public static final int MIN_ROWS = 10;
    /** The fewest columns a plot is drawn in. */
    public static final int MIN_COLS = 40;

    /**
     * @param env the environment, e.g. {@link System#getenv()}
     * @return the plot size it asks for
     */
    public static TerminalSize of(Map<String, String> env) {
        return new TerminalSize(
                read(env, "OMB_ROW_SIZE", "SLURM_PTY_WIN_ROW", DEFAULT_ROWS, MIN_ROWS),
                read(env, "OMB_COL_SIZE", "SLURM_PTY_WIN_COL", DEFAULT_COLS, MIN_COLS));
    }

    private static int read(Map<String, String> env, String name, String slurm, int fallback,
            int least) {
        String value = env.get(name);
        if (value == null) {
            value = env.get(slurm);
        }
        if (value == null || !value.trim().matches("\\d{1,6}")) {
            return fallback;
        }
        return Math.max(least, Integer.parseInt(value.trim()));
    }
}
