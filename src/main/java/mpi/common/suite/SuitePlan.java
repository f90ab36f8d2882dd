package mpi.common.suite;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import mpi.common.BenchmarkHarness;
import mpi.common.options.OptionParser;
import mpi.common.options.UsageException;

/**
 * Turns a suite's entries into the runs, in order, before MPI starts: each name found (a
 * benchmark of the {@link Catalogue}, a group, or a full class name, such as a test's), each
 * benchmark created, a group's options handed to those of its benchmarks that take them.
 * What is wrong with an entry is collected, one line each, so that every mistake is
 * reported before anything runs; the checks that need MPI (a benchmark's own options, the
 * process count) come after it starts.
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
