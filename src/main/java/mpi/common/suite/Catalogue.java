package mpi.common.suite;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import mpi.common.BenchmarkHarness;

/**
 * The benchmarks a suite can run, found in the jar (or class folder) that holds the harness:
 * every public, concrete {@link BenchmarkHarness} with a public no-argument constructor in the
 * packages of the {@link #GROUPS}, by group, each sorted by name. No list of benchmarks is
 * kept by hand: a new benchmark in one of these packages is in its group at once.
 *
 * <p>The start-up programs ({@code mpi.startup}) are no part of it: they measure
 * {@code MPI.Init} or the whole start of a job, which a suite does once for all
 * ({@link #alone}).
 */
public final class Catalogue {
    /**
     * The groups, in the order {@code all} runs them: each is the package {@code mpi.NAME}
     * ({@code collective.persistent}: C OMB 7.4's {@code collective/persistent}, MPI-4).
     */
    public static final List<String> GROUPS = List.of("pt2pt", "collective",
            "collective.persistent", "neighborhood", "onesided", "transport", "bigdata");
    /** The group of every benchmark of every group. */
    public static final String ALL = "all";
    /** The package ({@code mpi.startup}) of the start-up programs, which no group holds. */
    public static final String STARTUP = "startup";
    private static final Map<String, String> ALONE = Map.of(
            "OSUInit", "measures MPI.Init, which a suite calls once for all its benchmarks",
            "OSUHello", "is timed from outside as the start of a whole MPI job, which a suite"
                    + " is not",
            "OSUSpawn", "starts JVMs of its own, through MPI and without, and needs free slots"
                    + " for them");

    private final Map<String, List<Class<? extends BenchmarkHarness>>> groups;

    private Catalogue(Map<String, List<Class<? extends BenchmarkHarness>>> groups) {
        this.groups = Collections.unmodifiableMap(groups);
    }

    /**
     * @return the benchmarks of the jar or class folder that holds the harness
     * @throws IOException if it cannot be read
     */
    public static Catalogue load() throws IOException {
        return of(classNames(location()), Catalogue.class.getClassLoader());
    }

    /**
     * @param classNames class names, such as a jar's; those that are no benchmark of a group
     *                   are left out
     * @param loader     where to load them from (without initializing them)
     * @return the benchmarks among them, by group
     */
    static Catalogue of(List<String> classNames, ClassLoader loader) {
        Map<String, List<Class<? extends BenchmarkHarness>>> groups = new LinkedHashMap<>();
        for (String group : GROUPS) {
            List<Class<? extends BenchmarkHarness>> members = new ArrayList<>();
            for (String name : classNames) {
                if (name.startsWith("mpi." + group + ".")
                        && name.indexOf('.', group.length() + 5) < 0 && name.indexOf('$') < 0) {
                    benchmark(name, loader).ifPresent(members::add);
                }
            }
            members.sort(Comparator.comparing(Class::getSimpleName));
            groups.put(group, List.copyOf(members));
        }
        return new Catalogue(groups);
    }

    /**
     * @param group a group's name, or {@value #ALL}
     * @return its benchmarks in the order they run, or empty if there is no such group
     */
    public Optional<List<Class<? extends BenchmarkHarness>>> group(String group) {
        if (ALL.equals(group)) {
            return Optional.of(groups.values().stream().flatMap(List::stream).toList());
        }
        return Optional.ofNullable(groups.get(group));
    }

    /**
     * @param name a benchmark's simple class name, such as {@code OSULatency}
     * @return its class, if a group holds it
     */
    public Optional<Class<? extends BenchmarkHarness>> find(String name) {
        return groups.values().stream().flatMap(List::stream)
                .filter(c -> c.getSimpleName().equals(name)).findFirst();
    }

    /**
     * @param name a program's simple or full class name
     * @return why it cannot run inside a suite, if it cannot (the start-up programs)
     */
    public static Optional<String> alone(String name) {
        return Optional.ofNullable(ALONE.get(name.substring(name.lastIndexOf('.') + 1)));
    }

    /** @return the simple class names of the start-up programs ({@value #STARTUP}), sorted */
    public static List<String> aloneNames() {
        return ALONE.keySet().stream().sorted().toList();
    }

    /**
     * Finds one benchmark without reading the whole jar, as {@link #load} would (a program
     * started by its name should not wait for that).
     *
     * @param name   a benchmark's simple class name, such as {@code OSULatency}
     * @param loader where to load it from (without initializing it)
     * @return its class, if it is a benchmark of a group
     */
    public static Optional<Class<? extends BenchmarkHarness>> lookUp(String name,
            ClassLoader loader) {
        if (!name.matches("[A-Za-z0-9_]+")) {
            return Optional.empty();
        }
        return GROUPS.stream().map(g -> benchmark("mpi." + g + "." + name, loader))
                .flatMap(Optional::stream).findFirst();
    }

    /** @return the groups and their benchmarks in the order they run */
    public Map<String, List<Class<? extends BenchmarkHarness>>> groups() {
        return groups;
    }

    /** @return the groups and their benchmarks, for the usage text */
    public String describe() {
        StringBuilder text = new StringBuilder();
        groups.forEach((group, members) -> text.append("  ").append(group).append(": ")
                .append(String.join(" ", members.stream().map(Class::getSimpleName).toList()))
                .append('\n'));
        return text.toString();
    }

    /** A class of a group if it is a benchmark a suite can create and run. */
    private static Optional<Class<? extends BenchmarkHarness>> benchmark(String name,
            ClassLoader loader) {
        Class<?> c;
        try {
            c = Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty(); // not loadable here (a dependency missing): not offered
        }
        if (!BenchmarkHarness.class.isAssignableFrom(c) || !Modifier.isPublic(c.getModifiers())
                || Modifier.isAbstract(c.getModifiers())) {
            return Optional.empty();
        }
        try {
            if (!Modifier.isPublic(c.getConstructor().getModifiers())) {
                return Optional.empty();
            }
        } catch (NoSuchMethodException e) {
            return Optional.empty();
        }
        return Optional.of(c.asSubclass(BenchmarkHarness.class));
    }

    /** The jar or class folder that holds the harness. */
    private static Path location() throws IOException {
        CodeSource source = BenchmarkHarness.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IOException("cannot tell where the benchmarks' classes are");
        }
        try {
            return Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IOException("cannot read the benchmarks' classes at "
                    + source.getLocation() + ": " + e.getMessage(), e);
        }
    }

    /** The names of the classes in a jar or class folder. */
    static List<String> classNames(Path where) throws IOException {
        if (Files.isDirectory(where)) {
            try (Stream<Path> files = Files.walk(where)) {
                return files.filter(f -> f.toString().endsWith(".class"))
                        .map(f -> className(where.relativize(f).toString()
                                .replace(where.getFileSystem().getSeparator(), "/")))
                        .toList();
            }
        }
        try (JarFile jar = new JarFile(where.toFile())) {
            return jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class"))
                    .map(Catalogue::className).toList();
        }
    }

    private static String className(String entry) {
        return entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
    }
}
