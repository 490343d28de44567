package io.taper.e2e.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import io.taper.e2e.profile.fixtures.SampledWork;
import io.taper.launcher.TaperCli;
import io.taper.launcher.profile.JfrInclusiveProfile;
import io.taper.launcher.profile.Ranking;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./taper profile-accuracy} on a real recording and result files whose rankings are known relative
 * to it: one with the recording's own ranking, one with its first two methods swapped.
 */
class ProfileAccuracyCommandTest {

    @TempDir
    static Path tmp;
    static Path recording;
    static List<String> jfrTop;

    @BeforeAll
    static void record() throws Exception {
        recording = tmp.resolve("rec.jfr");
        SampledRecording.record(recording, () -> SampledWork.outer(500), 10);
        Ranking ranking = JfrInclusiveProfile.read(recording, false).ranking();
        jfrTop = ranking.top(ranking.size());
        assertTrue(jfrTop.size() >= 3, "the recording ranks the sampled methods: " + jfrTop);
    }

    /** A method-time result.json ranking the methods in this order, as written before the estimate existed. */
    static Path result(String name, List<String> order) throws Exception {
        return result(name, order, null);
    }

    /**
     * A method-time result.json whose measured inclusive time ranks the methods in {@code order} and whose
     * estimated inclusive time ranks them in {@code estimatedOrder} (null: no estimate in the rows).
     */
    static Path result(String name, List<String> order, List<String> estimatedOrder) throws Exception {
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            String key = order.get(i);
            int paren = key.indexOf('(');
            int dot = key.lastIndexOf('.', paren);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("id", i);
            r.put("class", key.substring(0, dot));
            r.put("method", key.substring(dot + 1, paren));
            r.put("descriptor", key.substring(paren));
            r.put("invocations", 1);
            r.put("inclusiveNanos", 1000L * (order.size() - i));
            if (estimatedOrder != null) {
                r.put("estimatedInclusiveNanos", 1000L * (order.size() - estimatedOrder.indexOf(key)));
            }
            rows.add(r);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("format", 1);
        result.put("analysis", "method-time");
        result.put("mode", name);
        result.put("rows", rows);
        result.put("summary", Map.of());
        Path file = tmp.resolve(name + ".json");
        Files.writeString(file, new Gson().toJson(result));
        return file;
    }

    /** The recording's ranking with its first two methods swapped. */
    static List<String> firstTwoSwapped() {
        List<String> swapped = new ArrayList<>(jfrTop);
        swapped.set(0, jfrTop.get(1));
        swapped.set(1, jfrTop.get(0));
        return swapped;
    }

    static String[] run(String... args) {
        PrintStream stdout = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = TaperCli.execute(args);
        } finally {
            System.setOut(stdout);
        }
        return new String[] {Integer.toString(exit), bytes.toString(StandardCharsets.UTF_8)};
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonGivesTheMetricsOfEveryResult() throws Exception {
        Path same = result("same", jfrTop);
        Path swap = result("swapped", firstTwoSwapped());
        String[] r = run("profile-accuracy", "--jfr", recording.toString(), "--json", same.toString(), swap.toString());
        assertEquals("0", r[0], r[1]);
        Map<String, Object> json = new Gson().fromJson(r[1], Map.class);
        int compared = Math.min(16, jfrTop.size());
        assertEquals(16.0, json.get("top"));
        List<Map<String, Object>> results = (List<Map<String, Object>>) json.get("results");
        assertEquals(List.of((double) compared, (double) compared, 0.0, 0.0, 0.0), metrics(results.get(0)));
        assertEquals(List.of((double) compared, (double) compared, 2.0, 2.0 / compared, 0.0), metrics(results.get(1)));
        assertEquals("swapped", results.get(1).get("mode"));
        assertEquals("runningNanos", results.get(0).get("rankedBy"), "the default view");
    }

