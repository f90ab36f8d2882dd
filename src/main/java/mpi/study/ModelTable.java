package mpi.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rows of a {@link ModelStudy} as the command prints them (fixed columns, then the
 * parameters) and as CSV (one field per column, the parameters' text quoted).
 */
public final class ModelTable {
    private static final String HEADER = String.format(Locale.ROOT, "%-24s %-18s %-9s %8s %9s"
            + " %6s %5s  %s", "# algorithm", "model", "source", "R2", "held-err", "fitted",
            "held", "parameters (us, us/B)");

    private ModelTable() {
    }

    /**
     * @param study the study
     * @return its lines: a header, then a row per algorithm and model
     */
    public static List<String> lines(ModelStudy study) {
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        for (ModelStudy.Row r : study.rows()) {
            String tail = r.note().isEmpty() ? r.parameters() : r.note();
            lines.add(String.format(Locale.ROOT, "%-24s %-18s %-9s %8s %9s %6d %5d  %s",
                    r.algorithm(), r.model(), r.source().label(), fixed(r.rSquared()),
                    percent(r.heldOutError()), r.fitted(), r.heldOut(), tail));
        }
        return lines;
    }

    /**
     * @param study the study
     * @return its CSV text, a header line first; the held-out error as a fraction
     */
    public static String csv(ModelStudy study) {
        StringBuilder b = new StringBuilder(
                "algorithm,model,source,r_squared,held_out_error,fitted,held_out,parameters,note\n");
        for (ModelStudy.Row r : study.rows()) {
            b.append(String.join(",", r.algorithm(), r.model(), r.source().label(),
                    csvNumber(r.rSquared()), csvNumber(r.heldOutError()),
                    Integer.toString(r.fitted()), Integer.toString(r.heldOut()),
                    quote(r.parameters()), quote(r.note()))).append('\n');
        }
        return b.toString();
    }

    private static String fixed(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4f", v);
    }

    /** The held-out error as a percentage: 0.052 reads 5.2 %. */
    private static String percent(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }

    private static String csvNumber(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    private static String quote(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }
}
