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
     * {@link #parse} for a program of one process: a bad argument, or a size above
     * {@code maxBytes}, is one line on standard error ({@code PROGRAM: problem; usage: ...})
     * and exit status 2.
     *
     * @param program  the program's name, for that line
     * @param tooLarge why a larger size is refused, appended to "at most N bytes" ("" for none)
     */
    static <P> RotationArgs<P> parseOrExit(String program, String[] args, int defaultReps,
            int defaultBytes, Function<String, P> patternOf, List<P> defaults, int maxBytes,
            String tooLarge) {
        try {
            RotationArgs<P> a = parse(args, defaultReps, defaultBytes, patternOf, defaults);
            if (a.bytes() > maxBytes) {
                throw new IllegalArgumentException("at most " + maxBytes + " bytes" + tooLarge);
            }
            return a;
        } catch (IllegalArgumentException e) {
            System.err.println(program + ": " + e.getMessage() + "; usage: " + program + " "
                    + USAGE);
            System.exit(2);
            throw new AssertionError("not reached", e);
        }
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
