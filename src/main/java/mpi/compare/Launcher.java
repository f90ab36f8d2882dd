package mpi.compare;

import java.io.IOException;
import java.util.Arrays;
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
            String joint = stdout.isEmpty() || stdout.endsWith("\n") ? "" : "\n";
            String[] all = (stdout + joint + stderr).stripTrailing().split("\n", -1);
            return String.join("\n", Arrays.asList(all).subList(Math.max(0, all.length - lines), all.length));
        }
    }

    /**
     * @param command the program and its arguments
     * @return its exit code and output
     * @throws IOException when it cannot be started (e.g. not found)
     */
    Output run(List<String> command) throws IOException;

    /**
     * {@link #run}, with a command that cannot be started reported as a comparison's failure.
     *
     * @throws RunFailure "cannot run: COMMAND: why" when it cannot be started
     */
    default Output runOrFail(List<String> command) throws RunFailure {
        try {
            return run(command);
        } catch (IOException e) {
            throw new RunFailure("cannot run: " + String.join(" ", command) + ": " + e.getMessage(), "");
        }
    }
}
