package io.taper.eval.report;

import java.util.Collection;
import java.util.List;
import java.util.OptionalDouble;

/** Medians, geometric means and min/range over the runs of one configuration. */
final class Stats {

    private Stats() {
    }

    /** The median (mean of the middle two for an even count); empty for no values. */
    static OptionalDouble median(Collection<Double> values) {
        if (values.isEmpty()) {
            return OptionalDouble.empty();
        }
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return OptionalDouble.of(n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2);
    }

    /** The geometric mean of positive values; empty if there are none. */
    static OptionalDouble geometricMean(Collection<Double> values) {
        List<Double> positive = values.stream().filter(v -> v > 0).toList();
        if (positive.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Math.exp(positive.stream().mapToDouble(Math::log).sum() / positive.size()));
    }

    /** {min, max − min} of integer counts, as the paper reports them; null for no values. */
    static long[] minRange(Collection<Long> values) {
        if (values.isEmpty()) {
            return null;
        }
        long min = values.stream().mapToLong(Long::longValue).min().orElseThrow();
        long max = values.stream().mapToLong(Long::longValue).max().orElseThrow();
        return new long[] {min, max - min};
    }
}
