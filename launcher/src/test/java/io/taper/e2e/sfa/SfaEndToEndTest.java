package io.taper.e2e.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * SFA through the real launcher, server, agent and weaver, on handcrafted classes with known answers,
 * in fixed and adaptive mode (-Xverify:all): both give exactly the expected rows, and so each other's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SfaEndToEndTest {

    static final String MAIN = "fixtures.sfa.StationaryCases";
    static final String P = MAIN + "$";

    /** class, field, descriptor, category, verdict of every fixture field. */
    static final List<String> EXPECTED = List.of(
        P + "Account owner Ljava/lang/String; uF stationary",
        P + "Builder n I uF non-stationary",
        P + "Circle radius I dF non-stationary",
        P + "Config size I uF stationary",
        P + "Counter count I nF non-stationary",
        P + "Label text Ljava/lang/String; nF stationary",
        P + "Outer base I uF stationary",
        P + "Outer$Inner this$0 L" + MAIN.replace('.', '/') + "$Outer; dF stationary",
        P + "Service port I nF stationary",
        P + "Stamp millis J uF stationary",
        P + "Stamp ratio D uF stationary");

    @TempDir
    static Path tmp;

    private TaperProcess.Outcome fixed;
    private TaperProcess.Outcome adaptive;
    private TaperProcess.Outcome fixedWithoutBootShadows;

    @BeforeAll
    void runBothModes() throws Exception {
        fixed = run("fixed", "fixed");
        adaptive = run("adaptive", "adaptive");
        fixedWithoutBootShadows = run("fixed", "fixed-no-boot-shadows", "--no-boot-shadows");
    }

    private TaperProcess.Outcome run(String mode, String dir, String... more) throws Exception {
        Path out = tmp.resolve(dir);
        List<String> args = new ArrayList<>(List.of("run", "--analysis", "sfa", "--mode", mode, "--out", out.toString()));
        args.addAll(List.of(more));
        // -Xverify:all verifies the patched java.base classes too, which the JVM otherwise trusts
        args.addAll(List.of("--", "-Xverify:all", "-cp", TaperProcess.examplesClassPath(), MAIN, "400"));
        return TaperProcess.run(out, args.toArray(new String[0]));
    }

    @Test
    @SuppressWarnings("unchecked")
    void startUpClassesGetTheirShadowFieldsThroughAPatchedJavaBase() throws Exception {
        assertRan(fixedWithoutBootShadows);
        assertEquals(EXPECTED, fixtureRows(fixedWithoutBootShadows));
        Map<String, Object> launch = (Map<String, Object>) fixed.result().get("launch");
        Path patch = Path.of((String) launch.get("bootShadows"));
        assertTrue(Files.isRegularFile(patch.resolve("COMPLETE")), launch.toString());
        assertEquals("-XX:PerMethodRecompilationCutoff=100000 -XX:-SplitIfBlocks", launch.get("jitOptions"),
                "the observed JVM took them");
        assertTrue(Files.isRegularFile(patch.resolve("java/util/ArrayList.class")));
        assertTrue(Files.notExists(patch.resolve("java/lang/String.class")), "java.lang is left alone");
        assertEquals("none: --no-boot-shadows",
            ((Map<String, Object>) fixedWithoutBootShadows.result().get("launch")).get("bootShadows"));
        // sites whose objects are of start-up classes: shadows with the patch, the identity map without
        double withPatch = identityMapSites(fixed);
        double without = identityMapSites(fixedWithoutBootShadows);
        assertTrue(withPatch < without, withPatch + " sites use the map with the patch, " + without + " without");
        // every field seen both ways gets the same category and verdict: where the marks are kept, and
        // whether the JVM shares class data (which decides if start-up classes come with stack map frames),
        // does not matter
        Map<String, String> a = rowsOf(fixed, "");
        Map<String, String> b = rowsOf(fixedWithoutBootShadows, "");
        assertTrue(a.size() > 100, a.toString());
        int compared = 0;
        for (Map.Entry<String, String> e : a.entrySet()) {
            if (b.containsKey(e.getKey())) {
                assertEquals(b.get(e.getKey()), e.getValue(), e.getKey());
                compared++;
            }
        }
        assertTrue(compared > 100 && compared > a.size() * 9 / 10, compared + " of " + a.size() + " fields in both runs");
    }

    @SuppressWarnings("unchecked")
    private static double identityMapSites(TaperProcess.Outcome o) throws Exception {
        Map<String, Object> summary = (Map<String, Object>) o.result().get("summary");
        return ((Number) ((Map<String, Object>) summary.get("readMarks")).get("sitesWithIdentityMap")).doubleValue();
    }

    private static Map<String, String> rowsOf(TaperProcess.Outcome o, String prefix) throws Exception {
        Map<String, String> m = new java.util.TreeMap<>();
        for (Map<String, Object> r : o.rows()) {
            if (String.valueOf(r.get("class")).startsWith(prefix)) {
                m.put(r.get("class") + " " + r.get("field") + " " + r.get("descriptor"),
                    r.get("category") + " " + r.get("verdict"));
            }
        }
        return m;
    }

    @Test
    void fixedModeFindsTheKnownAnswers() throws Exception {
        assertRan(fixed);
        assertEquals(EXPECTED, fixtureRows(fixed));
        assertEquals(0.0, fixed.stats().get("sitesRemoved"));
    }

    @Test
    void adaptiveModeFindsTheSameAnswersAfterRemovingSites() throws Exception {
        assertRan(adaptive);
        assertEquals(EXPECTED, fixtureRows(adaptive));
        @SuppressWarnings("unchecked")
        Map<String, Object> controller = (Map<String, Object>) adaptive.stats().get("controller");
        double switchedOff = ((Number) controller.get("sitesSwitchedOff")).doubleValue();
        assertTrue(switchedOff > 0, "the controller switched off the sites of non-stationary fields: " + controller);
        assertEquals(0.0, adaptive.stats().get("sitesRemoved"), "none re-woven without");
        assertEquals(0.0, controller.get("batches"), "no retransformation for a removal");
    }

    @Test
    void theReportPrintsAndWritesTable1() throws Exception {
        for (TaperProcess.Outcome o : List.of(fixed, adaptive)) {
            String md = Files.readString(o.out().resolve("summary.md"), StandardCharsets.UTF_8);
            assertTrue(md.startsWith("# Stationary fields: " + o.result().get("mode") + " run\n"), md);
            assertTrue(md.contains("| verdict | dF | uF | ¬F | total |"), md);
            assertTrue(o.stderr().contains("[taper]   stationary "), o.stderr());
            assertTrue(o.stderr().contains("[taper] summary: " + o.out().resolve("summary.md")), o.stderr());
        }
    }

    @Test
    void everyRowIsAClassifiedInstanceField() throws Exception {
        for (TaperProcess.Outcome o : List.of(fixed, adaptive)) {
            List<Map<String, Object>> rows = o.rows();
            assertTrue(rows.size() > 100, "JDK fields are observed too: " + rows.size());
            for (Map<String, Object> r : rows) {
                assertTrue(List.of("dF", "uF", "nF").contains(r.get("category")), r.toString());
                assertTrue(List.of("stationary", "non-stationary").contains(r.get("verdict")), r.toString());
            }
            Map<String, Object> summary = (Map<String, Object>) o.result().get("summary");
            assertEquals((double) rows.size(), summary.get("fields"));
        }
    }

    private static void assertRan(TaperProcess.Outcome o) throws Exception {
        assertEquals(0, o.exitCode(), o.stderr());
        assertEquals("rounds 8161 8161\n", o.stdout());
        Map<String, Object> stats = o.stats();
        assertEquals(0.0, stats.get("classesFailed"), stats.toString());
        assertEquals(null, stats.get("rowsError"), stats.toString());
        assertEquals(0.0, ((Number) stats.getOrDefault("snippetFailures", 0.0)).doubleValue(), stats.toString());
    }

    private static List<String> fixtureRows(TaperProcess.Outcome o) throws Exception {
        List<String> rows = new ArrayList<>();
        for (Map<String, Object> r : o.rows()) {
            if (String.valueOf(r.get("class")).startsWith(P)) {
                rows.add(r.get("class") + " " + r.get("field") + " " + r.get("descriptor") + " " + r.get("category")
                    + " " + r.get("verdict"));
            }
        }
        return rows;
    }
}
