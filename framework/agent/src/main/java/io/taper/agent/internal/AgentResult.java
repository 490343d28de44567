package io.taper.agent.internal;

import io.taper.result.ResultKeys.Stats;
import io.taper.result.Mode;
import io.taper.result.ResultKeys;
import io.taper.controller.Controller;
import io.taper.runtime.AnalysisResults;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.SnippetFailures;
import java.io.IOException;
import java.io.Writer;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code OUT/agent-result.json}: {@code {"analysis", "snapshot", "rows", "summary", "stats"}}, as a
 * snapshot while the program runs ({@link ResultSnapshots}) and for the last time when the observed JVM
 * shuts down (normal exit, {@code System.exit}, an uncaught error, SIGTERM). {@code snapshot} says which:
 * {@code final}, its sequence number and when it was written. The analysis's results are read on a helper
 * thread with a deadline, so a broken analysis cannot hang the JVM's exit; the file is written to a
 * temporary name and renamed, so a reader never sees half of it, and a failed write leaves the previous one.
 *
 * <p>The last write must also succeed after the program ran out of heap with its memory still reachable:
 * its thread starts by letting go of the {@link ExitReserve}.
 */
final class AgentResult implements Runnable {

    /** How long the analysis may take to produce its rows at exit. */
    static final long ROWS_DEADLINE_MILLIS = 10_000;
    /** How long the JVM's end waits for a server the agent started itself to write its statistics and stop. */
    static final long OWN_SERVER_STOP_MILLIS = 5_000;

    /** How long the JVM's end waits for the start-up pass's batch in progress (one batch: tens of milliseconds). */
    static final long STARTUP_PASS_STOP_MILLIS = 5_000;

    /** How long the last write waits for a snapshot in progress. */
    static final long SNAPSHOT_WAIT_MILLIS = 5_000;

    private final Object writeLock = new Object();
    private volatile boolean closed;
    /** A write is in progress (guarded by {@code writeLock}): the last write waits for a snapshot to finish. */
    private boolean writing;
    private long sequence;
    private long snapshotsWritten;
    private long snapshotsSkipped;
    private long snapshotsFailed;
    private String lastSnapshotError;
    private volatile StateMeter meter;
    private volatile ResultSnapshots snapshots;
    private volatile long snapshotIntervalMillis;

    private final String analysisName;
    private final Path out;
    private final Instrumentation inst;
    private final AgentStats stats;
    private final ServerLink link;
    private volatile String resultsClass;
    private volatile Controller controller;
    private volatile QueueRetransformer queue;
    private volatile StartupPassRunner startupPass;

    /** The run's mode and Taper build, written beside the rows: a JVM of {@code taper agent} has no launcher. */
    private final String mode;
    private final String build;

    AgentResult(String analysisName, Mode mode, String build, Path out, Instrumentation inst, AgentStats stats,
                ServerLink link) {
        this.mode = mode.key();
        this.build = build;
        this.analysisName = analysisName;
        this.out = out;
        this.inst = inst;
        this.stats = stats;
        this.link = link;
    }

    /** The results class named in HELLO_OK (null while the server never answered). */
    void resultsClass(String name) {
        this.resultsClass = name;
    }

    /** Starts the periodic measurements and snapshots (on a daemon thread of the agent). */
    void startSnapshots(StateMeter m, long intervalMillis) {
        this.meter = m;
        this.snapshotIntervalMillis = intervalMillis;
        ResultSnapshots s = new ResultSnapshots(this, m, intervalMillis);
        this.snapshots = s;
        AgentThreads.daemon("taper-snapshots", true, s).start();
    }

    /** The start-up pass running in the background: stopped first at exit, waited for. */
    void startupPass(StartupPassRunner p) {
        this.startupPass = p;
    }

    /** The retransformer of the agent's own loads: stopped first at exit. */
    void queue(QueueRetransformer q) {
        this.queue = q;
    }

    /** The running controller: stopped first at exit, its statistics added under "controller". */
    void controller(Controller c) {
        this.controller = c;
    }

    /** The shutdown hook: the last write. */
    @Override
    public void run() {
        finish(null);
    }

