package mpi.common.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import mpi.common.stats.RowStatistics;

/**
 * A row's statistics ({@link RowStatistics}) as the results' files name them: the JSON's
 * {@code statistics} object of each record, and the CSV's columns after the table's, each
 * named {@code statistics.} and the field's name.
 */
public final class StatisticsFields {
    /** The fields, in the files' order. */
    public static final List<String> NAMES = List.of("repetitions", "mean", "median",
            "meanLow", "meanHigh", "medianLow", "medianHigh", "level", "medianCoverage",
            "medianReachesLevel", "precise", "outliers");
    /** What the CSV's column names start with. */
    public static final String CSV_PREFIX = "statistics.";

    private StatisticsFields() {
    }

    /**
     * @param s a row's statistics
     * @return each field by name, in {@link #NAMES}' order: the repetitions as
     *         {@link Integer}, whether the median's interval reaches the level as
     *         {@link Boolean}, whether the row reached {@code --precision} as {@link Boolean}
     *         (null without the option), the outliers left out as {@link Integer}, the others
     *         as {@link Double} (a mean's interval from one value is NaN)
     */
    public static Map<String, Object> of(RowStatistics s) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("repetitions", s.repetitions());
        fields.put("mean", s.mean());
        fields.put("median", s.median());
        fields.put("meanLow", s.meanInterval().low());
        fields.put("meanHigh", s.meanInterval().high());
        fields.put("medianLow", s.medianInterval().low());
        fields.put("medianHigh", s.medianInterval().high());
        fields.put("level", s.level());
        fields.put("medianCoverage", s.medianCoverage());
        fields.put("medianReachesLevel", s.medianReachesLevel());
        fields.put("precise", s.precise());
        fields.put("outliers", s.outliers());
        return fields;
    }

    /** @return the CSV's names of the fields, in order */
    public static List<String> csvColumns() {
        return NAMES.stream().map(n -> CSV_PREFIX + n).toList();
    }
}
