package mpi.common.suite;

import java.util.ArrayList;
import java.util.List;

import mpi.common.options.UsageException;
import mpi.common.output.Version;

/**
 * A suite's command line: entries separated by {@value #SEPARATOR}, each a benchmark or a group
 * followed by its options,
 * {@code OSULatency -m 8:64 -- OSUBandwidth -a arrays -c -- collective -i 10}; or {@code -h}
 * alone for the usage text.
 */
public final class SuiteCommand {
    /** What separates two entries. */
    public static final String SEPARATOR = "--";

    private SuiteCommand() {
    }

    /**
     * @param args the suite's arguments
     * @return whether they ask for the usage text ({@code -h} or {@code --help} alone)
     */
    public static boolean help(String... args) {
        return args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"));
    }

    /**
     * @param args the suite's arguments (not {@link #help})
     * @return the entries, in order
     * @throws UsageException if there is none, an entry is empty, or an entry does not start
     *         with a name
     */
    public static List<Entry> parse(String... args) throws UsageException {
        List<Entry> entries = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (int i = 0; i <= args.length; i++) {
            if (i < args.length && !args[i].equals(SEPARATOR)) {
                current.add(args[i]);
                continue;
            }
            int number = entries.size() + 1;
            if (current.isEmpty()) {
                throw new UsageException(args.length == 0 ? "no benchmark named"
                        : "entry " + number + " is empty (nothing before or after '"
                                + SEPARATOR + "')");
            }
            String name = current.get(0);
            if (name.startsWith("-")) {
                throw new UsageException("entry " + number + " starts with " + name
                        + ", not with a benchmark or group");
            }
            entries.add(new Entry(number, name, current.subList(1, current.size())));
            current.clear();
        }
        return entries;
    }

    /**
     * @param program   the suite's name
     * @param catalogue the benchmarks, for their list
     * @return the text {@code -h} prints, lines ending in {@code \n}
     */
    public static String usage(String program, Catalogue catalogue) {
        return "Usage: " + program + " NAME [OPTIONS] [" + SEPARATOR + " NAME [OPTIONS]]...\n"
                + "OSU MPI-Java Suite (" + Version.line() + "): runs benchmarks one after the"
                + " other in one MPI job\n"
                + "(one JVM per rank, one MPI.Init), each printing what it prints alone, then a"
                + " summary.\n"
                + "NAME is a benchmark (OSULatency or mpi.pt2pt.OSULatency) with its options"
                + " (its -h lists them),\n"
                + "or a group; a group's options go to those of its benchmarks that take"
                + " them. A benchmark of\n"
                + "a group whose default clashes with them gets a setting that fits (all -c:"
                + " OSULatencyMultiThread\n"
                + "-t 1:1), and one that cannot run here (process count, hosts, binding,"
                + " options it refuses) is\n"
                + "skipped; the summary says which and why. Exit code: 0 if everything ran"
                + " and passed, 1 if a\n"
                + "validation failed or a named benchmark could not run, 2 on an MPI error.\n"
                + "Groups (all: every group, in this order):\n"
                + catalogue.describe()
                + "Example: " + program + " OSULatency -m 8:64 " + SEPARATOR
                + " OSUBandwidth -a arrays -c " + SEPARATOR + " collective -i 10\n";
    }
}