    /**
     * A detach: the agent's work stops as at the JVM's end, {@code restore} runs once the controller has stopped (it
     * puts the classes' original code back, so no woven code counts during the last write), and the last write follows,
     * with the server's session closed after it. The caller has taken the shutdown hook out first.
     */
    void detach(Runnable restore) {
        ExitReserve.release();
        finish(restore);
    }

    private void finish(Runnable restore) {
        closed = true;                          // the exit reserve is already let go (AgentThreads.exitHook)
        StartupPassRunner p = startupPass;
        if (p != null) {
            try {
                p.stopAndWait(STARTUP_PASS_STOP_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        QueueRetransformer q = queue;
        if (q != null) {
            q.stop();
        }
        ResultSnapshots s = snapshots;
        if (s != null) {
            s.stop();
        }
        try {
            StateMeter m = meter;
            if (m != null) {
                m.measure();
            }
            Controller c = controller;
            if (c != null) {
                c.stop(); // no retransformation while the results are read
            }
            if (restore != null) {
                restore.run();
            }
            // A snapshot being written finishes first (its rename must not land after this one).
            long deadline = System.nanoTime() + SNAPSHOT_WAIT_MILLIS * 1_000_000;
            synchronized (writeLock) {
                while (writing && System.nanoTime() < deadline) {
                    writeLock.wait(100);
                }
                writing = true;
            }
            write(true);
        } catch (Throwable t) {
            // Nothing may escape a shutdown hook into the observed JVM; the launcher reports the missing file
            // (or the last snapshot, which stays when this write fails).
            AgentWarnings.agentDisabled("cannot write agent-result.json: " + t);
        } finally {
            link.close();
            OwnServer.stopAndWait(OWN_SERVER_STOP_MILLIS);
            SharedServerSession.closeAndWait(OWN_SERVER_STOP_MILLIS);
        }
    }

    /** A snapshot while the program runs; never throws, skipped once the last write has begun. */
    void writeSnapshot() {
        synchronized (writeLock) {
            if (closed || writing) {
                return;
            }
            writing = true;
        }
        try {
            write(false);
            synchronized (writeLock) {
                snapshotsWritten++;
            }
        } catch (Throwable t) {
            synchronized (writeLock) {
                snapshotsFailed++;
                lastSnapshotError = t.toString();
            }
        } finally {
            synchronized (writeLock) {
                writing = false;
                writeLock.notifyAll();
            }
        }
    }

    /** A snapshot was due but left out (the heap was nearly full). */
    void snapshotSkipped() {
        synchronized (writeLock) {
            snapshotsSkipped++;
        }
    }

    private void write(boolean last) throws IOException, InterruptedException {
        Controller c = controller;
        Map<String, Object> result = new LinkedHashMap<>();
        Map<String, Object> stats = this.stats.toMap(hiddenClasses(), sites());
        Object[] rowsAndSummary = last ? readResults(stats) : readResultsHere(stats);
        long seq;
        Map<String, Object> snapshotStats = new LinkedHashMap<>();
        synchronized (writeLock) {
            seq = ++sequence;
            snapshotStats.put("intervalMillis", snapshotIntervalMillis);
            snapshotStats.put("written", snapshotsWritten);
            snapshotStats.put("skippedHeapNearlyFull", snapshotsSkipped);
            snapshotStats.put("failed", snapshotsFailed);
            if (lastSnapshotError != null) {
                snapshotStats.put("lastError", lastSnapshotError);
            }
        }
        Map<String, Object> snapshot = new LinkedHashMap<>();
        snapshot.put("final", last);
        snapshot.put("sequence", seq);
        snapshot.put("writtenAtEpochMillis", System.currentTimeMillis());
        result.put(ResultKeys.ANALYSIS, analysisName);
        result.put(ResultKeys.MODE, mode);
        result.put(ResultKeys.BUILD, build);
        result.put("snapshot", snapshot);
        result.put(ResultKeys.ROWS, rowsAndSummary[0]);
        result.put(ResultKeys.SUMMARY, rowsAndSummary[1]);
        stats.put("snippetFailures", SnippetFailures.count());
        if (SharedServerSession.stats() != null) {
            stats.put("sharedServer", SharedServerSession.stats());
        }
        if (AgentThreads.firstFailure() != null) {
            stats.put("agentThreadFailure", AgentThreads.firstFailure());
        }
        if (SnippetFailures.first() != null) {
            stats.put("firstSnippetFailure", SnippetFailures.first());
        }
        if (c != null) {
            try {
                stats.put(Stats.CONTROLLER, c.stats());
            } catch (RuntimeException e) {
                stats.put(Stats.CONTROLLER, Map.of("error", e.toString()));
            }
        }
        StateMeter m = meter;
        if (m != null) {
            stats.put(Stats.STATE, m.toMap());
        }
        stats.put(Stats.SNAPSHOTS, snapshotStats);
        result.put(ResultKeys.STATS, stats);
        Files.createDirectories(out);
        Path file = out.resolve("agent-result.json");
        Path tmp = out.resolve(last ? "agent-result.json.tmp" : "agent-result.json.snapshot.tmp");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                ResultJson.write(result, w);
            }
            if (!last && closed) {
                return;                           // the last write has begun: this one must not replace it
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);          // a full disk leaves the previous file, not a stray temporary
        }
    }

    /** {rows, summary} read on the calling thread (a snapshot: no deadline, the program goes on meanwhile). */
    private Object[] readResultsHere(Map<String, Object> stats) {
        Object[] r = {List.of(), Map.of()};
        String name = resultsClass;
        if (name == null || name.isEmpty()) {
            return r;
        }
        ReadRows read = new ReadRows(name, true);
        read.run();
        if (read.error != null) {
            stats.put("rowsError", read.error);
        } else {
            r[0] = read.rows;
            r[1] = read.summary;
        }
        return r;
    }

    /** {rows, summary}; on failure empty ones, with the reason in stats.rowsError. */
    private Object[] readResults(Map<String, Object> stats) throws InterruptedException {
        Object[] r = {List.of(), Map.of()};
        String name = resultsClass;
        if (name == null || name.isEmpty()) {
            stats.put("rowsError", link.available() || this.stats.serverLostReason() == null
                ? "the analysis names no results class" : "no results: the instrumentation server was unavailable");
            return r;
        }
        ReadRows read = new ReadRows(name, false);
        Thread t = AgentThreads.daemon("taper-results", true, read);
        t.start();
        t.join(ROWS_DEADLINE_MILLIS);
        if (t.isAlive()) {
            stats.put("rowsError", "the results class " + name + " did not produce its rows within "
                + ROWS_DEADLINE_MILLIS + " ms");
        } else if (read.error != null) {
            stats.put("rowsError", read.error);
        } else {
            r[0] = read.rows;
            r[1] = read.summary;
        }
        return r;
    }

    private static final class ReadRows implements Runnable {
        private final String className;
        /** While the program runs: {@link AnalysisResults#snapshotRows()}. */
        private final boolean snapshot;
        volatile Object rows;
        volatile Object summary;
        volatile String error;

        ReadRows(String className, boolean snapshot) {
            this.className = className;
            this.snapshot = snapshot;
        }

        @Override
        public void run() {
            try {
                // The analysis jar is on the boot class path: that is where its state lives.
                Class<?> c = Class.forName(className, true, null);
                AnalysisResults results = (AnalysisResults) c.getDeclaredConstructor().newInstance();
                List<Map<String, Object>> rs = snapshot ? results.snapshotRows() : results.rows();
                Map<String, Object> s = results.summary();
                rows = rs == null ? List.of() : rs;
                summary = s == null ? Map.of() : s;
            } catch (Throwable t) {
                error = "the results class " + className + " failed: " + t;
            }
        }
    }

    private long hiddenClasses() {
        long n = 0;
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.isHidden()) {
                n++;
            }
        }
        return n;
    }

    /** {woven, active, removed} from the site registry (rows are replaced when a class is re-woven). */
    private static long[] sites() {
        List<SiteInfo> all = SiteRegistry.all();
        long active = 0;
        for (SiteInfo s : all) {
            if (s.active()) {
                active++;
            }
        }
        return new long[] {all.size(), active, all.size() - active};
    }
}
