package io.taper.eval.report;

import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;

/** Number formats of the reports (locale-independent). */
final class Fmt {

    private Fmt() {
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.2f", s);
    }

    static String factor(double f) {
        return String.format(Locale.ROOT, "%.2f×", f);
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * fraction);
    }

    static String oneDecimal(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** Integers as digits up to ten million, then in the paper's scientific style (4.51E+09). */
    static String count(double n) {
        if (Math.abs(n) < 1e7) {
            return Long.toString(Math.round(n));
        }
        return String.format(Locale.ROOT, "%.2E", n);
    }

    /** A difference as the paper's Table 2 prints it: "+5", "0", "-1". */
    static String signed(long n) {
        return n > 0 ? "+" + n : Long.toString(n);
    }

    static String or(OptionalDouble v, DoubleFunction<String> format, String missing) {
        return v.isPresent() ? format.apply(v.getAsDouble()) : missing;
    }
}
