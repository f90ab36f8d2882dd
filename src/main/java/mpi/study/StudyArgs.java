package mpi.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import mpi.common.graph.ProgramNames;
import mpi.common.suite.Catalogue;
import mpi.compare.BadArgumentException;
import mpi.installation.MpiInstallation;

/**
 * The command line of {@link Study}: {@code BENCHMARK --np LIST --map-by LIST [--mpi NAME]
 * [--algorithm LIST] [--dir DIR] [benchmark options...]}.
 *
 * @param benchmark     the collective benchmark's simple class name, e.g. {@code OSUScatter}
 * @param counts        the process counts, in the order given, each once
 * @param mapBy         the {@code --map-by} policies, in the order given, each once
 * @param mpi           the installation of scripts/install-mpi.sh, "" for the launcher's
 * @param algorithm     the benchmark's {@code --algorithm} value ({@code all} by default)
 * @param dir           the study's root directory
 * @param benchmarkArgs the benchmark's own options, passed on as they are
 * @param help          whether {@code --help} was given (then nothing else is done)
 */
public record StudyArgs(String benchmark, List<Integer> counts, List<String> mapBy, String mpi,
        String algorithm, Path dir, List<String> benchmarkArgs, boolean help) {
    /** The usage line. */
    public static final String USAGE = "usage: java -cp omb-j.jar mpi.study.Study BENCHMARK"
            + " --np N,N... --map-by POLICY,... [--mpi NAME] [--algorithm all|LIST] [--dir DIR]"
            + " [benchmark options]  (BENCHMARK: a collective, e.g. osu_bcast or OSUScatter;"
            + " DIR: default target/study/BENCHMARK)";

    /** The default root of the studies: a folder per benchmark under it. */
    public static final Path DEFAULT_ROOT = Path.of("target", "study");

    // A count as the compare tool takes one: up to six digits.
    private static final Pattern COUNT = Pattern.compile("[1-9][0-9]{0,5}");
    // A policy's name, then its launcher's modifiers (Open MPI's core:PE=2, ppr:2:socket).
    private static final Pattern POLICY = Pattern.compile("[A-Za-z0-9]+(:[A-Za-z0-9=:_.-]+)?");

    /**
     * The {@code --map-by} objects of Open MPI 4's ORTE and 5's PRRTE (socket in 4, package in
     * 5; each names the other's in its manual's lists of objects).
     */
    static final Set<String> OPEN_MPI_POLICIES = Set.of("slot", "hwthread", "core", "l1cache",
            "l2cache", "l3cache", "socket", "package", "numa", "board", "node", "seq", "dist",
            "ppr");
    /** The {@code -map-by} objects of hydra (MPICH's and Intel MPI's mpiexec). */
    static final Set<String> HYDRA_POLICIES = Set.of("rr", "machine", "hwthread", "core",
            "l1cache", "l2cache", "l3cache", "l4cache", "socket", "numa");

    /** Copies the lists. */
    public StudyArgs {
        counts = List.copyOf(counts);
        mapBy = List.copyOf(mapBy);
        benchmarkArgs = List.copyOf(benchmarkArgs);
    }

    /**
     * @param args the command line
     * @return its values
     * @throws BadArgumentException in one line: no or an unknown benchmark, one that is not a
     *         collective, a bad or repeated count, a missing {@code --np} or {@code --map-by},
     *         an option without its value, or {@code -o} (the study's own)
     */
    public static StudyArgs parse(String... args) throws BadArgumentException {
        String benchmark = null;
        List<Integer> counts = null;
        List<String> mapBy = null;
        String mpi = "";
        String algorithm = "all";
        Path dir = null;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String inline = a.startsWith("--") && a.contains("=") ? a.substring(a.indexOf('=') + 1)
                    : null;
            String name = inline == null ? a : a.substring(0, a.indexOf('='));
            switch (name) {
                case "-h", "--help" -> {
                    return new StudyArgs("", List.of(), List.of(), "", algorithm, DEFAULT_ROOT,
                            List.of(), true);
                }
                case "--np" -> counts = counts(inline != null ? inline : value(args, ++i, a));
                case "--map-by" -> mapBy = policies(inline != null ? inline : value(args, ++i, a));
                case "--mpi" -> mpi = inline != null ? inline : value(args, ++i, a);
                case "--algorithm" -> algorithm = inline != null ? inline : value(args, ++i, a);
                case "--dir" -> dir = Path.of(inline != null ? inline : value(args, ++i, a));
                case "-o", "--output-dir" -> throw new BadArgumentException(a + ": the study"
                        + " chooses the results directories itself (--dir DIR for their root)");
                default -> {
                    if (benchmark == null && !a.startsWith("-")) {
                        benchmark = benchmark(a);
                    } else if (a.startsWith("-o") && !a.startsWith("--")) {
                        throw new BadArgumentException(a + ": the study chooses the results"
                                + " directories itself (--dir DIR for their root)");
                    } else {
                        rest.add(a);
                    }
                }
            }
        }
        if (benchmark == null) {
            throw new BadArgumentException("no BENCHMARK; " + USAGE);
        }
        if (counts == null) {
            throw new BadArgumentException("no --np: give the process counts, e.g. --np 2,4");
        }
        if (mapBy == null) {
            throw new BadArgumentException("no --map-by: give the placements, e.g. --map-by core");
        }
        if (algorithm.isEmpty()) {
            throw new BadArgumentException("--algorithm needs a value (all, or a list)");
        }
        return new StudyArgs(benchmark, counts, mapBy, mpi, algorithm,
                dir != null ? dir : DEFAULT_ROOT.resolve(benchmark), rest, false);
    }

    private static String value(String[] args, int i, String option) throws BadArgumentException {
        if (i >= args.length) {
            throw new BadArgumentException(option + " needs a value; " + USAGE);
        }
        return args[i];
    }

    /**
     * @param name {@code osu_bcast}, {@code OSUBcast} or {@code mpi.collective.OSUBcast}
     * @return the benchmark's simple class name
     * @throws BadArgumentException if it names no benchmark, or one that is not a collective
     */
    static String benchmark(String name) throws BadArgumentException {
        String simple = ProgramNames.javaName(name).orElse(name);
        if (simple.startsWith("mpi.")) {
            simple = simple.substring(simple.lastIndexOf('.') + 1);
        }
        var found = Catalogue.lookUp(simple, StudyArgs.class.getClassLoader());
        if (found.isEmpty()) {
            throw new BadArgumentException("unknown benchmark '" + name + "'; give a collective,"
                    + " e.g. osu_bcast or OSUScatter");
        }
        if (!found.get().getPackageName().equals("mpi.collective")
                || SweepFile.operation(simple) == null) {
            throw new BadArgumentException(name + " is not a collective benchmark: a study"
                    + " sweeps a collective's algorithms");
        }
        return simple;
    }

    /** @return the counts of {@code list}, e.g. {@code 2,4,8} */
    static List<Integer> counts(String list) throws BadArgumentException {
        Set<Integer> counts = new LinkedHashSet<>();
        for (String c : list.split(",", -1)) {
            if (!COUNT.matcher(c).matches()) {
                throw new BadArgumentException("--np: bad process count '" + c + "' in '" + list
                        + "' (e.g. --np 2,4,8)");
            }
            int n = Integer.parseInt(c);
            if (n < 2) {
                throw new BadArgumentException("--np: " + n + " process: a collective's"
                        + " algorithms differ from 2 processes on");
            }
            if (!counts.add(n)) {
                throw new BadArgumentException("--np: " + n + " twice in '" + list + "'");
            }
        }
        return List.copyOf(counts);
    }

    /** @return the policies of {@code list}, e.g. {@code core,socket} */
    static List<String> policies(String list) throws BadArgumentException {
        Set<String> policies = new LinkedHashSet<>();
        for (String p : list.split(",", -1)) {
            if (!POLICY.matcher(p).matches()) {
                throw new BadArgumentException("--map-by: bad policy '" + p + "' in '" + list
                        + "' (e.g. --map-by core,socket)");
            }
            if (!policies.add(p)) {
                throw new BadArgumentException("--map-by: " + p + " twice in '" + list + "'");
            }
        }
        return List.copyOf(policies);
    }

    /**
     * @param family the MPI's family
     * @throws BadArgumentException naming the first policy its launcher does not know
     */
    void checkPolicies(MpiInstallation.Family family) throws BadArgumentException {
        Set<String> known = family == MpiInstallation.Family.OPEN_MPI ? OPEN_MPI_POLICIES
                : HYDRA_POLICIES;
        for (String p : mapBy) {
            String object = p.split(":", 2)[0].toLowerCase(Locale.ROOT);
            if (!known.contains(object)) {
                throw new BadArgumentException("--map-by " + p + ": not a placement of "
                        + (family == MpiInstallation.Family.OPEN_MPI ? "Open MPI's mpirun"
                                : "hydra's mpiexec") + " (" + String.join(", ",
                                        known.stream().sorted().toList()) + ")");
            }
        }
    }

    /** @return the folder name of a policy's study, e.g. {@code map-by-core} */
    static String folder(String policy) {
        return "map-by-" + policy.replaceAll("[^A-Za-z0-9_.-]", "_");
    }
}
