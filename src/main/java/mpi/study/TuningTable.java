package mpi.study;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The algorithm to use for one collective per process count and message size, both
 * ascending: the content of a tuning file, whichever MPI reads it. An entry at (P, m) holds
 * from that process count and size up to the next ones in the table (the way both MPIs look
 * rules up), so the table needs no entry where its choice does not change.
 */
public final class TuningTable {
    private final String collective;
    private final NavigableMap<Integer, NavigableMap<Long, String>> rows = new TreeMap<>();

    /** @param collective the collective's name, lower case, e.g. {@code bcast} */
    public TuningTable(String collective) {
        this.collective = Objects.requireNonNull(collective);
    }

    /** @return the collective's name */
    public String collective() {
        return collective;
    }

    /**
     * Sets the algorithm at (P, m).
     *
     * @return this table
     */
    public TuningTable put(int processes, long bytes, String algorithm) {
        if (processes < 1 || bytes < 0) {
            throw new IllegalArgumentException("P " + processes + ", m " + bytes);
        }
        rows.computeIfAbsent(processes, p -> new TreeMap<>()).put(bytes,
                Objects.requireNonNull(algorithm));
        return this;
    }

    /** @return the process counts, ascending, each with its sizes ascending (read-only) */
    public NavigableMap<Integer, NavigableMap<Long, String>> rows() {
        return Collections.unmodifiableNavigableMap(rows);
    }

    /**
     * @param processes a process count present in the table
     * @return its sizes with their algorithms, with consecutive sizes of the same algorithm
     *         merged into the first (a rule holds up to the next one anyway)
     */
    public NavigableMap<Long, String> merged(int processes) {
        NavigableMap<Long, String> merged = new TreeMap<>();
        String previous = null;
        for (Map.Entry<Long, String> e : rows.get(processes).entrySet()) {
            if (!e.getValue().equals(previous)) {
                merged.put(e.getKey(), e.getValue());
                previous = e.getValue();
            }
        }
        return merged;
    }

    /** @return whether the table has no entry */
    public boolean isEmpty() {
        return rows.isEmpty();
    }
}
