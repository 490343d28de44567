package io.taper.controller.internal;

import io.taper.result.ResultKeys.Controller;
import io.taper.controller.RetransformationListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts what the retransformation passes did: calls (batches), classes retransformed, classes that
 * failed, and the time spent inside {@code retransformClasses}, with a per-batch log (capped) for the
 * pause distribution. Thread-safe.
 */
public final class RetransformationStats implements RetransformationListener {

    static final int LOG_LIMIT = 10_000;
    private static final int FAILED_NAMES_LIMIT = 20;

    private final long startNanos;
    private long batches;
    private long failedBatches;
    private long classesRetransformed;
    private long classFailures;
    private long pauseNanos;
    private long weaveNanos;
    private long aheadClasses;
    private long aheadReady;
    private long aheadUsed;
    private long aheadNanos;
    private long stoppedMillisTotal;
    private long stoppedKnown;
    // {atNanos, classes, nanos, ok, weaveNanos, stoppedMillis}
    private final List<long[]> log = new ArrayList<>();
    private final List<String> failedClasses = new ArrayList<>();
    private String firstError;

    public RetransformationStats(long startNanos) {
        this.startNanos = startNanos;
    }

    @Override
    public synchronized void onBatch(List<Class<?>> batch, long nanos, long weave, long stoppedMillis) {
        batches++;
        classesRetransformed += batch.size();
        pauseNanos += nanos;
        weaveNanos += weave;
        if (stoppedMillis >= 0) {
            stoppedMillisTotal += stoppedMillis;
            stoppedKnown++;
        }
        record(batch.size(), nanos, true, weave, stoppedMillis);
    }

    @Override
    public synchronized void onBatchError(List<Class<?>> batch, Throwable error, long nanos) {
        batches++;
        failedBatches++;
        pauseNanos += nanos;
        record(batch.size(), nanos, false, 0, -1);
        if (firstError == null) {
            firstError = String.valueOf(error);
        }
    }

    @Override
    public synchronized void onAhead(int classes, int ready, int used, long nanos) {
        aheadClasses += classes;
        aheadReady += ready;
        aheadUsed += used;
        aheadNanos += nanos;
    }

    @Override
    public synchronized void onClassFailed(Class<?> type, Throwable error) {
        classFailures++;
        if (failedClasses.size() < FAILED_NAMES_LIMIT) {
            failedClasses.add(type.getName() + ": " + error);
        }
    }

    private void record(int classes, long nanos, boolean ok, long weave, long stoppedMillis) {
        if (log.size() < LOG_LIMIT) {
            log.add(new long[] {System.nanoTime() - startNanos, classes, nanos, ok ? 1 : 0, weave, stoppedMillis});
        }
    }

    public synchronized long batches() {
        return batches;
    }

    public synchronized long classesRetransformed() {
        return classesRetransformed;
    }

    public synchronized long classFailures() {
        return classFailures;
    }

    /** The statistics as JSON-shaped values. */
    public synchronized Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Controller.BATCHES, batches);
        m.put("failedBatches", failedBatches);
        m.put("classesRetransformed", classesRetransformed);
        m.put("retransformFailures", classFailures);
        m.put(Controller.PAUSE_MILLIS, millis(pauseNanos));
        m.put("weaveMillis", millis(weaveNanos));
        Map<String, Object> ahead = new LinkedHashMap<>();
        ahead.put(Controller.AHEAD_CLASSES, aheadClasses);
        ahead.put(Controller.AHEAD_READY, aheadReady);
        ahead.put(Controller.AHEAD_USED, aheadUsed);
        ahead.put(Controller.AHEAD_MILLIS, millis(aheadNanos));
        m.put(Controller.AHEAD, ahead);
        long[] pauses = new long[log.size()];
        long[] sizes = new long[log.size()];
        for (int i = 0; i < pauses.length; i++) {
            sizes[i] = log.get(i)[1];
            pauses[i] = log.get(i)[2];
        }
        m.put(Controller.PAUSE_MILLIS_PER_BATCH, distribution(pauses, true));
        if (stoppedKnown > 0) {
            long[] stopped = new long[log.size()];
            int n = 0;
            for (long[] e : log) {
                if (e[5] >= 0) {
                    stopped[n++] = e[5];
                }
            }
            m.put(Controller.STOPPED_MILLIS, stoppedMillisTotal);
            m.put(Controller.STOPPED_MILLIS_PER_BATCH, distribution(Arrays.copyOf(stopped, n), false));
        }
        m.put("classesPerBatch", distribution(sizes, false));
        List<Map<String, Object>> entries = new ArrayList<>();
        for (long[] e : log) {
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("atMillis", millis(e[0]));
            b.put("classes", e[1]);
            b.put("pauseMillis", millis(e[2]));
            b.put("weaveMillis", millis(e[4]));
            if (e[5] >= 0) {
                b.put(Controller.STOPPED_MILLIS, e[5]);
            }
            b.put("ok", e[3] == 1);
            entries.add(b);
        }
        m.put("batchLog", entries);
        m.put("batchLogTruncated", batches > log.size());
        m.put("failedClasses", List.copyOf(failedClasses));
        if (firstError != null) {
            m.put("firstError", firstError);
        }
        return m;
    }

    private static Map<String, Object> distribution(long[] values, boolean nanosToMillis) {
        Map<String, Object> d = new LinkedHashMap<>();
        if (values.length == 0) {
            d.put("median", 0);
            d.put("max", 0);
            return d;
        }
        long[] v = values.clone();
        Arrays.sort(v);
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2.0;
        double max = v[v.length - 1];
        d.put("median", nanosToMillis ? Math.round(median / 1e3) / 1e3 : median);
        d.put("max", nanosToMillis ? Math.round(max / 1e3) / 1e3 : max);
        return d;
    }

    static double millis(long nanos) {
        return Math.round(nanos / 1e3) / 1e3;
    }
}
