package mpi.common.options;

import java.util.Locale;

/**
 * How a collective's time per call is taken over its ranks ({@code --timing}), after the
 * methods the literature names (MPIBlib, SKaMPI, ReproMPI; guide section 14.4). C OMB's is
 * the default; the others change what one iteration's value is, and the table's main column is
 * then the mean of those values.
 */
public enum Timing implements Labelled {
    /**
     * C OMB's: each rank times its own calls; a row is the average over ranks of each rank's
     * mean, and an iteration's value the average over ranks of their times for it.
     */
    OMB("omb", null),
    /** An iteration's value is the longest any rank took for it. */
    MAX("max", "an iteration's value is the longest any rank's call took"),
    /**
     * MPIBlib's root timing: rank 0 times the call and a barrier after it, which ends only when
     * every rank has finished the call, less the barrier's own time (its median, measured alone
     * before each size).
     */
    ROOT("root", "an iteration's value is rank 0's time of the call and a confirming barrier,"
            + " less the barrier's median time alone"),
    /**
     * ReproMPI's window method: every rank starts each call at an agreed time on rank 0's
     * clock (every rank's mapped to it by ping-pongs over a tree, as HCA does), and an
     * iteration's value is the last rank's exit less the first rank's entry; a call that a rank
     * reaches after its start is invalid and left out.
     */
    GLOBAL("global", "an iteration's value is the last rank's exit less the first rank's entry"
            + " on rank 0's clock, every rank starting each call in an agreed window");

    private final String label;
    private final String description;

    Timing(String label, String description) {
        this.label = label;
        this.description = description;
    }

    /** @return the name a command line gives, e.g. {@code max} */
    @Override
    public String label() {
        return label;
    }

    /** @return what an iteration's value is, for the table's {@code # Timing:} line; null for {@link #OMB} */
    public String description() {
        return description;
    }

    /**
     * @param value the text of {@code --timing}
     * @return its method
     * @throws UsageException if it names none
     */
    public static Timing parse(String value) throws UsageException {
        return Labelled.find(values(), value.toLowerCase(Locale.ROOT)).orElseThrow(() ->
                new UsageException("--timing needs one of " + labels() + ", got '" + value + "'"));
    }

    /** @return the labels, e.g. {@code omb|max|root|global} */
    public static String labels() {
        return Labelled.labels(values(), "|");
    }
}
