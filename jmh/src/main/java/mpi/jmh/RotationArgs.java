package mpi.jmh;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The command line of a {@link Rotation} program: {@code [REPS [BYTES [PATTERN...]]]}.
 *
 * @param reps     repetitions of every pattern (at least 1)
 * @param bytes    message size in bytes (at least 0)
 * @param patterns the patterns to time, by their names on the command line
 * @param <P>      what names a pattern
 */
record RotationArgs<P>(int reps, int bytes, List<P> patterns) {
    /** The usage line's arguments. */
    static final String USAGE = "[REPS [BYTES [PATTERN...]]]";

    /**
     * @param patternOf the pattern of a name; throws IllegalArgumentException naming the
     *                  known ones for an unknown name
     * @param defaults  the patterns when none is given
     * @throws IllegalArgumentException for a bad argument, its message one line for the user
     */
    static <P> RotationArgs<P> parse(String[] args, int defaultReps, int defaultBytes,
            Function<String, P> patternOf, List<P> defaults) {
        int reps = args.length > 0 ? number(args[0]) : defaultReps;
        int bytes = args.length > 1 ? number(args[1]) : defaultBytes;
        if (reps < 1 || bytes < 0) {
            throw new IllegalArgumentException("repetitions must be at least 1 and bytes at"
                    + " least 0");
        }
        List<P> patterns = args.length > 2
                ? Arrays.stream(args, 2, args.length).map(patternOf).toList()
                : defaults;
        return new RotationArgs<>(reps, bytes, patterns);
    }

    /**
     * @return the value of {@code values} whose label is {@code name}
     * @throws IllegalArgumentException naming the known labels, for an unknown name
     */
    static <E extends Enum<E>> E byLabel(E[] values, Function<E, String> label, String name) {
        for (E v : values) {
            if (label.apply(v).equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown pattern " + name + "; one of "
                + Arrays.stream(values).map(label).toList());
    }

    private static int number(String arg) {
        try {
            return Integer.parseInt(arg);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number: " + arg);
        }
    }
}
