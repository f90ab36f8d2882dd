package mpi.study;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import mpi.compare.Interval;

/**
 * The one CSV of a study, {@code DIR/BENCHMARK-study.csv}: a row per (map-by, process count,
 * algorithm, size) of every policy's results files as {@link SweepFile} reads them, the
 * median in microseconds with its distribution-free interval, the interval's level and
 * coverage, and whether the point's processes outnumbered this machine's processors (its
 * launch oversubscribed, so its processes shared cores). Fields are quoted only where they
 * must be (RFC 4180).
 */
final class StudyCsv {
    /** The header line's columns. */
    static final List<String> COLUMNS = List.of("benchmark", "mpi_library", "map_by", "np",
            "shares_cores", "algorithm", "algorithm_number", "mpi_default", "size",
            "median_us", "median_low_us", "median_high_us", "level", "median_coverage",
            "median_reaches_level");

    /** By process count, then the MPI's own choice first, then by name. */
    private static final Comparator<SweepFile> ORDER = Comparator.comparingInt(SweepFile::ranks)
            .thenComparing(f -> !Sweep.isDefault(f)).thenComparing(SweepFile::algorithm);

    private StudyCsv() {
    }

    /**
     * @param byPolicy   each policy's files, in the study's order of policies
     * @param processors this machine's processors
     * @return the CSV's text, its header first
     */
    static String text(Map<String, List<SweepFile>> byPolicy, int processors) {
        StringBuilder b = new StringBuilder(String.join(",", COLUMNS)).append('\n');
        byPolicy.forEach((policy, files) -> files.stream().sorted(ORDER).forEach(f -> {
            for (Measurement m : f.measurements()) {
                Interval i = m.interval();
                b.append(String.join(",", field(f.benchmark()), field(f.mpiLibrary()),
                        field(policy), Integer.toString(f.ranks()),
                        Boolean.toString(f.ranks() > processors), field(f.algorithm()),
                        f.number() == null ? "" : f.number().toString(),
                        Boolean.toString(Sweep.isDefault(f)), Long.toString(m.bytes()),
                        number(m.latency()), i == null ? "" : number(i.low()),
                        i == null ? "" : number(i.high()), number(f.level()),
                        i == null ? "" : number(i.coverage()),
                        i == null ? "" : Boolean.toString(i.atLevel()))).append('\n');
            }
        }));
        return b.toString();
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    /** A field, quoted where a comma, a quote or a line break in it would cut the row. */
    private static String field(String text) {
        return text.matches("[^,\"\r\n]*") ? text : "\"" + text.replace("\"", "\"\"") + "\"";
    }
}
