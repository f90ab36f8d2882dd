package mpi.common.options;

import java.util.Locale;

/**
 * The kind of message buffer a benchmark passes to MPI ({@code -a}): the two ways a Java
 * program can hand data to the binding, whose costs differ, and Java objects serialized into
 * direct buffers (the way mpi4py's lower-case methods send Python objects).
 */
public enum Api implements Labelled {
    /** Direct NIO {@code ByteBuffer}s, used by MPI in place (the default). */
    BUFFER,
    /** Java {@code byte[]} arrays, pinned or staged through native memory by the binding. */
    ARRAYS,
    /**
     * Java object graphs ({@code -S}, {@code -O}), serialized into direct {@code ByteBuffer}s
     * sent as {@code MPI.BYTE}, and deserialized on receipt, inside the timed region.
     */
    OBJECTS;

    /** @return the name used on the command line and in the title, e.g. {@code buffer} */
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param value the argument of {@code -a}
     * @return the API it names
     * @throws UsageException unless it is {@code buffer}, {@code arrays} or {@code objects}
     */
    public static Api parse(String value) throws UsageException {
        return Labelled.find(values(), value).orElseThrow(() -> new UsageException(
                "-a must be buffer, arrays or objects, got '" + value + "'"));
    }
}