    @Test
    @SuppressWarnings("unchecked")
    void resultsRankByTheEstimateUnlessMeasuredOnly() throws Exception {
        // measured: the first two swapped (a removed method's frozen time); estimated: the recording's order
        Path adaptive = result("adaptive", firstTwoSwapped(), jfrTop);
        int compared = Math.min(16, jfrTop.size());

        String[] byEstimate = run("profile-accuracy", "--jfr", recording.toString(), "--json", adaptive.toString());
        assertEquals("0", byEstimate[0], byEstimate[1]);
        Map<String, Object> r = ((List<Map<String, Object>>) new Gson().fromJson(byEstimate[1], Map.class)
                .get("results")).get(0);
        assertEquals("runningNanos", r.get("rankedBy"), "the running view ranks by the estimate less waiting");
        assertEquals(List.of((double) compared, (double) compared, 0.0, 0.0, 0.0), metrics(r));

        String[] wall = run("profile-accuracy", "--jfr", recording.toString(), "--json", "--view", "wall",
                adaptive.toString());
        assertEquals("0", wall[0], wall[1]);
        r = ((List<Map<String, Object>>) new Gson().fromJson(wall[1], Map.class).get("results")).get(0);
        assertEquals("estimatedInclusiveNanos", r.get("rankedBy"));
        assertEquals(List.of((double) compared, (double) compared, 0.0, 0.0, 0.0), metrics(r));

        String[] measured = run("profile-accuracy", "--jfr", recording.toString(), "--json", "--measured-only",
                adaptive.toString());
        assertEquals("0", measured[0], measured[1]);
        r = ((List<Map<String, Object>>) new Gson().fromJson(measured[1], Map.class).get("results")).get(0);
        assertEquals("inclusiveNanos", r.get("rankedBy"));
        assertEquals(List.of((double) compared, (double) compared, 2.0, 2.0 / compared, 0.0), metrics(r));

        String[] text = run("profile-accuracy", "--jfr", recording.toString(), "--top", "2", adaptive.toString());
        assertTrue(text[1].split("\n")[4].matches(".*adaptive\\s+2/2\\s+0\\s+0\\.00\\s+0\\s+runningNanos"),
                text[1]);
    }

    @Test
    void helpDocumentsMeasuredOnly() {
        String[] help = run("profile-accuracy", "--help");
        assertEquals("0", help[0]);
        assertTrue(help[1].contains("--measured-only") && help[1].contains("estimatedInclusiveNanos"), help[1]);
    }

    @Test
    void textShowsOneLinePerResultAndTheRanksSideBySide() throws Exception {
        Path same = result("fixed", jfrTop);
        String[] r = run("profile-accuracy", "--jfr", recording.toString(), "--top", "2", same.toString());
        assertEquals("0", r[0], r[1]);
        String[] lines = r[1].split("\n");
        assertTrue(lines[0].startsWith("JFR " + recording + ": "), lines[0]);
        assertTrue(r[1].contains("Top 2 by inclusive time vs JFR"), r[1]);
        assertTrue(lines[4].matches(".*fixed\\s+2/2\\s+0\\s+0\\.00\\s+0\\s+runningNanos"), lines[4]);
        assertTrue(r[1].contains("     1 ") && r[1].contains(jfrTop.get(0)), r[1]);
    }

    @Test
    void unreadableInputsAreReportedWithExitCode2() throws Exception {
        assertEquals("2", run("profile-accuracy", "--jfr", tmp.resolve("missing.jfr").toString(),
                result("x", jfrTop).toString())[0]);
        Path notJson = Files.writeString(tmp.resolve("bad.json"), "{ not json");
        assertEquals("2", run("profile-accuracy", "--jfr", recording.toString(), notJson.toString())[0]);
        Path other = Files.writeString(tmp.resolve("sfa.json"), "{\"analysis\":\"sfa\",\"rows\":[]}");
        assertEquals("2", run("profile-accuracy", "--jfr", recording.toString(), other.toString())[0]);
    }

    static List<Object> metrics(Map<String, Object> r) {
        return List.of(r.get("compared"), r.get("match"), r.get("sad"), r.get("mad"), r.get("missing"));
    }
}
