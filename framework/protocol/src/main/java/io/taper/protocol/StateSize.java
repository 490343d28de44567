package io.taper.protocol;

import java.util.Locale;

/**
 * A memory size as {@code --max-state} takes it: bytes ({@code 100000}), with a unit ({@code 512k},
 * {@code 64m}, {@code 2g}), or a share of the observed JVM's max heap ({@code 10%}), which only the observed
 * JVM can turn into bytes ({@link #bytes(long)}).
 */
public final class StateSize {

    /** The default budget: this share of the observed JVM's max heap. */
    public static final String DEFAULT = "10%";

    private final long bytes;
    private final double share;

    private StateSize(long bytes, double share) {
        this.bytes = bytes;
        this.share = share;
    }

    /** Parses a size; throws {@link IllegalArgumentException} with a sentence for the user. */
    public static StateSize parse(String text) {
        String v = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        try {
            if (v.endsWith("%")) {
                double p = Double.parseDouble(v.substring(0, v.length() - 1));
                if (p > 0 && p <= 100) {
                    return new StateSize(-1, p / 100);
                }
            } else if (!v.isEmpty()) {
                long unit = 1;
                char last = v.charAt(v.length() - 1);
                if (last == 'k' || last == 'm' || last == 'g') {
                    unit = last == 'k' ? 1L << 10 : last == 'm' ? 1L << 20 : 1L << 30;
                    v = v.substring(0, v.length() - 1);
                }
                long n = Long.parseLong(v);
                if (n > 0 && n <= Long.MAX_VALUE / unit) {
                    return new StateSize(n * unit, 0);
                }
            }
        } catch (NumberFormatException e) {
            // the sentence below
        }
        throw new IllegalArgumentException("'" + text + "' is not a size: expected bytes (e.g. 100000), with a unit "
            + "(512k, 64m, 2g) or a share of the max heap (e.g. 10%)");
    }

    /** The size in bytes, given the observed JVM's max heap. */
    public long bytes(long maxHeapBytes) {
        return share > 0 ? Math.max(1, (long) (maxHeapBytes * share)) : bytes;
    }
}
