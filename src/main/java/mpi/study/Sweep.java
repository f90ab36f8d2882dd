package mpi.study;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import mpi.compare.Verdict;

/**
 * The results files of one collective's {@code --algorithm} sweep, on one or more process
 * counts, checked to make one choice of algorithm per (P, m): {@link AlgorithmChoice} against
 * the MPI's own choice (the algorithm of value 0: Open MPI's {@code ignore}, MPICH's
 * {@code auto}), and the tuning files of that choice.
 */
public final class Sweep {
    /** The names of value 0, for files of a version that did not record the number. */
    private static final Set<String> DEFAULT_NAMES = Set.of("ignore", "auto");

    private final List<SweepFile> files;
    private final SweepFile first;
    private final String byDefault;
    private final Map<String, Integer> numbers = new HashMap<>();

    private Sweep(List<SweepFile> files, String byDefault) {
        this.files = List.copyOf(files);
        this.first = files.get(0);
        this.byDefault = byDefault;
    }

    /**
     * @param files the files of the sweep, any order
     * @param level the confidence level the intervals must have at least: a file of a lower
     *              level would let a narrower interval switch away from the default
     * @return the sweep
     * @throws TuneException in one line: no files, mixed collectives or MPI libraries, a lower
     *                       level, an algorithm measured twice on a process count, no run of
     *                       the default on one, or a size the default was not measured at
     */
    public static Sweep of(List<SweepFile> files, double level) throws TuneException {
        checkOneStudy(files);
        for (SweepFile f : files) {
            if (Double.isNaN(f.level())) {
                throw new TuneException(f.path() + ": no confidence level recorded"
                        + " (options.statistics.level); rerun the sweep with -o DIR");
            }
            if (f.level() < level) {
                throw new TuneException(f.path() + ": its intervals are at level " + f.level()
                        + ", below " + level + "; rerun the sweep with --level " + level);
            }
        }
        String byDefault = null;
        Map<String, Integer> numbers = new HashMap<>();
        for (SweepFile f : files) {
            if (f.number() != null) {
                Integer other = numbers.put(f.algorithm(), f.number());
                if (other != null && !other.equals(f.number())) {
                    throw new TuneException(f.path() + ": " + f.algorithm() + " is number "
                            + f.number() + " here and " + other + " in another file");
                }
            }
            if (isDefault(f)) {
                byDefault = f.algorithm();
            }
        }
        if (byDefault == null) {
            throw new TuneException("no run of the MPI's own choice (the algorithm of value 0,"
                    + " ignore or auto): sweep with --algorithm all");
        }
        Sweep sweep = new Sweep(files, byDefault);
        sweep.numbers.putAll(numbers);
        sweep.checkDefaultEverywhere();
        return sweep;
    }

    /**
     * What every reader of a sweep needs of its files, Tune's and {@link ModelStudy}'s:
     * some files, one collective, one MPI library, and one run per algorithm and process
     * count.
     *
     * @param files the sweep's files
     * @throws TuneException in one line naming the files at fault
     */
    static void checkOneStudy(List<SweepFile> files) throws TuneException {
        if (files.isEmpty()) {
            throw new TuneException("no results files: give the JSON files (or their"
                    + " directory) of an --algorithm all -o DIR sweep");
        }
        SweepFile first = files.get(0);
        Map<String, SweepFile> seen = new HashMap<>();
        for (SweepFile f : files) {
            if (!f.operationName().equals(first.operationName())) {
                throw new TuneException("mixed collectives: " + first.operationName() + " ("
                        + first.path() + ") and " + f.operationName() + " (" + f.path()
                        + "); give one collective's files");
            }
            if (!f.mpiLibrary().equals(first.mpiLibrary())) {
                throw new TuneException("mixed MPI libraries: " + first.mpiLibrary() + " ("
                        + first.path() + ") and " + f.mpiLibrary() + " (" + f.path() + ")");
            }
            SweepFile twin = seen.put(f.ranks() + " " + f.algorithm(), f);
            if (twin != null) {
                throw new TuneException("two runs of " + f.algorithm() + " on " + f.ranks()
                        + " processes: " + twin.path() + " and " + f.path() + "; give one");
            }
        }
    }

    /** AlgorithmChoice needs the default at every (P, m) that any algorithm was measured at. */
    private void checkDefaultEverywhere() throws TuneException {
        Map<Integer, Set<Long>> defaultSizes = new TreeMap<>();
        for (SweepFile f : files) {
            if (f.algorithm().equals(byDefault)) {
                Set<Long> sizes = defaultSizes.computeIfAbsent(f.ranks(), p -> new TreeSet<>());
                f.measurements().forEach(m -> sizes.add(m.bytes()));
            }
        }
        for (SweepFile f : files) {
            Set<Long> sizes = defaultSizes.get(f.ranks());
            if (sizes == null) {
                throw new TuneException("no run of the MPI's own choice (" + byDefault + ") on "
                        + f.ranks() + " processes, which " + f.path() + " has");
            }
            for (Measurement m : f.measurements()) {
                if (!sizes.contains(m.bytes())) {
                    throw new TuneException(f.path() + ": size " + m.bytes() + " on "
                            + f.ranks() + " processes, where " + byDefault + " was not measured");
                }
            }
        }
    }

