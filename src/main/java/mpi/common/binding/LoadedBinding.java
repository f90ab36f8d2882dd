package mpi.common.binding;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The Java MPI binding this process runs on: this project's JNI binding (the default, inside
 * {@code omb-j.jar}), Open MPI's Java bindings ({@code mpi.jar}), MVAPICH2-J, or any other
 * jar with package {@code mpi}. Found from the loaded classes, once: what the output header
 * names ({@code # Binding: ...}) and which {@link Extension}s the benchmarks may use.
 *
 * <p>How it is named: by the {@code Implementation-Title} and {@code Implementation-Version}
 * of the jar that holds {@code mpi.MPI} (this project's jar has them); else by that jar's
 * file name, as Open MPI's Java bindings when it lacks Java arrays in non-blocking calls and
 * runs on Open MPI, as MVAPICH2-J when its name says so.
 *
 * @param name       the binding, e.g. {@code Open MPI Java bindings (mpi.jar)}
 * @param library    the MPI library, from {@code MPI.getLibVersion()}, e.g.
 *                   {@code Open MPI v4.1.4}
 * @param lacking    the extensions the binding lacks: one of their calls or more is missing
 */
public record LoadedBinding(String name, String library, Set<Extension> lacking) {
    /** The binding of this process, found on first use (after {@code MPI.Init}). */
    private static LoadedBinding current;

    /**
     * @return the binding of this process, found once from the loaded classes
     * @throws MPIException if the MPI library's version cannot be read
     */
    public static synchronized LoadedBinding get() throws MPIException {
        if (current == null) {
            current = detect(MPI.class, Comm.class, MPI.getLibVersion());
        }
        return current;
    }

    /**
     * @param mpi        the loaded {@code mpi.MPI}
     * @param comm       the loaded {@code mpi.Comm}
     * @param libVersion what {@code MPI.getLibVersion()} returns
     * @return the binding these classes belong to
     */
    static LoadedBinding detect(Class<?> mpi, Class<?> comm, String libVersion) {
        Set<Extension> lacking = EnumSet.noneOf(Extension.class);
        for (Extension e : Extension.values()) {
            if (!e.calls().stream().allMatch(c -> c.existsIn(comm))) {
                lacking.add(e);
            }
        }
        Package p = mpi.getPackage();
        String library = library(libVersion);
        boolean arraysNonBlocking = !lacking.contains(Extension.NON_BLOCKING_ARRAYS);
        return new LoadedBinding(name(p.getImplementationTitle(), p.getImplementationVersion(),
                location(mpi), library, arraysNonBlocking), library, lacking);
    }

    /**
     * @param title      the jar's {@code Implementation-Title}, or null
     * @param version    the jar's {@code Implementation-Version}, or null
     * @param file       the file name of the jar or folder that holds {@code mpi.MPI}
     * @param library    the MPI library, as {@link #library(String)} gives it
     * @param arraysNonBlocking whether the binding has {@link Extension#NON_BLOCKING_ARRAYS}
     * @return the binding's name for the header
     */
    static String name(String title, String version, String file, String library,
            boolean arraysNonBlocking) {
        if (title != null && !title.isBlank()) {
            return version == null || version.isBlank() ? title : title + " " + version;
        }
        String where = " (" + file + ")";
        if (file.toLowerCase(Locale.ROOT).contains("mvapich")) {
            return "MVAPICH2-J" + where;
        }
        if (!arraysNonBlocking && library.startsWith("Open MPI")) {
            return "Open MPI Java bindings" + where;
        }
        return "Java MPI binding" + where;
    }

    /**
     * @param libVersion what {@code MPI.getLibVersion()} returns, e.g. {@code Open MPI
     *                   v4.1.4, package: Debian OpenMPI, ...} or {@code MPICH Version:\t4.0.2\n...}
     * @return its first line up to the first comma, white space folded: {@code Open MPI v4.1.4}
     */
    static String library(String libVersion) {
        if (libVersion == null || libVersion.isBlank()) {
            return "unknown MPI library";
        }
        String first = libVersion.strip().lines().findFirst().orElse("");
        int comma = first.indexOf(',');
        return (comma < 0 ? first : first.substring(0, comma)).replaceAll("\\s+", " ").strip();
    }

    private static String location(Class<?> c) {
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return "unknown location";
        }
        try {
            return Optional.ofNullable(Path.of(source.getLocation().toURI()).getFileName())
                    .map(Path::toString).orElse(source.getLocation().toString());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return source.getLocation().toString();
        }
    }

    /** @return the header line, e.g. {@code # Binding: OMB-J JNI binding 0.2.0, Open MPI v4.1.4} */
    public String headerLine() {
        return "# Binding: " + name + ", " + library;
    }

    /** @return whether the binding has the extension */
    public boolean has(Extension e) {
        return !lacking.contains(e);
    }

    /**
     * @param e an extension the binding lacks
     * @return one line for the user: what is missing and what works instead
     */
    public String lacks(Extension e) {
        return "the binding in use, " + name + ", has no " + e.what() + "; " + e.instead();
    }
}
