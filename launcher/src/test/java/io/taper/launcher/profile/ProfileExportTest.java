package io.taper.launcher.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading a method-time result (as Gson parses result.json) and its exports: collapsed stacks, HTML, table. */
class ProfileExportTest {

    /** A result with main -> work -> leaf, main -> leaf, a second thread's run -> work, and a removed method. */
    static Map<String, Object> result() {
        List<Object> rows = new ArrayList<>();
        rows.add(row(0, "app.Main", "main", "([Ljava/lang/String;)V", 1, 1000, 100, -1));
        rows.add(row(1, "app.Main", "work", "(I)I", 3, 700, 500, -1));
        rows.add(row(2, "app.Leaf", "leaf", "()V", 500, 250, 250, 512));
        rows.add(row(3, "app.Worker", "run", "()V", 0, 300, 100, -1));
        List<Object> nodes = List.of(
                List.of(-1.0, 0.0, 1.0, 1000.0),    // 0 main
                List.of(0.0, 1.0, 2.0, 600.0),      // 1 main;work
                List.of(1.0, 2.0, 400.0, 200.0),    // 2 main;work;leaf
                List.of(0.0, 2.0, 100.0, 50.0),     // 3 main;leaf
                List.of(-1.0, 3.0, 0.0, 300.0),     // 4 run (still running)
                List.of(4.0, 1.0, 1.0, 100.0));     // 5 run;work
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("nodes", nodes);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("observedNanos", 1300.0);
        summary.put("callTree", tree);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("format", 1.0);
        r.put("analysis", "method-time");
        r.put("mode", "adaptive");
        r.put("rows", rows);
        r.put("summary", summary);
        return r;
    }

