package mpi.compare;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Runs the comparison: for every bench and size, RUNS rounds, each running every variant once
 * (C and each binding's APIs: buffer and arrays, or those of {@code -a}) in an order {@link
 * RunOrder} shuffles per round, so that a drift of the machine touches all variants alike and
 * a round's values can be paired. Prints one progress line per round on stderr, the values in
 * the order they ran.
 */
final class Runner {
    /**
     * The one line a benchmark prints when the binding lacks a call the variant needs
     * ({@code mpi.common.binding.LoadedBinding#lacks}), found before it measures anything:
     * "OSUBandwidth: the binding in use, Open MPI Java bindings (mpi.jar), has no non-blocking
     * calls on Java arrays; run with -a buffer". Anything else that fails is a failure.
     */
    static final Pattern LACKS = Pattern.compile("^\\w+: the binding in use, .*, has no .*");

    /** Why an objects column of a bench without {@code -a objects} is n/a. */
    static final String NO_OBJECTS = "-a objects runs on latency, bw, bibw, multi_lat and bcast only";

    private final CompareOptions options;
    private final List<Variant> variants;
    private final MpiCommands commands;
    private final Launcher launcher;
    private final PrintStream err;
    private final RunOrder order;

    /**
     * @param variants the variants of every round, C first, as in the table
     * @param order    the order of each round, drawn in the order the rounds run
     */
    Runner(CompareOptions options, List<Variant> variants, MpiCommands commands, Launcher launcher,
            PrintStream err, RunOrder order) {
        this.options = options;
        this.variants = variants;
        this.commands = commands;
        this.launcher = launcher;
        this.err = err;
        this.order = order;
    }

    /** @throws RunFailure at the first run that fails or prints no value for its size */
    Measurements run() throws RunFailure {
        Measurements m = new Measurements();
        for (CompareOptions.Plan plan : options.benches()) {
            Bench bench = plan.bench();
            int np = bench.ranks(options.np());
            commands.bindingFor(np);
            // A binding that lacks a call lacks it at every size: do not launch it again.
            Set<Variant> lacking = new HashSet<>();
            for (Variant v : variants) {
                if (v.isObjects() && !bench.hasObjects()) {
                    err.println(Compare.PROG + ": " + bench.label() + " " + v.name(true) + ": n/a (" + NO_OBJECTS + ")");
                    lacking.add(v);
                }
            }
            if (plan.range()) {
                rounds(m, bench, np, plan.rangeArg(), plan.sizes(), lacking);
            } else {
                for (int size : plan.sizes()) {
                    rounds(m, bench, np, size + ":" + size, List.of(size), lacking);
                }
            }
        }
        return m;
    }

    /**
     * RUNS rounds of every variant, each run one launch with {@code -m range} that yields a
     * value for each of {@code sizes}; one progress line per round (the value at the first size
     * and, for a range, the last).
     */
    private void rounds(Measurements m, Bench bench, int np, String range, List<Integer> sizes,
            Set<Variant> lacking) throws RunFailure {
        boolean prefixed = !options.singleBinding();
        String shown = sizes.size() == 1 ? sizes.get(0).toString() : range;
        for (int r = 1; r <= options.runs(); r++) {
            StringBuilder line = new StringBuilder(bench.label() + " " + shown + " run " + r + "/"
                    + options.runs() + ":");
            for (Variant v : order.next(variants)) {
                List<OmbOutput.Row> values = lacking.contains(v) ? null : runOne(bench, np, v, range, sizes, lacking);
                for (int i = 0; i < sizes.size(); i++) {
                    if (values == null) {
                        m.unavailable(bench, sizes.get(i), v);
                    } else if (v.isObjects()) {
                        m.add(bench, sizes.get(i), v, values.get(i).value(), values.get(i).size());
                    } else {
                        m.add(bench, sizes.get(i), v, values.get(i).value());
                    }
                }
                line.append(' ').append(v.name(prefixed)).append('=').append(values == null ? "n/a"
                        : sizes.size() == 1 ? values.get(0).value()
                        : values.get(0).value() + ".." + values.get(values.size() - 1).value());
            }
            err.println(line);
        }
    }

    /**
     * @return the rows printed for {@code sizes}, in their order (an objects API's nearest, see
     *         {@link OmbOutput#nearestRow}), or null when the binding lacks the variant
     */
    private List<OmbOutput.Row> runOne(Bench bench, int np, Variant v, String range, List<Integer> sizes,
            Set<Variant> lacking) throws RunFailure {
        List<String> cmd = commands.command(bench, np, v, range);
        String shown = String.join(" ", cmd);
        Launcher.Output out = launcher.runOrFail(cmd);
        if (out.exitCode() != 0) {
            String why = v.isC() || v.binding().ours() ? null : lackLine(out.stderr());
            if (why == null) {
                throw new RunFailure("run failed: " + shown, out.tail(20));
            }
            err.println(Compare.PROG + ": " + bench.label() + " " + v.name(true) + ": n/a (" + why + ")");
            lacking.add(v);
            return null;
        }
        List<OmbOutput.Row> values = new ArrayList<>();
        for (int size : sizes) {
            values.add((v.isObjects() ? OmbOutput.nearestRow(out.stdout(), size, bench.column())
                    : OmbOutput.valueAt(out.stdout(), size, bench.column()).map(s -> new OmbOutput.Row(size, s)))
                    .orElseThrow(() -> new RunFailure("no row for size " + size + " in the output of: " + shown,
                            out.tail(20))));
        }
        return values;
    }

    /** @return the first stderr line that says the binding lacks something, or null */
    static String lackLine(String stderr) {
        for (String line : stderr.split("\n")) {
            if (LACKS.matcher(line).find()) {
                return line.strip();
            }
        }
        return null;
    }

    /** @return C, then each binding's APIs; C alone with {@code onlyC} */
    static List<Variant> variants(List<Binding> bindings, List<String> apis, boolean onlyC) {
        List<Variant> all = new ArrayList<>(List.of(Variant.C));
        if (!onlyC) {
            all.addAll(javaVariants(bindings, apis));
        }
        return all;
    }

    /** @return each binding's buffer and arrays API, in the order given */
    static List<Variant> javaVariants(List<Binding> bindings) {
        return javaVariants(bindings, JavaApis.DEFAULT);
    }

    /**
     * @param apis the APIs of {@code -a}, in their order
     * @return each binding's APIs, binding by binding; the JVM transports ({@code -t}) have no
     *         objects API, and no objects column
     */
    static List<Variant> javaVariants(List<Binding> bindings, List<String> apis) {
        List<Variant> all = new ArrayList<>();
        for (Binding b : bindings) {
            for (String api : apis) {
                if (b.transport() == Transport.MPI || !JavaApis.isObjects(api)) {
                    all.add(new Variant(b, api));
                }
            }
        }
        return all;
    }
}
