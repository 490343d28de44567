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

    @BeforeAll
    void runBothModes() throws Exception {
        fixed = run("fixed");
        adaptive = run("adaptive");
    }

    private TaperProcess.Outcome run(String mode) throws Exception {
        Path out = tmp.resolve(mode);
        return TaperProcess.run(out, "run", "--analysis", "sfa", "--mode", mode, "--out", out.toString(), "--",
            "-Xverify:all", "-cp", TaperProcess.examplesClassPath(), MAIN, "400");
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
        double removed = (Double) adaptive.stats().get("sitesRemoved");
        assertTrue(removed > 0, "the controller removed the sites of non-stationary fields: " + adaptive.stats());
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
