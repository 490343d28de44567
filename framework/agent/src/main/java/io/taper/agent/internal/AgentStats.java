package io.taper.agent.internal;

import io.taper.result.ResultKeys.Stats;
import io.taper.protocol.LatencySamples;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the agent counts; {@link #toMap()} becomes {@code "stats"} in {@code agent-result.json}, whose
 * keys the launcher copies into result.json (classesSeen, classesWoven, ... as ARCHITECTURE.md names them).
 */
final class AgentStats {

    static final int MAX_MESSAGES = 10;

    final AtomicLong classesSeen = new AtomicLong();
    final AtomicLong classesWoven = new AtomicLong();
    final AtomicLong classesUnchanged = new AtomicLong();
    final AtomicLong classesFailed = new AtomicLong();
    final AtomicLong classesUntransformed = new AtomicLong();
    /** JDK classes the bypass itself runs ({@code NeverWoven}): not sent, counted as unchanged too. */
    final AtomicLong classesNeverWoven = new AtomicLong();
    /** Classes the analysis never transforms ({@code classes.skip}), not sent: loaded ones and ones seen at start-up. */
    final AtomicLong classesSkipped = new AtomicLong();
    /** Loads caused by the agent's own work (re-entrant) or that found every connection busy. */
    final AtomicLong classesQueued = new AtomicLong();
    final AtomicLong classesQueuedRetransformed = new AtomicLong();
    /** Queued classes that were gone (unloaded) or unmodifiable when their turn came. */
    final AtomicLong classesQueuedDropped = new AtomicLong();
    /** Queued classes whose retransformation waited for their static initialiser ({@link InitialisingClasses}). */
    final AtomicLong classesQueuedHeldForInit = new AtomicLong();
    /** Queued classes left as they are because the program had ended (the last results were being read). */
    final AtomicLong classesQueuedAtExit = new AtomicLong();
    final AtomicLong retransformBatches = new AtomicLong();
    final AtomicLong retransformFailures = new AtomicLong();
    /** An attach's pass: classes woven from their class files, and those whose file was missing or another class. */
    final AtomicLong classFilesRead = new AtomicLong();
    final AtomicLong classFilesNotFound = new AtomicLong();
    final AtomicLong bytesWoven = new AtomicLong();
    final AtomicLong connections = new AtomicLong();
    volatile long hiddenClassesAtStartup;
    volatile long unmodifiableClassesAtStartup;
    volatile long startupClasses;
    volatile long startupRetransformNanos;
    /** When the start-up pass runs ({@code StartupPass}'s key), the classes it retransformed, and when it ended. */
    volatile String startupPassTiming = io.taper.result.StartupPass.EAGER.key();
    final AtomicLong startupClassesReached = new AtomicLong();
    /** Since premain began; 0 while the pass runs. */
    volatile long startupPassEndNanos;
    /** The server's answers for the start-up pass: received, used, refused for other bytes; the fetch's time. */
    volatile long startupAnswersReceived;
    final AtomicLong startupAnswersUsed = new AtomicLong();
    final AtomicLong startupAnswersMismatched = new AtomicLong();
    volatile long startupFetchNanos;
    volatile String startupAnswersProblem;
    volatile long premainNanos;
    /** Time premain waited for a server that the launcher started alongside the program. */
    volatile long serverWaitNanos;
    /** premain's steps in order, milliseconds each (written by premain's thread, read at the end). */
    private final Map<String, Long> premainSteps = Collections.synchronizedMap(new LinkedHashMap<>());
    private final LatencySamples roundTrips = new LatencySamples(2048);
    private final LatencySamples classLoadWaits = new LatencySamples(2048);
    private final List<String> failures = new ArrayList<>();
    private volatile String serverLost;
    private volatile String agentError;
    /** An attached agent's figures ({@code attach}: its step, and the detach's restore), or null. */
    final Map<String, Object> attach = Collections.synchronizedMap(new LinkedHashMap<String, Object>());

    /** Ends one of premain's steps that started at {@code since}; returns now, the next step's start. */
    long premainStep(String name, long since) {
        long now = System.nanoTime();
        synchronized (premainSteps) {   // not merge(..., Long::sum): no java.lang.invoke in premain
            Long before = premainSteps.get(name);
            premainSteps.put(name, (before == null ? 0 : before) + (now - since) / 1_000_000);
        }
        return now;
    }

    void roundTrip(long nanos) {
        roundTrips.record(nanos);
    }

    /** A class load of the program's, after premain, spent {@code nanos} in the transformer. */
    void classLoadWait(long nanos) {
        classLoadWaits.record(nanos);
    }

    void connectionOpened() {
        connections.incrementAndGet();
    }

    void serverLost(String reason) {
        serverLost = reason;
    }

    /** A failure of the agent's own start-up (after which it may be partly inactive). */
    /** The first error of the agent's start-up, or null. */
    String agentError() {
        return agentError;
    }

    void agentError(Throwable t) {
        if (agentError == null) {
            agentError = t.toString();
        }
    }

    String serverLostReason() {
        return serverLost;
    }

    void failed(String className, String message) {
        classesFailed.incrementAndGet();
        note(className + ": " + message);
    }

    void retransformFailed(String className, Throwable t) {
        retransformFailures.incrementAndGet();
        note(className + ": retransformation failed: " + t);
    }

    private void note(String message) {
        synchronized (failures) {
            if (failures.size() < MAX_MESSAGES) {
                failures.add(message);
            }
        }
    }

    /**
     * @param hiddenClasses hidden classes loaded by the end of the run (never transformable)
     * @param sites         sites woven / active / removed, counted from the site registry
     */
    Map<String, Object> toMap(long hiddenClasses, long[] sites) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("classesSeen", classesSeen.get());
        m.put("classesWoven", classesWoven.get());
        m.put("classesUnchanged", classesUnchanged.get());
        m.put("classesFailed", classesFailed.get());
        m.put("classesUntransformed", classesUntransformed.get());
        m.put("classesNeverWoven", classesNeverWoven.get());
        m.put("classesSkipped", classesSkipped.get());
        m.put("classesQueued", classesQueued.get());
        m.put("classesQueuedRetransformed", classesQueuedRetransformed.get());
        m.put("classesQueuedDropped", classesQueuedDropped.get());
        m.put("classesQueuedHeldForInit", classesQueuedHeldForInit.get());
        m.put("classesQueuedAtExit", classesQueuedAtExit.get());
        m.put("hiddenClasses", hiddenClasses);
        m.put("hiddenClassesAtStartup", hiddenClassesAtStartup);
        m.put("unmodifiableClassesAtStartup", unmodifiableClassesAtStartup);
        m.put(Stats.SITES_WOVEN, sites[0]);
        m.put(Stats.SITES_ACTIVE, sites[1]);
        m.put(Stats.SITES_REMOVED, sites[2]);
        m.put(Stats.RETRANSFORM_BATCHES, retransformBatches.get());
        m.put("retransformFailures", retransformFailures.get());
        m.put("startupClasses", startupClasses);
        m.put(Stats.STARTUP_RETRANSFORM_MILLIS, startupRetransformNanos / 1_000_000);
        Map<String, Object> pass = new LinkedHashMap<>();
        pass.put(Stats.STARTUP_PASS_TIMING, startupPassTiming);
        pass.put(Stats.STARTUP_PASS_CLASSES_LEFT, Math.max(0, startupClasses - startupClassesReached.get()));
        long end = startupPassEndNanos;
        pass.put(Stats.STARTUP_PASS_END_MILLIS, end == 0 ? -1 : end / 1_000_000);
        m.put(Stats.STARTUP_PASS, pass);
        Map<String, Object> answers = new LinkedHashMap<>();
        answers.put(Stats.STARTUP_ANSWERS_RECEIVED, startupAnswersReceived);
        answers.put(Stats.STARTUP_ANSWERS_USED, startupAnswersUsed.get());
        answers.put(Stats.STARTUP_ANSWERS_MISMATCHED, startupAnswersMismatched.get());
        answers.put(Stats.STARTUP_ANSWERS_FETCH_MILLIS, startupFetchNanos / 1_000_000);
        if (startupAnswersProblem != null) {
            answers.put(Stats.STARTUP_ANSWERS_PROBLEM, startupAnswersProblem);
        }
        m.put(Stats.STARTUP_ANSWERS, answers);
        m.put(Stats.PREMAIN_MILLIS, premainNanos / 1_000_000);
        m.put(Stats.SERVER_WAIT_MILLIS, serverWaitNanos / 1_000_000);
        synchronized (premainSteps) {
            m.put(Stats.PREMAIN_STEP_MILLIS, new LinkedHashMap<>(premainSteps));
        }
        m.put("bytesWoven", bytesWoven.get());
        m.put("serverConnections", connections.get());
        m.put("roundTripMillis", roundTrips.summaryMillis());
        m.put(Stats.CLASS_LOAD_WAIT_MILLIS, classLoadWaits.summaryMillis());
        synchronized (failures) {
            m.put("failures", new ArrayList<>(failures));
        }
        if (serverLost != null) {
            m.put("serverUnavailable", serverLost);
        }
        if (agentError != null) {
            m.put("agentError", agentError);
        }
        synchronized (attach) {
            if (!attach.isEmpty()) {
                Map<String, Object> a = new LinkedHashMap<>(attach);
                a.put("classFilesRead", classFilesRead.get());
                a.put("classFilesNotFound", classFilesNotFound.get());
                m.put("attach", a);
            }
        }
        return m;
    }
}
