package io.taper.server.internal;

import io.taper.protocol.WeaveStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Everything the server counts during a run; {@link #toMap()} is the content of {@code server-stats.json}. */
public final class ServerStats {

    /** Failure messages kept verbatim; the rest are only counted. */
    public static final int MAX_FAILURE_MESSAGES = 20;

    /** Every method that kept its original code, once however often its class is re-woven. */
    private final java.util.Set<String> keptOriginal = new java.util.TreeSet<>();
    private final long startNanos = System.nanoTime();
    private final RequestTimings timings = new RequestTimings();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong connectionsRejected = new AtomicLong();
    private final AtomicLong protocolErrors = new AtomicLong();
    private final AtomicLong bytesIn = new AtomicLong();
    private final AtomicLong bytesOut = new AtomicLong();
    private final AtomicLong sites = new AtomicLong();
    private final AtomicLong retransformRequests = new AtomicLong();
    private final AtomicLong dumpErrors = new AtomicLong();
    private final List<String> failures = new ArrayList<>();
    private final List<String> protocolErrorMessages = new ArrayList<>();
    private volatile long readyMillis = -1;
    private volatile long warmUpClasses;
    private volatile long warmUpMillis;
    private volatile long bootShadowClasses = -1;
    private volatile long bootShadowMillis;
    private volatile String bootShadowProblem;

    public RequestTimings timings() {
        return timings;
    }

    private volatile java.util.function.Supplier<Map<String, Object>> transformStats;
    private volatile java.util.function.Supplier<Map<String, Object>> cacheStats;
    private volatile String cacheProblem;
    private volatile String warmUpSkipped;

    /** An analysis's own transformation: its figures go under {@code transform}. */
    public void onTransform(java.util.function.Supplier<Map<String, Object>> figures) {
        transformStats = figures;
    }

    private volatile java.util.function.Supplier<Map<String, Object>> startupStats;

    private volatile java.util.function.Supplier<Map<String, Object>> aheadStats;

    private volatile java.util.function.Supplier<Map<String, Object>> oopMapStats;

    /** The check of woven code against HotSpot's oop-map rules: its figures go under {@code oopMapCheck}. */
    public void onOopMapCheck(java.util.function.Supplier<Map<String, Object>> figures) {
        oopMapStats = figures;
    }

    /** The controller's batches woven ahead ({@link AheadWeaving}): their figures go under {@code ahead}. */
    public void onAhead(java.util.function.Supplier<Map<String, Object>> figures) {
        aheadStats = figures;
    }

    /** The start-up classes woven ahead ({@link StartupReplay}): their figures go under {@code startup}. */
    public void onStartup(java.util.function.Supplier<Map<String, Object>> figures) {
        startupStats = figures;
    }

    /** The woven-class cache: its figures go under {@code cache}. */
    public void onCache(java.util.function.Supplier<Map<String, Object>> figures) {
        cacheStats = figures;
    }

    /** The cache was asked for and could not be opened: the run weaves without it. */
    public void onCacheProblem(String problem) {
        cacheProblem = problem;
    }

    /** The warm-up was left out, and why. */
    public void onWarmUpSkipped(String why) {
        warmUpSkipped = why;
    }

    public void onReady() {
        readyMillis = (System.nanoTime() - startNanos) / 1_000_000;
    }

    public void onWarmUp(long classes, long millis) {
        warmUpClasses = classes;
        warmUpMillis = millis;
    }

    /** The boot shadow patch: its classes (-1: none made) and the time it took, or why there is none. */
    public void onBootShadows(long classes, long millis, String problem) {
        bootShadowClasses = classes;
        bootShadowMillis = millis;
        bootShadowProblem = problem;
    }

    public void onConnection() {
        connections.incrementAndGet();
    }

    /** A connection whose first message was not a HELLO with the right token. */
    public void onRejected(String why) {
        connectionsRejected.incrementAndGet();
        onProtocolError(why);
    }

    /** A connection closed for a framing or payload error. */
    public void onProtocolError(String why) {
        protocolErrors.incrementAndGet();
        synchronized (protocolErrorMessages) {
            if (protocolErrorMessages.size() < MAX_FAILURE_MESSAGES) {
                protocolErrorMessages.add(why);
            }
        }
    }

    public void onWeave(WeaveStatus status, String className, String message, int inBytes, int outBytes,
                        int siteCount, boolean retransform, long elapsedNanos) {
        timings.record(status, elapsedNanos);
        bytesIn.addAndGet(inBytes);
        bytesOut.addAndGet(outBytes);
        sites.addAndGet(siteCount);
        if (retransform) {
            retransformRequests.incrementAndGet();
        }
        if (status != WeaveStatus.FAILED && message != null && message.startsWith(FrameworkWeaveHandler.KEPT_ORIGINAL)) {
            synchronized (keptOriginal) {
                for (String m : message.substring(FrameworkWeaveHandler.KEPT_ORIGINAL.length()).split("; ")) {
                    keptOriginal.add(m);
                }
            }
        }
        if (status == WeaveStatus.FAILED) {
            synchronized (failures) {
                if (failures.size() < MAX_FAILURE_MESSAGES) {
                    failures.add(className + ": " + message);
                }
            }
        }
    }

    public void onDumpError() {
        dumpErrors.incrementAndGet();
    }

    public long connections() {
        return connections.get();
    }

    public long connectionsRejected() {
        return connectionsRejected.get();
    }

    public long protocolErrors() {
        return protocolErrors.get();
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("requests", timings.count());
        m.put("woven", timings.count(WeaveStatus.WOVEN));
        m.put("unchanged", timings.count(WeaveStatus.UNCHANGED));
        m.put("failed", timings.count(WeaveStatus.FAILED));
        m.put("retransformRequests", retransformRequests.get());
        m.put("sitesReported", sites.get());
        m.put("requestMillis", timings.summaryMillis());
        m.put("bytesIn", bytesIn.get());
        m.put("bytesOut", bytesOut.get());
        m.put("connections", connections.get());
        m.put("connectionsRejected", connectionsRejected.get());
        m.put("protocolErrors", protocolErrors.get());
        synchronized (protocolErrorMessages) {
            m.put("protocolErrorMessages", new ArrayList<>(protocolErrorMessages));
        }
        synchronized (failures) {
            m.put("failures", new ArrayList<>(failures));
        }
        synchronized (keptOriginal) {
            // methods whose woven body would not fit (64 KB) or broke HotSpot's oop-map rules: they run uninstrumented
            m.put("methodsKeptOriginal", keptOriginal.size());
            m.put("keptOriginal", keptOriginal.stream().limit(MAX_FAILURE_MESSAGES).toList());
        }
        m.put("dumpErrors", dumpErrors.get());
        m.put("warmUpClasses", warmUpClasses);
        m.put("warmUpMillis", warmUpMillis);
        m.put("bootShadowClasses", bootShadowClasses);
        m.put("bootShadowMillis", bootShadowMillis);
        if (bootShadowProblem != null) {
            m.put("bootShadowProblem", bootShadowProblem);
        }
        if (transformStats != null) {
            m.put("transform", transformStats.get());
        }
        if (warmUpSkipped != null) {
            m.put("warmUpSkipped", warmUpSkipped);
        }
        if (cacheStats != null) {
            m.put("cache", cacheStats.get());
        } else if (cacheProblem != null) {
            m.put("cache", Map.of("problem", cacheProblem));
        }
        if (oopMapStats != null) {
            m.put("oopMapCheck", oopMapStats.get());
        }
        if (startupStats != null) {
            m.put("startup", startupStats.get());
        }
        if (aheadStats != null) {
            m.put("ahead", aheadStats.get());
        }
        m.put("readyMillis", readyMillis);
        m.put("uptimeMillis", (System.nanoTime() - startNanos) / 1_000_000);
        return m;
    }
}
