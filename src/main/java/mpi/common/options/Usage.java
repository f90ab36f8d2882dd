package mpi.common.options;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;

import mpi.common.BenchmarkSpec;
import mpi.common.graph.ProgramNames;

/** The text {@code -h} prints: the command line, what the benchmark measures, every option. */
public final class Usage {
    private static final int WIDTH = 100;

    private Usage() {
    }

    /**
     * @param program the benchmark's name, e.g. {@code OSULatency}
     * @param spec    the benchmark, for its options and defaults
     * @return the usage text, lines ending in {@code \n}
     */
    public static String text(String program, BenchmarkSpec spec) {
        HelpFormatter formatter = new HelpFormatter();
        formatter.setSyntaxPrefix("Usage: ");
        formatter.setOptionComparator(null); // the order of definition, as C OMB lists them
        formatter.setWidth(WIDTH);
        formatter.setNewLine("\n");
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            formatter.printHelp(out, WIDTH, program + " [options]",
                    "OSU MPI-Java " + spec.title() + ": " + spec.description() + ".\nOptions:",
                    listed(program, new OptionParser(spec).definitions()), 2, 2, null, false);
        }
        return text.toString();
    }

    /**
     * @return {@code options} less {@code -G} for a program with no C OMB twin that draws: its
     *         parser reads -G only to refuse it with the reason ({@link ProgramNames#refusal})
     */
    private static org.apache.commons.cli.Options listed(String program,
            org.apache.commons.cli.Options options) {
        if (ProgramNames.cName(program).isPresent()) {
            return options;
        }
        org.apache.commons.cli.Options listed = new org.apache.commons.cli.Options();
        for (Option o : options.getOptions()) {
            if (!"G".equals(o.getOpt())) {
                listed.addOption(o);
            }
        }
        return listed;
    }
}
