package io.taper.agent.internal;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
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
 * Writes {@code OUT/agent-result.json} when the observed JVM shuts down:
 * {@code {"analysis", "rows", "summary", "stats"}}. The analysis's results are read on a helper thread
 * with a deadline, so a broken analysis cannot hang the JVM's exit; the file is written to a temporary
 * name and renamed, so a reader never sees half of it.
 */
final class AgentResult implements Runnable {

    /** How long the analysis may take to produce its rows at exit. */
    static final long ROWS_DEADLINE_MILLIS = 10_000;

    private final String analysisName;
    private final Path out;
    private final Instrumentation inst;
    private final AgentStats stats;
    private final ServerLink link;
    private volatile String resultsClass;
    private volatile Controller controller;

    AgentResult(String analysisName, Path out, Instrumentation inst, AgentStats stats, ServerLink link) {
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

    /** The running controller: stopped first at exit, its statistics added under "controller". */
    void controller(Controller c) {
        this.controller = c;
    }

    @Override
    public void run() {
        try {
            write();
        } catch (Throwable t) {
            // Nothing may escape a shutdown hook into the observed JVM; the launcher reports the missing file.
            AgentWarnings.agentDisabled("cannot write agent-result.json: " + t);
        } finally {
            link.close();
        }
    }

    private void write() throws IOException, InterruptedException {
        Controller c = controller;
        if (c != null) {
            c.stop(); // no retransformation while the results are read
        }
        Map<String, Object> result = new LinkedHashMap<>();
        Map<String, Object> stats = this.stats.toMap(hiddenClasses(), sites());
        Object[] rowsAndSummary = readResults(stats);
        result.put("analysis", analysisName);
        result.put("rows", rowsAndSummary[0]);
        result.put("summary", rowsAndSummary[1]);
        stats.put("snippetFailures", SnippetFailures.count());
        if (SnippetFailures.first() != null) {
            stats.put("firstSnippetFailure", SnippetFailures.first());
        }
        if (c != null) {
            try {
                stats.put("controller", c.stats());
            } catch (RuntimeException e) {
                stats.put("controller", Map.of("error", e.toString()));
            }
        }
        result.put("stats", stats);
        Gson gson = new GsonBuilder().serializeSpecialFloatingPointValues().disableHtmlEscaping().setPrettyPrinting()
            .create();
        Files.createDirectories(out);
        Path file = out.resolve("agent-result.json");
        Path tmp = out.resolve("agent-result.json.tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            gson.toJson(result, w);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
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
        ReadRows read = new ReadRows(name);
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
        volatile Object rows;
        volatile Object summary;
        volatile String error;

        ReadRows(String className) {
            this.className = className;
        }

        @Override
        public void run() {
            try {
                // The analysis jar is on the boot class path: that is where its state lives.
                Class<?> c = Class.forName(className, true, null);
                AnalysisResults results = (AnalysisResults) c.getDeclaredConstructor().newInstance();
                List<Map<String, Object>> rs = results.rows();
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
