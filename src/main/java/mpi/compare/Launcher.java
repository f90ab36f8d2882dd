package mpi.compare;

import java.io.IOException;
import java.util.List;

/**
 * Runs one command to its end and returns what it printed. Behind an interface so that a test
 * can run a whole comparison on canned outputs.
 */
public interface Launcher {
    /** What a command printed and how it ended. */
    record Output(int exitCode, String stdout, String stderr) {
        /**
         * @param lines how many
         * @return the last lines of stdout then stderr, for a failure report
         */
        public String tail(int lines) {
            String all = (stdout + (stdout.isEmpty() || stdout.endsWith("\n") ? "" : "\n") + stderr).stripTrailing();
            String[] l = all.split("\n", -1);
            return String.join("\n", java.util.Arrays.asList(l).subList(Math.max(0, l.length - lines), l.length));
        }
    }

    /**
     * @param command the program and its arguments
     * @return its exit code and output
     * @throws IOException when it cannot be started (e.g. not found)
     */
    Output run(List<String> command) throws IOException;
}
