package mpi.common.options;

/**
 * A mistake in how the user started a benchmark: a bad option or value, or the wrong number
 * of processes. Its message is one line naming the problem, meant for the user, so it is
 * printed without a stack trace.
 */
public class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * @param problem one line naming what is wrong, e.g. {@code unknown option -q}; control
     *                characters in it (a newline inside an argument it quotes) are replaced
     *                by their Java escapes (backslash, u, four hex digits), so that it
     *                stays one line
     */
    public UsageException(String problem) {
        super(oneLine(problem));
    }

    private static String oneLine(String text) {
        if (text == null || text.chars().noneMatch(UsageException::breaksLine)) {
            return text;
        }
        StringBuilder b = new StringBuilder(text.length() + 8);
        text.chars().forEach(c -> {
            if (breaksLine(c)) {
                b.append(String.format("\\u%04x", c));
            } else {
                b.append((char) c);
            }
        });
        return b.toString();
    }

    /** C0 and C1 controls (newlines, tabs, escapes) and Unicode's line and paragraph separators. */
    private static boolean breaksLine(int c) {
        return c < ' ' || c >= 0x7f && c <= 0x9f || c == 0x2028 || c == 0x2029;
    }
}
