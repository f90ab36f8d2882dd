package mpi.compare;

import java.awt.Color;
import java.awt.Font;

import org.knowm.xchart.style.XYStyler;

/**
 * The look the study and compare tools' PNG charts share ({@link ComparisonChart},
 * mpi.study.ModelChart): white plot, grey grid, one set of fonts, and a message-size axis
 * that is the size's base-2 logarithm on a linear axis, so that the ticks fall on powers of
 * two (XChart's logarithmic axis ticks at powers of ten only), labelled at even powers.
 */
public final class SizeAxis {
    private SizeAxis() {
    }

    /** @return a size's place on the size axis: its base-2 logarithm */
    public static double x(long bytes) {
        return Math.log(bytes) / Math.log(2);
    }

    /**
     * @param x a tick's position on the size axis
     * @return its label: the size when x is an even power of two, e.g. {@code 1}, {@code 16},
     *         {@code 1K}, {@code 64K}, {@code 1M}; otherwise a blank, so that labels never crowd
     */
    public static String label(double x) {
        long power = Math.round(x);
        if (Math.abs(x - power) > 1e-6 || power < 0 || power > 30 || power % 2 != 0) {
            return " "; // XChart cannot draw an empty label
        }
        return Sizes.human(1 << power);
    }

    /**
     * Styles a chart whose x axis is this size axis: colours, fonts, markers, the tick
     * spacing and labels, and plain decimals on the y axis (10000 rather than 1E4).
     */
    public static void style(XYStyler st) {
        st.setChartBackgroundColor(Color.WHITE);
        st.setPlotBackgroundColor(Color.WHITE);
        st.setPlotBorderColor(Color.GRAY);
        st.setPlotGridLinesColor(new Color(0xdd, 0xdd, 0xdd));
        st.setLegendBorderColor(Color.LIGHT_GRAY);
        st.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        st.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        st.setChartTitleBoxVisible(false);
        st.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        st.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        st.setMarkerSize(7);
        st.setXAxisTickMarkSpacingHint(40);
        st.setxAxisTickLabelsFormattingFunction(SizeAxis::label);
        st.setYAxisDecimalPattern("#0.###");
    }
}
