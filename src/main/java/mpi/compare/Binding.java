package mpi.compare;

import java.io.File;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One Java MPI binding to measure: the benchmarks run on its class path and add its "buffer"
 * and "arrays" columns. Given to {@code -b} as {@code ombj} (ours, on its default backend),
 * {@code jni} or {@code ffm} (ours on that backend), {@code ompi} (Open MPI's Java bindings), a
 * jar path, or {@code LABEL=PATH}.
 *
 * @param label      the name in column headers and CSV column names
 * @param classPath  the class path of its Java runs
 * @param ours       whether this is our own binding, whose every failure is a failure; another
 *                   binding may lack a call a variant needs, which shows as "n/a"
 * @param required   the files the class path needs, each with a hint for when it is missing
 * @param transport  what carries the messages: MPI, or a JVM transport ({@code -t}), whose
 *                   columns then stand beside the MPI ones as if of another binding
 * @param java       the java executable of its runs ({@link Settings#java()} unless the binding
 *                   needs its own: {@code ffm} takes FFM_JAVA when set)
 * @param jvmOptions JVM flags its runs get before the class path, e.g. the backend's property
 */
public record Binding(String label, String classPath, boolean ours, List<Required> required,
        Transport transport, String java, List<String> jvmOptions) {
    /** The default binding's label. */
    public static final String OMBJ = "ombj";
    /** Open MPI's Java bindings' label. */
    public static final String OMPI = "ompi";
    /** Our binding on its JNI backend. */
    public static final String JNI = "jni";
    /** Our binding on its FFM backend (JDK 22 and later). */
    public static final String FFM = "ffm";
    /** The system property that picks our binding's backend (mpi.Backends). */
    static final String BACKEND_PROPERTY = "ombj.backend";

    // Labels become parts of CSV column names and table headers: keep them plain.
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9._-]+");

    /** A binding whose benchmarks communicate through MPI, on the settings' java. */
    public Binding(String label, String classPath, boolean ours, List<Required> required,
            String java) {
        this(label, classPath, ours, required, Transport.MPI, java, List.of());
    }

    /**
     * @param t a transport of the JVM
     * @return this binding's class path running the transport benchmarks of {@code t}, under
     *         the transport's label ({@code nio}, {@code netty})
     */
    public Binding over(Transport t) {
        return new Binding(t.label(), classPath, ours, required, t, java, jvmOptions);
    }

    /** @return whether its runs are on our binding's FFM backend ({@code -Dombj.backend=ffm}) */
    public boolean onFfm() {
        return ours && jvmOptions.contains("-D" + BACKEND_PROPERTY + "=" + FFM);
    }

    /** A file the class path needs, and what to do when it is missing. */
    public record Required(String path, String hint) {
    }

    /**
     * @param spec     {@code ombj}, {@code jni}, {@code ffm}, {@code ompi}, {@code /path/x.jar}
     *                 or {@code LABEL=PATH}
     * @param settings for JAVA_CP (ours), FFM_JAVA (ffm) and OMPI_JAVA_JAR (ompi)
     * @throws BadArgumentException for anything else, naming it
     */
    public static Binding parse(String spec, Settings settings) throws BadArgumentException {
        switch (spec) {
            case OMBJ:
                return ours(OMBJ, settings.java(), List.of(), settings);
            case JNI:
                return ours(JNI, settings.java(), List.of("-D" + BACKEND_PROPERTY + "=jni"), settings);
            case FFM:
                // The FFM backend needs Java 22 or later: FFM_JAVA lets it run beside JNI on
                // another JDK; on too old a java its runs fail with the backend's own line.
                return ours(FFM, settings.ffmJava(), List.of("-D" + BACKEND_PROPERTY + "=ffm"), settings);
            default:
                break;
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
                + "' (ombj, jni, ffm, ompi, a path to a jar, or LABEL=PATH)");
    }

    /** Our binding, on JAVA_CP, with the JVM flags that pick its backend. */
    private static Binding ours(String label, String java, List<String> jvmOptions, Settings settings) {
        String first = settings.javaCp().split(File.pathSeparator, -1)[0];
        return new Binding(label, settings.javaCp(), true, List.of(
                new Required(first, "run 'mvn package' first (or set ONLY_C=1)")),
                Transport.MPI, java, jvmOptions);
    }

    /** A binding other than ours: its jar first, then our benchmarks without our binding. */
    private static Binding other(String label, String jar, Settings settings, String hint) {
        String benchmarks = settings.benchmarksJar();
        return new Binding(label, jar + File.pathSeparator + benchmarks, false,
                List.of(new Required(jar, hint), new Required(benchmarks, "run 'mvn package' first")),
                settings.java());
    }
}
