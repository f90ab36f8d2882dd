package mpi.common.suite;

import java.util.List;

import mpi.common.BenchmarkHarness;
import mpi.common.BenchmarkRunner;
import mpi.common.options.OptionParser;

/**
 * One benchmark a suite runs: a benchmark an entry names, or one of a group.
 *
 * @param entry     the entry it comes from
 * @param benchmark the benchmark, created for this run
 * @param args      its arguments: the entry's, or those of a group's options it takes
 *                  (with the {@link Adaptation}s it got)
 * @param note      which settings it got in place of its defaults and why, or null if none
 */
public record Run(Entry entry, BenchmarkHarness benchmark, List<String> args, String note) {
    /** @param args its arguments */
    public Run {
        args = List.copyOf(args);
    }

    /**
     * A run with its options as given.
     *
     * @param entry     the entry it comes from
     * @param benchmark the benchmark
     * @param args      its arguments
     */
    public Run(Entry entry, BenchmarkHarness benchmark, List<String> args) {
        this(entry, benchmark, args, null);
    }

    /** @return the benchmark's name, as it names itself in its messages */
    public String program() {
        return benchmark.getClass().getSimpleName();
    }

    /** @return whether it comes from a group, not from an entry that names it */
    public boolean fromGroup() {
        return !entry.name().equals(program()) && !entry.name().equals(benchmark.getClass().getName());
    }

    /** @return the benchmark as the runner takes it */
    public BenchmarkRunner.Job job() {
        return benchmark.job(args.toArray(new String[0]));
    }

    /** @return the parser of the benchmark's options */
    public OptionParser parser() {
        return new OptionParser(benchmark.job(new String[0]).spec());
    }

    /** @return the benchmark and its arguments, as a command line would give them */
    public String command() {
        return args.isEmpty() ? program() : program() + " " + String.join(" ", args);
    }
}
