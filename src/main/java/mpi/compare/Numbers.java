package mpi.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Fixed-point text as C's printf (and Python's %-formatting) writes it: the exact binary value
 * rounded half to even, and the sign of a negative value kept even when it rounds to zero.
 * {@link String#format} rounds the shortest decimal half up instead, which would change the
 * last digit of some values against the tables the shell version printed.
 */
public final class Numbers {
    private Numbers() {
    }

    /**
     * @param value  the number
     * @param digits digits after the point
     * @param plus   whether a non-negative value gets a '+'
     * @return e.g. {@code 0.24}, {@code +4.55}, {@code -0.00}, {@code nan}
     */
    public static String fixed(double value, int digits, boolean plus) {
        boolean negative = value < 0 || Double.doubleToRawLongBits(value) == Long.MIN_VALUE;
        String sign = negative ? "-" : plus ? "+" : "";
        if (Double.isNaN(value)) {
            return (plus ? "+" : "") + "nan";
        }
        if (Double.isInfinite(value)) {
            return sign + "inf";
        }
        return sign + new BigDecimal(Math.abs(value)).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
    }

    /**
     * @param fraction a level, e.g. 0.95
     * @return it in per cent as typed, e.g. {@code 95 %}, {@code 97.5 %}: from its shortest
     *         decimal, so that 0.95 is not 94.99999999999999
     */
    public static String percent(double fraction) {
        return BigDecimal.valueOf(fraction).movePointRight(2).stripTrailingZeros().toPlainString() + " %";
    }

    /** @return {@code text} right-aligned in {@code width} columns */
    public static String right(String text, int width) {
        return " ".repeat(Math.max(0, width - text.length())) + text;
    }
}
