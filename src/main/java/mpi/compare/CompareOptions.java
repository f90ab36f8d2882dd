package mpi.compare;

import java.util.List;

/**
 * What the command line asked for.
 *
 * @param runs     runs per variant and size (-n)
 * @param np       processes for the collective benches and multi_lat (-p)
 * @param csv      the CSV file to write (-o)
 * @param benches  the benches in the order given, each with its sizes in bytes (-s, or the
 *                 bench's defaults)
 * @param bindings the Java bindings whose columns stand beside C (-b), at least one
 * @param help     -h: print the usage and nothing else
 * @param png      the PNG of the table to draw (-g; by default the CSV's path with .png)
 * @param apis     the Java APIs each binding runs (-a; by default buffer and arrays), see
 *                 {@link JavaApis}
 * @param mpi      the installation of scripts/install-mpi.sh to run on (--mpi, or MPI_NAME),
 *                 e.g. mpich5-abi; "" for the launcher MPIRUN with its own MPI
 * @param seed     the seed of the rounds' shuffled order (--seed, or one drawn), see {@link RunOrder}
 * @param level    the confidence level of the intervals and the verdicts (--level), in (0, 1)
 */
public record CompareOptions(int runs, int np, String csv, List<Plan> benches,
        List<Binding> bindings, boolean help, String png, List<String> apis, String mpi,
        long seed, double level) {
    /** The confidence level by default. */
    public static final double DEFAULT_LEVEL = 0.95;

    /** Each binding's buffer and arrays API, on MPIRUN's MPI, at the default level. */
    public CompareOptions(int runs, int np, String csv, List<Plan> benches, List<Binding> bindings,
            boolean help, String png, long seed) {
        this(runs, np, csv, benches, bindings, help, png, JavaApis.DEFAULT, "", seed, DEFAULT_LEVEL);
    }

    /**
     * One bench and its sizes in bytes, in the order given.
     *
     * @param range whether the sizes are one range, MIN to MAX in powers of two ({@code -s
     *              MIN:MAX}), that every run covers in one launch ({@code -m MIN:MAX}) rather
     *              than a launch per size
     */
    public record Plan(Bench bench, List<Integer> sizes, boolean range) {
        /** A launch per size. */
        public Plan(Bench bench, List<Integer> sizes) {
            this(bench, sizes, false);
        }

        /** @return the {@code -m} argument of one launch: {@code MIN:MAX} for a range */
        public String rangeArg() {
            return sizes.get(0) + ":" + sizes.get(sizes.size() - 1);
        }
    }

    /** @return the Java columns: each binding's APIs */
    public List<Variant> javaVariants() {
        return Runner.javaVariants(bindings, apis);
    }

    /** @return whether the table and CSV use today's single-binding layout */
    public boolean singleBinding() {
        return bindings.size() == 1;
    }
}
