package mpi.common.progress;

import java.util.Locale;

/**
 * Whether rank 0 shows progress, from the environment variable {@value #VARIABLE}:
 * {@code on} (always, even into a file), {@code off} (never), {@code auto} or unset (when the
 * user's stderr is a terminal, {@link StderrTerminal}). Under Open MPI pass it with
 * {@code mpirun -x OMB_J_PROGRESS=on}; MPICH passes the environment on by itself.
 */
public enum ProgressMode {
    /** Always. */
    ON,
    /** Never. */
    OFF,
    /** When stderr is a terminal. */
    AUTO;

    /** The environment variable that chooses. */
    public static final String VARIABLE = "OMB_J_PROGRESS";

    /**
     * @param value the variable's value, or null if unset
     * @return the mode: {@code on}, {@code 1}, {@code yes}, {@code true} give {@link #ON};
     *         {@code off}, {@code 0}, {@code no}, {@code false} give {@link #OFF}; anything
     *         else {@link #AUTO}
     */
    public static ProgressMode parse(String value) {
        if (value == null) {
            return AUTO;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "on", "1", "yes", "true" -> ON;
            case "off", "0", "no", "false" -> OFF;
            default -> AUTO;
        };
    }

    /** @return the mode this process's environment asks for */
    public static ProgressMode fromEnvironment() {
        return parse(System.getenv(VARIABLE));
    }
}
