package mpi.compare;

import java.io.File;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One Java MPI binding to measure: the benchmarks run on its class path and add its "buffer"
 * and "arrays" columns. Given to {@code -b} as {@code ombj} (ours), {@code ompi} (Open MPI's
 * Java bindings), a jar path, or {@code LABEL=PATH}.
 *
 * @param label     the name in column headers and CSV column names
 * @param classPath the class path of its Java runs
 * @param ours      whether this is our own binding, whose every failure is a failure; another
 *                  binding may lack a call a variant needs, which shows as "n/a"
 * @param required  the files the class path needs, each with a hint for when it is missing
 * @param transport what carries the messages: MPI, or a JVM transport ({@code -t}), whose
 *                  columns then stand beside the MPI ones as if of another binding
 */
public record Binding(String label, String classPath, boolean ours, List<Required> required,
        Transport transport) {
    /** The default binding's label. */
    public static final String OMBJ = "ombj";
    /** Open MPI's Java bindings' label. */
    public static final String OMPI = "ompi";

    // Labels become parts of CSV column names and table headers: keep them plain.
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9._-]+");

    /** A binding whose benchmarks communicate through MPI. */
    public Binding(String label, String classPath, boolean ours, List<Required> required) {
        this(label, classPath, ours, required, Transport.MPI);
    }

    /**
     * @param t a transport of the JVM
     * @return this binding's class path running the transport benchmarks of {@code t}, under
     *         the transport's label ({@code nio}, {@code netty})
     */
    public Binding over(Transport t) {
        return new Binding(t.label(), classPath, ours, required, t);
    }

    /** A file the class path needs, and what to do when it is missing. */
    public record Required(String path, String hint) {
    }

    /**
     * @param spec     {@code ombj}, {@code ompi}, {@code /path/x.jar} or {@code LABEL=PATH}
     * @param settings for JAVA_CP (ombj) and OMPI_JAVA_JAR (ompi)
     * @throws BadArgumentException for anything else, naming it
     */
    public static Binding parse(String spec, Settings settings) throws BadArgumentException {
        if (spec.equals(OMBJ)) {
            String first = settings.javaCp().split(File.pathSeparator, -1)[0];
            return new Binding(OMBJ, settings.javaCp(), true, List.of(
                    new Required(first, "run 'mvn package' first (or set ONLY_C=1)")));
        }
        if (spec.equals(OMPI)) {
            return other(OMPI, settings.ompiJar(), settings, "run scripts/install-openmpi-java.sh"
                    + " or set OMPI_JAVA_JAR");
        }
        int eq = spec.indexOf('=');
        if (eq >= 0) {
            String label = spec.substring(0, eq);
            String path = spec.substring(eq + 1);
            if (!LABEL.matcher(label).matches() || path.isEmpty()) {
                throw new BadArgumentException("bad binding '" + spec
                        + "' (LABEL=PATH, the label of letters, digits, '.', '_' or '-')");
            }
            return other(label, path, settings, "give the path of a jar");
        }
        if (spec.endsWith(".jar") && spec.length() > ".jar".length()) {
            String name = new File(spec).getName();
            String label = name.substring(0, name.length() - ".jar".length());
            if (LABEL.matcher(label).matches()) {
                return other(label, spec, settings, "give the path of a jar");
            }
        }
        throw new BadArgumentException("unknown binding '" + spec
                + "' (ombj, ompi, a path to a jar, or LABEL=PATH)");
    }

    /** A binding other than ours: its jar first, then our benchmarks without our binding. */
    private static Binding other(String label, String jar, Settings settings, String hint) {
        String benchmarks = settings.benchmarksJar();
        return new Binding(label, jar + File.pathSeparator + benchmarks, false,
                List.of(new Required(jar, hint), new Required(benchmarks, "run 'mvn package' first")));
    }
}
