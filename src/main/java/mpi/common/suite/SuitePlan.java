package mpi.common.suite;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import mpi.MPIException;
import mpi.common.BenchmarkHarness;
import mpi.common.BenchmarkRunner.Checked;
import mpi.common.BenchmarkRunner.Verdict;
import mpi.common.options.OptionParser;
import mpi.common.options.UsageException;

/**
 * Turns a suite's entries into the runs, in order, before MPI starts: each name found (a
 * benchmark of the {@link Catalogue}, a group, or a full class name, such as a test's), each
 * benchmark created, a group's options handed to those of its benchmarks that take them.
 * What is wrong with an entry is collected, one line each, so that every mistake is
 * reported before anything runs; the checks that need MPI (a benchmark's own options, the
 * process count) come after it starts, and there this plan decides ({@link #fit},
 * {@link #groupMistakes}) what becomes of a group's benchmark whose own checks refuse the
 * group's options.
 *
 * <p>A group runs everything that can run. A benchmark of a group that its own checks refuse
 * with the group's options as given gets the {@link Adaptation}s that make them pass (its
 * default clashed with a group option: OSULatencyMultiThread gets {@code -t 1:1} under
 * {@code -c}), the summary saying which; one that no adaptation helps, or that needs another
 * number of processes, is skipped with its own one line as the reason. The benchmark's own
 * checks are never relaxed: alone, it refuses the same options with the same line. What is a
 * mistake of the whole entry is refused before anything runs, as before: an option value that
 * every benchmark taking it refuses ({@code all -m abc}), or a group none of whose benchmarks
 * runs.
 *
 * @param runs     the runs, in order
 * @param problems one line per mistake, without the program's name
 */
public record SuitePlan(List<Run> runs, List<String> problems) {
    /** @param runs the runs @param problems the mistakes */
    public SuitePlan {
        runs = List.copyOf(runs);
        problems = List.copyOf(problems);
    }

