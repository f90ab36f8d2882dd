package mpi.startup;

import mpi.common.options.UsageException;
import mpi.common.output.Version;

/**
 * The command line of a start-up program: {@code -h} (help) or {@code -v} (version), nothing
 * else. C OMB's {@code -I} (MPI-4 sessions) has no counterpart in Open MPI 4.1 or its Java
 * API; any other option is a usage error, where C's osu_init warns and runs anyway.
 */
enum StartupCommand {
    /** No option: run. */
    RUN,
    /** {@code -h}, {@code --help}: print the usage text. */
    HELP,
    /** {@code -v}, {@code --version}: print the version. */
    VERSION;

    /**
     * @param args the program's arguments
     * @return what they ask for
     * @throws UsageException for anything but {@code -h} or {@code -v}, e.g.
     *         {@code unknown option -I}
     */
    static StartupCommand parse(String... args) throws UsageException {
        StartupCommand command = RUN;
        for (String a : args) {
            switch (a) {
                case "-h", "--help" -> command = HELP;
                case "-v", "--version" -> command = command == HELP ? HELP : VERSION;
                default -> throw new UsageException(a.startsWith("-") ? "unknown option " + a
                        : "unexpected argument '" + a + "'");
            }
        }
        return command;
    }

    /**
     * @param program     the program's name
     * @param description what it measures, one sentence
     * @return the text {@code -h} prints, lines ending in {@code \n}
     */
    static String usage(String program, String description) {
        return "Usage: " + program + " [options]\n"
                + "OSU MPI-Java " + description + "\n"
                + "Options:\n"
                + "  -h,--help      print this help and exit\n"
                + "  -v,--version   print the version (" + Version.line() + ") and the binding, and exit\n";
    }
}
