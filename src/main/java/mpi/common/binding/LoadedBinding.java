package mpi.common.binding;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
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
 * <p>How it is named: this project's binding, which says how it reaches MPI
 * ({@code MPI.getBackend()}, an extension), by that backend and the jar's
 * {@code Implementation-Version}: {@code OMB-J JNI binding 0.2.0}, or {@code OMB-J FFM binding
 * 0.2.0} with the ABI it calls after the library ({@code MPICH Version: 5.0.2 (MPI-5 standard
 * ABI)}); another binding by the {@code Implementation-Title} and {@code
 * Implementation-Version} of the jar that holds {@code mpi.MPI}; else by that jar's file name,
 * as Open MPI's Java bindings when it lacks Java arrays in non-blocking calls and runs on
 * Open MPI, as MVAPICH2-J when its name says so.
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
            current = detect(MPI.class, Comm.class, MPI.getLibVersion(), backend(MPI.class));
        }
        return current;
    }

    /**
     * @param mpi        the loaded {@code mpi.MPI}
     * @param comm       the loaded {@code mpi.Comm}
     * @param libVersion what {@code MPI.getLibVersion()} returns
     * @param backend    what {@code MPI.getBackend()} returns, or null for a binding without it
     * @return the binding these classes belong to
     */
    static LoadedBinding detect(Class<?> mpi, Class<?> comm, String libVersion, String backend) {
        Set<Extension> lacking = EnumSet.noneOf(Extension.class);
        for (Extension e : Extension.values()) {
            if (!e.calls().stream().allMatch(c -> c.existsIn(comm))) {
                lacking.add(e);
            }
        }
        Package p = mpi.getPackage();
        String library = library(libVersion);
        if (backend != null) {
            BackendName b = BackendName.parse(backend);
            return new LoadedBinding(b.bindingName(p.getImplementationVersion()),
                    b.abi() == null ? library : library + " (" + b.abi() + ")", lacking);
        }
        boolean arraysNonBlocking = !lacking.contains(Extension.NON_BLOCKING_ARRAYS);
        return new LoadedBinding(name(p.getImplementationTitle(), p.getImplementationVersion(),
                location(mpi), library, arraysNonBlocking), library, lacking);
    }

    /**
     * @param mpi the loaded {@code mpi.MPI}
     * @return what its {@code getBackend()} says (this project's binding), or null if it has
     *         none (another binding: Open MPI's Java bindings, MVAPICH2-J)
     */
    static String backend(Class<?> mpi) {
        try {
            Method m = mpi.getMethod("getBackend");
            if (!Modifier.isStatic(m.getModifiers()) || m.getReturnType() != String.class) {
                return null;
            }
            return (String) m.invoke(null);
        } catch (NoSuchMethodException e) {
            return null;
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("MPI.getBackend() failed: " + e, e);
        }
    }

    /**
     * A backend of this project's binding, as {@code MPI.getBackend()} names it.
     *
     * @param kind {@code JNI} or {@code FFM}
     * @param abi  the ABI of the MPI library the backend found, or null (JNI: the library's
     *             own, from the {@code mpi.h} it was built against)
     */
    record BackendName(String kind, String abi) {
        /** @return {@code "FFM (MPI-5 standard ABI)"} as kind FFM and that ABI; "JNI" as JNI */
        static BackendName parse(String backend) {
            int open = backend.indexOf(" (");
            if (open < 0 || !backend.endsWith(")")) {
                return new BackendName(backend.strip(), null);
            }
            return new BackendName(backend.substring(0, open).strip(),
                    backend.substring(open + 2, backend.length() - 1).strip());
        }

        /** @return e.g. {@code OMB-J FFM binding 0.2.0} ({@code version}: the jar's, or null) */
        String bindingName(String version) {
            String name = "OMB-J " + kind + " binding";
            return version == null || version.isBlank() ? name : name + " " + version;
        }
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
