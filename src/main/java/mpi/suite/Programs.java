package mpi.suite;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import mpi.common.graph.ProgramNames;
import mpi.common.suite.Catalogue;

/**
 * The programs of the jar by the names a user types after {@code java -jar omb-j.jar}: C OMB
 * 7.4's ({@code osu_latency}, from {@link ProgramNames}), the class's simple name
 * ({@code OSULatency}, found as {@link Catalogue} finds it), {@value #SUITE} and
 * {@value #COMPARE}.
 */
final class Programs {
    /** The name of {@link OSUSuite}. */
    static final String SUITE = "suite";
    /** The name of the comparison with C ({@code mpi.compare.Compare}, scripts/compare.sh). */
    static final String COMPARE = "compare";
    private static final Map<String, String> TOOLS = Map.of(SUITE, OSUSuite.class.getName(),
            COMPARE, "mpi.compare.Compare");
    /** At most this many names are offered for one not known. */
    private static final int SUGGESTIONS = 5;

    private Programs() {
    }

    /**
     * @param name   what the user typed
     * @param loader where the programs are
     * @return the class whose {@code main} the name runs, if it names a program
     */
    static Optional<Class<?>> resolve(String name, ClassLoader loader) {
        String tool = TOOLS.get(name);
        if (tool != null) {
            return load(tool, loader);
        }
        String simple = ProgramNames.javaName(name).orElse(name);
        if (simple.equals(OSUSuite.class.getSimpleName())) {
            return Optional.of(OSUSuite.class);
        }
        if (Catalogue.aloneNames().contains(simple)) {
            return load("mpi." + Catalogue.STARTUP + "." + simple, loader);
        }
        return Catalogue.lookUp(simple, loader).map(c -> c);
    }

    /**
     * @return the names to type, by group: each benchmark by its C OMB name where it has one,
     *         else by its class name; then the start-up programs and the tools
     */
    static Map<String, List<String>> names(Catalogue catalogue) {
        Map<String, List<String>> names = new LinkedHashMap<>();
        catalogue.groups().forEach((group, members) -> names.put(group, members.stream()
                .map(c -> typed(c.getSimpleName())).sorted().toList()));
        names.put(Catalogue.STARTUP, Catalogue.aloneNames().stream().map(Programs::typed)
                .toList());
        names.put("tools", List.of(SUITE, COMPARE));
        return names;
    }

    /**
     * @return the known names nearest to {@code unknown}, at most {@value #SUGGESTIONS}: those
     *         that hold it or that it holds, ignoring case and {@code _}; else those that
     *         share its longest start beyond "osu"
     */
    static List<String> nearest(String unknown, Catalogue catalogue) {
        List<String> all = names(catalogue).values().stream().flatMap(List::stream).toList();
        String typed = plain(unknown);
        List<String> near = all.stream().filter(n -> !typed.isEmpty()
                && (plain(n).contains(typed) || typed.contains(plain(n)))).toList();
        if (near.isEmpty()) {
            int best = all.stream().mapToInt(n -> sharedStart(plain(n), typed)).max().orElse(0);
            int floor = typed.startsWith("osu") ? "osu".length() + 1 : 1;
            near = best < floor ? List.of()
                    : all.stream().filter(n -> sharedStart(plain(n), typed) == best).toList();
        }
        return near.stream().limit(SUGGESTIONS).toList();
    }

    private static String typed(String simpleName) {
        return ProgramNames.cName(simpleName).orElse(simpleName);
    }

    private static String plain(String name) {
        return name.toLowerCase(Locale.ROOT).replace("_", "");
    }

    private static int sharedStart(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return n;
    }

    private static Optional<Class<?>> load(String className, ClassLoader loader) {
        try {
            return Optional.of(Class.forName(className, false, loader));
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty(); // not in this jar (the benchmarks-only jar has all of them)
        }
    }
}
