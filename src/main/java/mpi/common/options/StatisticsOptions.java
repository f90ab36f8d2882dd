package mpi.common.options;

import java.math.BigDecimal;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;

import mpi.common.stats.Precision;
import mpi.common.stats.RowStatistics;
import mpi.common.stats.TukeyFences;

/**
 * The options on a row's precision ({@link RowStatistics}), OMB-J's own, long names only so
 * that no C OMB letter is taken: {@code --stats} adds the columns Median, CI Low, CI High and N
 * at the end of the table; {@code --level L} is the confidence level of the intervals, in the
 * table and in the results' files ({@code -o}), which carry them with or without
 * {@code --stats}.
 *
 * <p>{@code --precision LEVEL:ERROR[:MIN[:MAX]]} repeats each size with more iterations until
 * its median's interval is within ERROR ({@link Precision}); it brings the columns, its LEVEL
 * is the level, and the table adds a column {@code Precise}.
 *
 * <p>{@code --outliers tukey[:K]} leaves out of the statistics (not of C OMB's columns) the
 * values beyond Tukey's fences ({@link TukeyFences}, K default 1.5), and the table adds a
 * column {@code Outliers} with how many it left out.
 *
 * @param columns   whether the table shows the columns ({@code --stats}, {@code --precision} or
 *                  {@code --outliers})
 * @param level     the confidence level, in (0, 1) ({@code --level}, or {@code --precision}'s;
 *                  default 0.95)
 * @param precision what {@code --precision} asks for, or null
 * @param outliers  the outlier filter {@code --outliers} asks for, or null
 */
public record StatisticsOptions(boolean columns, double level, Precision precision,
        TukeyFences outliers) {
    /** No columns, the default level. */
    public static final StatisticsOptions DEFAULT =
            new StatisticsOptions(false, RowStatistics.DEFAULT_LEVEL, null, null);

    /** Settings without {@code --precision} and {@code --outliers}. */
    public StatisticsOptions(boolean columns, double level) {
        this(columns, level, null, null);
    }
    /** The long name of the option that adds the columns. */
    static final String STATS = "stats";
    /** The long name of the option that sets the level. */
    static final String LEVEL = "level";
    /** The long name of the option that repeats a size until it is precise. */
    static final String PRECISION = "precision";
    /** The long name of the option that filters outliers out of the statistics. */
    static final String OUTLIERS = "outliers";

    /** @param o the option table these are added to */
    static void addTo(org.apache.commons.cli.Options o) {
        o.addOption(Option.builder().longOpt(STATS).desc("add columns at the end of the table:"
                + " Median of the iterations' values, CI Low and CI High (the median's"
                + " distribution-free confidence interval) and N (the iterations)").build());
        o.addOption(Option.builder().longOpt(LEVEL).hasArg().argName("L").desc("the"
                + " confidence level of the intervals of --stats and of -o's files, in (0, 1)"
                + " (default " + RowStatistics.DEFAULT_LEVEL + ")").build());
        o.addOption(Option.builder().longOpt(PRECISION).hasArg().argName("L:E[:MIN[:MAX]]")
                .desc("repeat each size with " + Precision.DEFAULT_MIN + " iterations (MIN),"
                + " then twice as many, until the median's L confidence interval is within E of"
                + " it (e.g. 0.95:0.02), or MAX iterations (default " + Precision.DEFAULT_MAX_FACTOR
                + " times -i's default); adds --stats's columns and Precise (yes or no); not"
                + " with -i").build());
        o.addOption(Option.builder().longOpt(OUTLIERS).hasArg().argName("tukey[:K]").desc("leave"
                + " out of the statistics (--stats, --precision, -o's files; not of C OMB's"
                + " columns) the values beyond Tukey's fences, K (default "
                + TukeyFences.TUKEY_K + ") interquartile ranges beyond the quartiles; adds a"
                + " column Outliers with how many").build());
    }

    /**
     * @param line a command line read with {@link #addTo}'s options
     * @return whether it gives any of these options
     */
    static boolean given(CommandLine line) {
        return firstGiven(line) != null;
    }

    /**
     * @param line a command line read with {@link #addTo}'s options
     * @return the long name of the first of these options it gives, or null
     */
    static String firstGiven(CommandLine line) {
        for (String name : List.of(STATS, LEVEL, PRECISION, OUTLIERS)) {
            if (line.hasOption(name)) {
                return name;
            }
        }
        return null;
    }

    /**
     * @param line a command line read with {@link #addTo}'s options
     * @return the settings it gives
     * @throws UsageException if {@code --level} is not a number in (0, 1), if
     *         {@code --precision} is malformed, or if the two give different levels
     */
    static StatisticsOptions read(CommandLine line) throws UsageException {
        String[] levels = line.getOptionValues(LEVEL);
        double level = levels == null ? RowStatistics.DEFAULT_LEVEL
                : parseLevel(levels[levels.length - 1]);
        String[] filters = line.getOptionValues(OUTLIERS);
        TukeyFences outliers = filters == null ? null : parseOutliers(filters[filters.length - 1]);
        String[] precisions = line.getOptionValues(PRECISION);
        if (precisions == null) {
            return new StatisticsOptions(line.hasOption(STATS) || outliers != null, level, null,
                    outliers);
        }
        Precision precision = Precision.parse(precisions[precisions.length - 1]);
        if (levels != null && level != precision.level()) {
            throw new UsageException("--level " + levels[levels.length - 1] + " and --precision "
                    + precisions[precisions.length - 1] + " give two confidence levels; give one");
        }
        return new StatisticsOptions(true, precision.level(), precision, outliers);
    }

    /**
     * @param value the text of {@code --outliers}: {@code tukey} or {@code tukey:K}
     * @return the filter
     * @throws UsageException if it names another filter or K is not a positive decimal
     */
    static TukeyFences parseOutliers(String value) throws UsageException {
        String[] parts = value.split(":", -1);
        if (parts[0].equals(TukeyFences.NAME) && parts.length <= 2) {
            if (parts.length == 1) {
                return new TukeyFences(TukeyFences.TUKEY_K);
            }
            if (parts[1].matches("\\d{1,6}(\\.\\d{1,6})?|\\.\\d{1,6}")
                    && Double.parseDouble(parts[1]) > 0) {
                return new TukeyFences(Double.parseDouble(parts[1]));
            }
        }
        throw new UsageException("--outliers needs tukey or tukey:K with K a positive number of"
                + " interquartile ranges, e.g. --outliers tukey:3, got '" + value + "'");
    }

    /**
     * @param value the text of {@code --level}, a decimal such as {@code 0.99}
     * @return its value
     * @throws UsageException if it is not a decimal strictly between 0 and 1
     */
    static double parseLevel(String value) throws UsageException {
        BigDecimal level = value.matches("\\d{0,9}\\.?\\d{1,9}") ? new BigDecimal(value) : null;
        if (level == null || level.signum() <= 0 || level.compareTo(BigDecimal.ONE) >= 0) {
            throw new UsageException("--level needs a confidence level between 0 and 1, e.g."
                    + " --level 0.99, got '" + value + "'");
        }
        return level.doubleValue();
    }
}
