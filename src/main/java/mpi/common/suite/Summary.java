package mpi.common.suite;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import mpi.common.output.Version;

/**
 * The lines a suite prints after its benchmarks' tables: what ran, with which options (and
 * which of them a group's benchmark got in place of its defaults, and why), what passed
 * validation, what failed or was skipped and why, and the totals. Each line starts
 * with {@code #}, as the tables' comments, and the block with an empty line and its title,
 * as a table does.
 */
public final class Summary {
    /** The title line, which starts the summary. */
    public static final String TITLE = "# OSU MPI-Java Suite Summary v" + Version.OMB;
    private static final String HINT = "; run with -h for usage";

    private Summary() {
    }

    /**
     * @param results   the runs' results, in order
     * @param processes the number of processes
     * @param mpiStart  how MPI was started, e.g. {@code MPI.Init}
     * @return the lines
     */
    public static List<String> lines(List<Result> results, int processes, String mpiStart) {
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add(TITLE + " (" + results.size() + " benchmark" + (results.size() == 1 ? "" : "s")
                + " on " + processes + " process" + (processes == 1 ? "" : "es") + ")");
        lines.add("# MPI started once: " + mpiStart);
        Map<Status, Integer> counts = new EnumMap<>(Status.class);
        for (Result r : results) {
            counts.merge(r.status(), 1, Integer::sum);
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "# %-9s%s",
                    r.status().label(), r.run().command()));
            if (r.run().fromGroup()) {
                line.append(" (").append(r.run().entry().name()).append(')');
            }
            List<String> why = new ArrayList<>();
            if (r.run().note() != null) {
                why.add("adapted " + r.run().note());
            }
            if (r.reason() != null) {
                why.add(reason(r.run().program(), r.reason()));
            }
            if (!why.isEmpty()) {
                line.append(": ").append(String.join("; ", why));
            }
            lines.add(line.toString());
        }
        List<String> totals = new ArrayList<>();
        for (Status s : Status.values()) {
            totals.add(counts.getOrDefault(s, 0) + " " + s.label());
        }
        long adapted = results.stream().filter(r -> r.run().note() != null).count();
        lines.add("# Total: " + String.join(", ", totals) + (adapted == 0 ? ""
                : " (" + adapted + " adapted to the group's options)"));
        return lines;
    }

    /**
     * @param results the runs' results
     * @return the suite's exit code: 1 if any failed, else 0
     */
    public static int exitCode(List<Result> results) {
        return results.stream().anyMatch(r -> r.status().failure()) ? 1 : 0;
    }

    /** A benchmark's one-line message without its name in front or the usage hint behind. */
    static String reason(String program, String message) {
        String text = message.startsWith(program + ": ")
                ? message.substring(program.length() + 2) : message;
        return text.endsWith(HINT) ? text.substring(0, text.length() - HINT.length()) : text;
    }
}