    static Map<String, Object> row(long id, String cls, String method, String desc, long calls, long incl, long excl,
                                   long removedAt) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", (double) id);
        r.put("class", cls);
        r.put("method", method);
        r.put("descriptor", desc);
        r.put("loader", 2.0);
        r.put("invocations", (double) calls);
        r.put("inclusiveNanos", (double) incl);
        r.put("exclusiveNanos", (double) excl);
        r.put("meanNanos", calls == 0 ? 0.0 : (double) incl / calls);
        r.put("openFrames", calls == 0 ? 1.0 : 0.0);
        r.put("removed", removedAt >= 0);
        if (removedAt >= 0) {
            r.put("removedAtMillis", (double) removedAt);
        }
        return r;
    }

    @Test
    void collapsedStacksGiveEachPathItsOwnTime() throws Exception {
        StringWriter w = new StringWriter();
        CollapsedStacks.write(MethodTimeProfile.of(result()), w);
        assertEquals("""
                app.Main.main(String[]) 350
                app.Main.main(String[]);app.Main.work(int) 400
                app.Main.main(String[]);app.Main.work(int);app.Leaf.leaf() 200
                app.Main.main(String[]);app.Leaf.leaf() 50
                app.Worker.run() 200
                app.Worker.run();app.Main.work(int) 100
                """, w.toString());
    }

    @Test
    void theSpeedscopeFileHoldsTheSamePathsAndTimes() throws Exception {
        StringWriter w = new StringWriter();
        SpeedscopeProfile.write(MethodTimeProfile.of(result()), "run <1>", w);
        com.google.gson.JsonObject file = com.google.gson.JsonParser.parseString(w.toString()).getAsJsonObject();
        assertEquals(SpeedscopeProfile.SCHEMA, file.get("$schema").getAsString());
        List<String> frames = new ArrayList<>();
        file.getAsJsonObject("shared").getAsJsonArray("frames").forEach(f -> frames.add(f.getAsJsonObject().get("name").getAsString()));
        assertEquals(List.of("app.Main.main(String[])", "app.Main.work(int)", "app.Leaf.leaf()", "app.Worker.run()"), frames);
        com.google.gson.JsonObject p = file.getAsJsonArray("profiles").get(0).getAsJsonObject();
        assertEquals("sampled", p.get("type").getAsString());
        assertEquals("nanoseconds", p.get("unit").getAsString());
        assertEquals(1300, p.get("endValue").getAsLong(), "all own time: the observed time");
        List<String> samples = new ArrayList<>();
        com.google.gson.JsonArray weights = p.getAsJsonArray("weights");
        com.google.gson.JsonArray all = p.getAsJsonArray("samples");
        for (int i = 0; i < all.size(); i++) {
            List<String> path = new ArrayList<>();
            all.get(i).getAsJsonArray().forEach(f -> path.add(frames.get(f.getAsInt())));
            samples.add(String.join(";", path) + " " + weights.get(i).getAsLong());
        }
        StringWriter collapsed = new StringWriter();
        CollapsedStacks.write(MethodTimeProfile.of(result()), collapsed);
        assertEquals(List.of(collapsed.toString().split("\n")), samples, "speedscope's samples are the collapsed stacks");
    }

    @Test
    void theRankingAddsRowsOfOneMethodFromSeveralLoaders() {
        Map<String, Object> r = result();
        @SuppressWarnings("unchecked")
        List<Object> rows = (List<Object>) r.get("rows");
        rows.add(row(9, "app.Leaf", "leaf", "()V", 10, 800, 800, -1));     // the same method, another loader
        var ranking = MethodTimeProfile.of(r).inclusiveRanking();
        assertEquals(List.of("app.Leaf.leaf()V", "app.Main.main([Ljava/lang/String;)V", "app.Main.work(I)I",
                "app.Worker.run()V"), ranking.top(16));
        assertEquals(1050, ranking.weight("app.Leaf.leaf()V"));
    }

    @Test
    void theFlameGraphIsOneFileWithItsDataAndNoMarkupInjection() throws Exception {
        Map<String, Object> r = result();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) r.get("rows");
        rows.get(3).put("class", "app.</script><b>Evil");
        StringWriter w = new StringWriter();
        FlameGraphHtml.write(MethodTimeProfile.of(r), "title <&>", w);
        String html = w.toString();
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("<title>title &lt;&amp;&gt;</title>"));
        assertTrue(html.contains("\"app.Main.work(int)\""), "frame names are in the data");
        assertTrue(html.contains("[0,1,2,600,0,0]"), "main;work node: parent, name, calls, wall, waiting, not a thread");
        assertEquals(1, html.split("</script>", -1).length - 1, "only the page's own script end tag");
        assertFalse(html.contains("http://") || html.contains("https://"), "no external resources");
    }

    @Test
    void theTopTableListsRowsByRunningTimeAndMarksRemovedAndRunningMethods() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TopMethodsTable.print(MethodTimeProfile.of(result()), 3, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals("[taper] method-time adaptive: top 3 of 4 methods by running time (1 removed by the controller)",
                lines[0]);
        assertEquals(5, lines.length);
        assertTrue(lines[2].matches("\\s+1\\s+0\\.0\\s+0\\.0\\s+0\\.0\\s+76\\.9%\\s+0\\.0\\s+1\\s+1\\.0\\s+app\\.Main\\.main\\(String\\[\\]\\)"),
                lines[2]);
        assertTrue(lines[3].endsWith("app.Main.work(int)"), lines[3]);
        assertTrue(lines[4].endsWith("app.Worker.run() [1 still running]"), lines[4]);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        TopMethodsTable.print(MethodTimeProfile.of(result()), 30, new PrintStream(all, true, StandardCharsets.UTF_8));
        assertTrue(all.toString(StandardCharsets.UTF_8).contains("app.Leaf.leaf() [removed at 512 ms]"));
    }

    @Test
    void rowsWithEstimatesRankByThemAndTheTableMarksThem() {
        Map<String, Object> r = result();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) r.get("rows");
        for (Map<String, Object> row : rows) {
            row.put("estimatedInclusiveNanos", row.get("inclusiveNanos"));
        }
        rows.get(2).put("estimatedInclusiveNanos", 1_500_000.0);        // the removed leaf, extrapolated
        MethodTimeProfile profile = MethodTimeProfile.of(r);
        assertTrue(profile.hasEstimates());
        assertEquals(List.of("app.Leaf.leaf()V", "app.Main.main([Ljava/lang/String;)V", "app.Main.work(I)I",
                "app.Worker.run()V"), profile.estimatedInclusiveRanking().top(16));
        assertEquals(1_500_000, profile.estimatedInclusiveRanking().weight("app.Leaf.leaf()V"));
        assertEquals(4, profile.inclusiveRanking().rank("app.Leaf.leaf()V"), "the measured ranking is unchanged");

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TopMethodsTable.print(profile, 2, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertTrue(lines[1].matches("\\s+#\\s+run ms\\s+wait ms\\s+incl ms\\s+run%.*"), lines[1]);
        assertTrue(lines[2].matches("\\s+1\\s+1\\.5\\s+0\\.0\\s+~1\\.5\\s+19\\.2%.*app\\.Leaf\\.leaf\\(\\) "
                + "\\[removed at 512 ms, inclusive time estimated\\]"), lines[2]);
        assertTrue(lines[3].matches("\\s+2\\s+0\\.0\\s+0\\.0\\s+0\\.0\\s+76\\.9%.*app\\.Main\\.main\\(String\\[\\]\\)"), lines[3]);
    }

    @Test
    void rowsWithoutEstimatesRankByTheMeasuredTime() {
        MethodTimeProfile profile = MethodTimeProfile.of(result());
        assertFalse(profile.hasEstimates(), "a result written before the estimate existed");
        assertEquals(profile.inclusiveRanking().top(16), profile.estimatedInclusiveRanking().top(16));
        assertEquals(250, profile.rows().get(2).estimatedInclusiveNanos());
        assertFalse(profile.rows().get(2).estimated());
    }

    @Test
    void otherAnalysesAreRejected() {
        Map<String, Object> r = result();
        r.put("analysis", "sfa");
        assertThrows(IllegalArgumentException.class, () -> MethodTimeProfile.of(r));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theTableSaysHowMuchTimeFlattenedContextsHold() {
        ByteArrayOutputStream none = new ByteArrayOutputStream();
        TopMethodsTable.print(MethodTimeProfile.of(result()), 3, new PrintStream(none, true, StandardCharsets.UTF_8));
        assertFalse(none.toString(StandardCharsets.UTF_8).contains("flattened"));
        Map<String, Object> r = result();
        ((Map<String, Object>) r.get("summary")).put("flattenedNanos", 13.0);       // of 1300
        ByteArrayOutputStream some = new ByteArrayOutputStream();
        TopMethodsTable.print(MethodTimeProfile.of(r), 3, new PrintStream(some, true, StandardCharsets.UTF_8));
        assertTrue(some.toString(StandardCharsets.UTF_8).contains("[taper] 1.00% of the observed time is in flattened "
            + "calling contexts"), some.toString(StandardCharsets.UTF_8));
    }
}
