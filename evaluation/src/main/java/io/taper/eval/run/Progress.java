package io.taper.eval.run;

import io.taper.eval.plan.RunSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Progress of a long evaluation: {@code run k/n  elapsed  ETA}. The estimate for each remaining run
 * is the mean duration of finished runs of the most similar configuration: same workload, analysis
 * and mode; else same workload and mode; else same mode; else any run.
 */
public final class Progress {

    private final List<RunSpec> plan;
    private final LongSupplier clockMillis;
    private final long startMillis;
    private final Map<String, long[]> sums = new HashMap<>(); // key -> {total millis, count}

    public Progress(List<RunSpec> plan, LongSupplier clockMillis) {
        this.plan = List.copyOf(plan);
        this.clockMillis = clockMillis;
        this.startMillis = clockMillis.getAsLong();
    }

    /** The line printed as run {@code index} (0-based) starts. */
    public String startLine(int index) {
        long eta = etaMillis(index);
        return String.format("run %d/%d  elapsed %s  ETA %s  %s", index + 1, plan.size(),
                duration(clockMillis.getAsLong() - startMillis), eta < 0 ? "?" : duration(eta),
                plan.get(index).label());
    }

    public void finished(RunSpec spec, long millis) {
        for (String key : keys(spec)) {
            long[] s = sums.computeIfAbsent(key, k -> new long[2]);
            s[0] += millis;
            s[1]++;
        }
    }

    /** Estimated time for runs {@code from} to the end; -1 if nothing has finished yet. */
    public long etaMillis(int from) {
        long total = 0;
        for (int i = from; i < plan.size(); i++) {
            long e = estimate(plan.get(i));
            if (e < 0) {
                return -1;
            }
            total += e;
        }
        return total;
    }

    private long estimate(RunSpec spec) {
        for (String key : keys(spec)) {
            long[] s = sums.get(key);
            if (s != null) {
                return s[0] / s[1];
            }
        }
        return -1;
    }

    /** From the most to the least specific. */
    private static List<String> keys(RunSpec spec) {
        String w = spec.workload().name();
        String m = spec.mode().id();
        return List.of("wam:" + w + "/" + spec.analysis() + "/" + m, "wm:" + w + "/" + m, "m:" + m, "*");
    }

    /** {@code m:ss}, or {@code h:mm:ss} from one hour. */
    public static String duration(long millis) {
        long s = Math.max(0, millis) / 1000;
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format("%d:%02d", s / 60, s % 60);
    }
}