    /**
     * @param entries   the command line's entries
     * @param catalogue the benchmarks and groups
     * @return the runs, and the mistakes found
     */
    public static SuitePlan of(List<Entry> entries, Catalogue catalogue) {
        List<Run> runs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Entry e : entries) {
            try {
                runs.addAll(expand(e, catalogue));
            } catch (UsageException x) {
                problems.add(x.getMessage());
            }
        }
        return new SuitePlan(runs, problems);
    }

    /** Checks a run as the runner does once MPI runs: the same way on every rank. */
    @FunctionalInterface
    public interface Checker {
        /**
         * @param run a run
         * @return its verdict
         * @throws MPIException if an MPI call fails
         */
        Checked check(Run run) throws MPIException;
    }

    /**
     * A run as it will run, and its check.
     *
     * @param run     the run, with its adaptations if it got any
     * @param checked its check
     */
    public record Fitted(Run run, Checked checked) {
        /** @return whether it is a group's benchmark that does not run here (skipped) */
        public boolean skipped() {
            return run.fromGroup() && (checked.verdict() == Verdict.PROCESSES
                    || checked.verdict() == Verdict.USAGE);
        }
    }

    /**
     * Fits a run to its options: a group's benchmark whose checks refuse the group's options
     * as given gets the fewest of the {@link Adaptation}s that apply to it with which its
     * checks no longer refuse them; if none does, it stays as given (to be skipped, with its
     * own line). A named benchmark always stays as given.
     *
     * @param run     a run
     * @param checker its checks
     * @return the run that will run (or be skipped), and its check
     * @throws MPIException if an MPI call fails
     */
    public static Fitted fit(Run run, Checker checker) throws MPIException {
        Checked given = checker.check(run);
        if (!run.fromGroup() || given.verdict() != Verdict.USAGE) {
            return new Fitted(run, given);
        }
        List<Adaptation> kept = Adaptation.applicable(run);
        if (kept.isEmpty()) {
            return new Fitted(run, given);
        }
        Checked checked = checker.check(Adaptation.apply(run, kept));
        if (checked.verdict() == Verdict.USAGE) {
            return new Fitted(run, given); // the clash is not one an adaptation mends
        }
        for (Adaptation a : List.copyOf(kept)) { // keep only those it needs
            List<Adaptation> fewer = new ArrayList<>(kept);
            fewer.remove(a);
            if (!fewer.isEmpty()) {
                Checked without = checker.check(Adaptation.apply(run, fewer));
                if (without.verdict() != Verdict.USAGE) {
                    kept = fewer;
                    checked = without;
                }
            }
        }
        return new Fitted(Adaptation.apply(run, kept), checked);
    }

    /**
     * The mistakes of group entries that only the checks reveal, one line each (without the
     * suite's name): an option of a group that every benchmark taking it refuses
     * ({@code collective -t 1:2}: a test-call count is a number; a benchmark that needs
     * another number of processes does not count as refusing it), else a group none of
     * whose benchmarks runs on this number of processes.
     *
     * @param fitted    every run, fitted and checked, in order
     * @param processes the number of processes
     * @return the lines, in the order of the entries
     */
    public static List<String> groupMistakes(List<Fitted> fitted, int processes) {
        List<String> lines = new ArrayList<>();
        List<Entry> groups = fitted.stream().map(Fitted::run).filter(Run::fromGroup)
                .map(Run::entry).distinct().toList();
        for (Entry e : groups) {
            List<Fitted> members = fitted.stream().filter(f -> f.run().entry() == e).toList();
            Set<String> reasons = new LinkedHashSet<>();
            for (List<String> option : splitQuietly(e.args())) {
                List<Fitted> takers = members.stream()
                        .filter(f -> f.run().args().contains(option.get(0))).toList();
                if (!takers.isEmpty() && takers.stream()
                        .allMatch(f -> f.checked().verdict() == Verdict.USAGE)) {
                    for (Fitted f : takers) {
                        if (reasons.add(Summary.reason(f.run().program(), f.checked().message()))) {
                            lines.add(e.name() + ": no benchmark of the group runs with "
                                    + String.join(" ", option) + ": "
                                    + Summary.reason(f.run().program(), f.checked().message()));
                        }
                    }
                }
            }
            if (reasons.isEmpty() && members.stream().allMatch(Fitted::skipped)) {
                lines.add(e.name() + ": no benchmark of the group runs on " + processes
                        + " processes" + (members.stream().anyMatch(f -> f.checked().verdict()
                                == Verdict.USAGE) ? " with these options" : ""));
            }
        }
        return lines;
    }

    /** A group entry's options, split as when the plan was made (when they split). */
    private static List<List<String>> splitQuietly(List<String> args) {
        try {
            return OptionParser.split(args.toArray(new String[0]));
        } catch (UsageException e) {
            return List.of(); // reported when the plan was made
        }
    }

    private static List<Run> expand(Entry e, Catalogue catalogue) throws UsageException {
        String name = e.name();
        Optional<String> alone = Catalogue.alone(name);
        if (alone.isPresent()) {
            throw new UsageException(name + " " + alone.get() + "; run it on its own");
        }
        Optional<List<Class<? extends BenchmarkHarness>>> group = catalogue.group(name);
        if (group.isPresent()) {
            return group(e, group.get());
        }
        Optional<Class<? extends BenchmarkHarness>> found = name.contains(".")
                ? byClassName(name) : catalogue.find(name);
        if (found.isEmpty()) {
            throw new UsageException("unknown benchmark or group '" + name + "' (entry "
                    + e.number() + "); run with -h for the list");
        }
        return List.of(new Run(e, create(found.get()), e.args()));
    }

    /** Every benchmark of a group, each with the group's options that it takes. */
    private static List<Run> group(Entry e, List<Class<? extends BenchmarkHarness>> members)
            throws UsageException {
        List<List<String>> options;
        try {
            options = OptionParser.split(e.args().toArray(new String[0]));
        } catch (UsageException x) {
            throw new UsageException(e.name() + ": " + x.getMessage());
        }
        Set<String> untaken = new LinkedHashSet<>();
        options.forEach(o -> untaken.add(o.get(0)));
        List<Run> runs = new ArrayList<>();
        for (Class<? extends BenchmarkHarness> c : members) {
            BenchmarkHarness b = create(c);
            OptionParser parser = new OptionParser(b.job(new String[0]).spec());
            List<String> args = new ArrayList<>();
            for (List<String> o : options) {
                if (parser.takes(o.get(0))) {
                    args.addAll(o);
                    untaken.remove(o.get(0));
                }
            }
            runs.add(new Run(e, b, args));
        }
        if (!untaken.isEmpty()) {
            throw new UsageException(e.name() + ": no benchmark of the group takes "
                    + String.join(", ", untaken));
        }
        return runs;
    }

    private static Optional<Class<? extends BenchmarkHarness>> byClassName(String name)
            throws UsageException {
        Class<?> c;
        try {
            c = Class.forName(name, false, SuitePlan.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError x) {
            return Optional.empty();
        }
        if (!BenchmarkHarness.class.isAssignableFrom(c)) {
            throw new UsageException(name + " is not a benchmark of this suite");
        }
        return Optional.of(c.asSubclass(BenchmarkHarness.class));
    }

    private static BenchmarkHarness create(Class<? extends BenchmarkHarness> c)
            throws UsageException {
        try {
            return c.getConstructor().newInstance();
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException
                | InvocationTargetException x) {
            throw new UsageException(c.getName() + " cannot be created without arguments: "
                    + x);
        }
    }
}
