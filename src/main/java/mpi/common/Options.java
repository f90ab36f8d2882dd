package mpi.common;

/**
 * A benchmark's settings, from its command line ({@link OptionParser}). When {@link #help}
 * or {@link #version} is set the benchmark only prints, and the other fields hold defaults.
 *
 * @param sizes       the message sizes ({@code -m})
 * @param iterations  timed and warm-up iterations per size ({@code -i}, {@code -x})
 * @param window      messages in flight per iteration, bandwidth benchmarks only ({@code -W})
 * @param api         the kind of message buffer ({@code -a})
 * @param validate    check received data and report Pass/Fail per size ({@code -c})
 * @param fullStats   add min, max and iteration count columns ({@code -f})
 * @param memoryLimit the largest message size allowed, in bytes ({@code -M})
 * @param help        print the usage text and exit ({@code -h})
 * @param version     print the version and exit ({@code -v})
 */
public record Options(MessageSizes sizes, IterationPolicy iterations, int window, Api api,
        boolean validate, boolean fullStats, long memoryLimit, boolean help, boolean version) {
}
