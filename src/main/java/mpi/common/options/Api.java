package mpi.common.options;

import java.util.Locale;

/**
 * The kind of message buffer a benchmark passes to MPI ({@code -a}): the two ways a Java
 * program can hand data to the binding, whose costs differ.
 */
public enum Api {
    /** Direct NIO {@code ByteBuffer}s, used by MPI in place (the default). */
    BUFFER,
    /** Java {@code byte[]} arrays, pinned or staged through native memory by the binding. */
    ARRAYS;

    /** @return the name used on the command line and in the title, e.g. {@code buffer} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param value the argument of {@code -a}
     * @return the API it names
     * @throws UsageException unless it is {@code buffer} or {@code arrays}
     */
    public static Api parse(String value) throws UsageException {
        for (Api api : values()) {
            if (api.label().equals(value)) {
                return api;
            }
        }
        throw new UsageException("-a must be buffer or arrays, got '" + value + "'");
    }
}