    /** @return whether the file is of the MPI's own choice (value 0: ignore, auto) */
    static boolean isDefault(SweepFile f) {
        return f.number() != null ? f.number() == 0 : DEFAULT_NAMES.contains(f.algorithm());
    }

    /** @return the collective as its benchmark names it, e.g. {@code scatter}, {@code ibcast} */
    public String operation() {
        return first.operationName();
    }

    /** @return the MPI library of the files */
    public String mpiLibrary() {
        return first.mpiLibrary();
    }

    /** @return the name of the MPI's own choice (value 0) */
    public String byDefault() {
        return byDefault;
    }

    /** @return every measurement of every file */
    public List<Measurement> measurements() {
        List<Measurement> all = new ArrayList<>();
        files.forEach(f -> all.addAll(f.measurements()));
        return all;
    }

    /** @return the choice at each (P, m), by P then m */
    public List<AlgorithmChoice.Choice> choices() {
        return AlgorithmChoice.choose(measurements(), (p, m) -> byDefault);
    }

    /**
     * Open MPI's dynamic rules file of the choices. A rule that keeps the default is written
     * with number 0, which sends the call to Open MPI's fixed decision, its own choice.
     *
     * @return the file's text
     * @throws TuneException in one line: not Open MPI's files, or a non-blocking collective
     *                       (libnbc reads no rules file)
     */
    public String openMpiRules() throws TuneException {
        if (first.nonBlocking()) {
            throw new TuneException("--rules: " + operation() + " is non-blocking; Open MPI's"
                    + " rules file holds only the blocking collectives (coll/tuned): set"
                    + " coll_libnbc_" + operation() + "_algorithm at launch instead");
        }
        if (!mpiLibrary().startsWith("Open MPI")) {
            throw new TuneException("--rules: the sweep ran on " + mpiLibrary()
                    + ", not Open MPI: its algorithms' numbers are not Open MPI's");
        }
        TuningTable table = AlgorithmChoice.table(first.collective(), choices());
        try {
            return OpenMpiRules.write(List.of(table), (c, a) -> OpenMpiRules.Parameters.NONE,
                    (c, a) -> number(a));
        } catch (IllegalArgumentException e) {
            throw new TuneException("--rules: " + e.getMessage());
        }
    }

    /** The fastest algorithm other than the default at (P, m), which MPICH's file can name. */
    private String fastestNamed(int p, long m) throws TuneException {
        Measurement best = null;
        for (Measurement x : measurements()) {
            if (x.processes() == p && x.bytes() == m && !x.algorithm().equals(byDefault)
                    && (best == null || x.latency() < best.latency())) {
                best = x;
            }
        }
        if (best == null) {
            throw new TuneException("--mpich-json: only " + byDefault + " was measured at P = "
                    + p + ", m = " + m + ", which the file cannot name");
        }
        return best.algorithm();
    }

    /** The number the MPI reported for the algorithm, else Open MPI 4.1's. */
    private int number(String algorithm) {
        Integer n = numbers.get(algorithm);
        if (n != null) {
            return n;
        }
        return algorithm.equals(byDefault) ? 0
                : OpenMpiRules.algorithmNumber(first.collective(), algorithm);
    }

    /**
     * MPICH's selection JSON of the choices. That file replaces MPICH's whole selection and
     * cannot name {@code auto}; where the choice keeps the default because no difference was
     * found, the fastest algorithm measured other than the default stands in.
     *
     * @return the file's text
     * @throws TuneException in one line: not MPICH's files, a non-blocking collective, an
     *                       algorithm the writer does not know, or a point whose intervals
     *                       were too few for a verdict (no stand-in is justified there)
     */
    public String mpichJson() throws TuneException {
        if (first.nonBlocking()) {
            throw new TuneException("--mpich-json: " + operation() + " is non-blocking; only"
                    + " the blocking collectives' algorithms are known to the writer");
        }
        if (!mpiLibrary().contains("MPICH")) {
            throw new TuneException("--mpich-json: the sweep ran on " + mpiLibrary()
                    + ", not MPICH: its algorithms' names are not MPICH's");
        }
        TuningTable table = new TuningTable(first.collective());
        for (AlgorithmChoice.Choice c : choices()) {
            if (c.verdict() == Verdict.TOO_FEW_RUNS) {
                throw new TuneException("--mpich-json: too few runs for a verdict at P = "
                        + c.processes() + ", m = " + c.bytes() + ", and the file cannot name "
                        + byDefault + "; rerun the sweep with more iterations (-i)");
            }
            table.put(c.processes(), c.bytes(), c.switched() ? c.algorithm()
                    : fastestNamed(c.processes(), c.bytes()));
        }
        try {
            return MpichTuningJson.write(List.of(table));
        } catch (IllegalArgumentException e) {
            throw new TuneException("--mpich-json: " + e.getMessage());
        }
    }
}
