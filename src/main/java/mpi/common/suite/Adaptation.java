package mpi.common.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import mpi.common.options.MessageSizes;
import mpi.common.options.OptionParser;
import mpi.common.options.UsageException;
import mpi.common.threads.ThreadCounts;

/**
 * A setting a suite gives a benchmark of a group whose own default clashes with the group's
 * options, so that it runs instead of being skipped: {@code all -c} gives
 * OSULatencyMultiThread {@code -t 1:1}, as validation needs as many sender as receiver threads
 * and its default is {@code -t 1:2}. The settings are data, {@link #RULES}, tried by
 * {@link SuitePlan#fit} only on a benchmark whose own checks refuse the options as given, and
 * kept only where they make those checks pass: what a benchmark accepts is decided by the
 * benchmark alone.
 *
 * @param option the option it sets, in short form, e.g. {@code -t}; only for a benchmark
 *               that takes it
 * @param value  its value given the options the benchmark was given, or empty where the
 *               setting does not apply
 * @param why    why, for the summary
 */
public record Adaptation(String option, Function<Given, Optional<String>> value, String why) {
    /** The settings, tried in this order; for one option, the first that applies. */
    public static final List<Adaptation> RULES = List.of(
            // osu_latency_mt validates each sender thread against one receiver thread: as
            // many receivers as its default senders (1:1, not 2:2: four polling threads on
            // two cores made a 1-second run last minutes).
            new Adaptation("-t", g -> g.has("-c") && !g.has("-t")
                    ? Optional.of(ThreadCounts.DEFAULT.senders() + ":"
                            + ThreadCounts.DEFAULT.senders())
                    : Optional.empty(), "-c needs as many sender as receiver threads"),
            // Point-to-point refuses a largest size above -M: its sizes end at the limit,
            // as a collective skips the sizes above it.
            new Adaptation("-m", g -> g.has("-M") ? withinLimit(g.has("-m") ? g.value("-m")
                    : null, g.value("-M")) : Optional.empty(),
                    "no size above the memory limit -M"),
            // A TCP stream has no 0-byte message: the sizes asked for from 1 byte on.
            new Adaptation("-m", g -> g.has("-m") && g.value("-m").matches("0+:\\d*")
                    ? Optional.of("1:" + g.value("-m").replaceFirst("0+:", ""))
                    : Optional.empty(), "no 0-byte messages"),
            // A one-sided window holds the largest size -W times: it must fit a Java array.
            new Adaptation("-m", g -> g.has("-W") && !g.has("-m")
                    ? largestFor(g.value("-W")) : Optional.empty(),
                    "a window of the largest size times -W fits one Java array"));

    /**
     * The sizes {@code -m} asked for (null: the defaults) up to {@code limit}: the limit as
     * the largest size, the smallest kept; empty where they do not read as sizes.
     */
    private static Optional<String> withinLimit(String sizes, String limit) {
        if (sizes == null) {
            return Optional.of(limit);
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+:)?(\\d*)")
                .matcher(sizes);
        if (!m.matches() || !limit.matches("\\d{1,18}")) {
            return Optional.empty();
        }
        String min = m.group(1) == null ? "" : m.group(1);
        boolean above = m.group(2).isEmpty() || m.group(2).length() > 18
                || Long.parseLong(m.group(2)) > Long.parseLong(limit);
        return above ? Optional.of(min + limit) : Optional.empty();
    }

    /** The largest power-of-two size of which a window of {@code window} sizes fits. */
    private static Optional<String> largestFor(String window) {
        if (!window.matches("[1-9]\\d{0,8}")) {
            return Optional.empty(); // not a count: the benchmark's own check says so
        }
        return Optional.of(Integer.toString(Integer.highestOneBit(
                Math.max(1, MessageSizes.MAX_SIZE / Integer.parseInt(window)))));
    }

    /** @return the setting as the summary shows it, e.g. {@code -t 1:1 (-c needs ...)} */
    String describe(Given given) {
        return option + " " + value.apply(given).orElseThrow() + " (" + why + ")";
    }

    /**
     * @param run a run of a group's benchmark
     * @return the settings that apply to it, at most one per option, in {@link #RULES} order
     */
    static List<Adaptation> applicable(Run run) {
        Given given = Given.of(run);
        OptionParser parser = run.parser();
        Map<String, Adaptation> chosen = new LinkedHashMap<>();
        for (Adaptation a : RULES) {
            if (parser.takes(a.option()) && !chosen.containsKey(a.option())
                    && a.value().apply(given).isPresent()) {
                chosen.put(a.option(), a);
            }
        }
        return List.copyOf(chosen.values());
    }

    /**
     * @param run         a run of a group's benchmark
     * @param adaptations settings that apply to it (of {@link #applicable})
     * @return the run with these settings in place of what it was given for their options,
     *         and a note saying which and why
     */
    static Run apply(Run run, List<Adaptation> adaptations) {
        Given given = Given.of(run);
        List<String> set = adaptations.stream().map(Adaptation::option).toList();
        List<String> args = new ArrayList<>();
        for (List<String> o : given.options()) {
            if (!set.contains(o.get(0))) {
                args.addAll(o);
            }
        }
        for (Adaptation a : adaptations) {
            args.add(a.option());
            args.add(a.value().apply(given).orElseThrow());
        }
        String note = adaptations.stream().map(a -> a.describe(given))
                .collect(Collectors.joining(", "));
        return new Run(run.entry(), run.benchmark(), args, note);
    }

    /**
     * The options a benchmark was given, each with its values, its name in the short form
     * of that benchmark ({@code --num-threads} is {@code -t}).
     *
     * @param options each option with its values, in order
     */
    public record Given(List<List<String>> options) {
        /** @param options the options */
        public Given {
            options = List.copyOf(options);
        }

        /**
         * @param run a run of a group's benchmark (whose options came from
         *            {@link OptionParser#split}, so they read again)
         * @return its options
         */
        static Given of(Run run) {
            List<List<String>> split;
            try {
                split = OptionParser.split(run.args().toArray(new String[0]));
            } catch (UsageException e) { // cannot be: the group's options were split so
                throw new IllegalStateException(run.command() + ": " + e.getMessage(), e);
            }
            OptionParser parser = run.parser();
            List<List<String>> options = new ArrayList<>();
            for (List<String> o : split) {
                List<String> named = new ArrayList<>(o);
                named.set(0, parser.shortForm(o.get(0)).orElse(o.get(0)));
                options.add(named);
            }
            return new Given(options);
        }

        /**
         * @param option an option's short form, e.g. {@code -c}
         * @return whether it was given
         */
        public boolean has(String option) {
            return options.stream().anyMatch(o -> o.get(0).equals(option));
        }

        /**
         * @param option an option's short form, e.g. {@code -M}
         * @return its last value, or an empty string if it has none or was not given
         */
        public String value(String option) {
            String v = "";
            for (List<String> o : options) {
                if (o.get(0).equals(option) && o.size() > 1) {
                    v = o.get(o.size() - 1);
                }
            }
            return v;
        }
    }
}
