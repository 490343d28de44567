package io.taper.e2e.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller's cost model on a real SFA run: of two hot classes whose sites the controller switched off, it
 * re-weaves the one whose woven code is all switched off ({@code HotAndWarm$Hot}: the saving grows with its share
 * of the running time) and keeps the one whose switched-off code is a sliver of its woven code
 * ({@code HotAndWarm$Warm}: the saving stays below the measured cost of a re-weave). The table equals fixed mode's.
 */
class CodeRemovalModelEndToEndTest {

    private static final String FIXTURE = "io.taper.e2e.fixtures.HotAndWarm";
    private static final String HOT = "io/taper/e2e/fixtures/HotAndWarm$Hot";
    private static final String WARM = "io/taper/e2e/fixtures/HotAndWarm$Warm";

    @TempDir
    Path tmp;

    private TaperProcess.Outcome run(String mode, String reweave) throws Exception {
        return TaperProcess.run(tmp.resolve(mode + "-" + reweave), "run", "--analysis", "sfa", "--mode", mode,
                "--reweave", reweave, "--snapshot-interval", "0", "--quiet", "--out",
                tmp.resolve(mode + "-" + reweave).toString(), "--", "-Xverify:all", "-cp",
                TaperProcess.fixtureClassPath(), FIXTURE, "6000");
    }

    @Test
    @SuppressWarnings("unchecked")
    void reweavesTheHotClassAndKeepsTheOneWhoseSavingIsBelowItsCost() throws Exception {
        TaperProcess.Outcome fixed = run("fixed", "model");
        TaperProcess.Outcome adaptive = run("adaptive", "model");
        assertEquals(0, fixed.exitCode(), fixed.stderr());
        assertEquals(0, adaptive.exitCode(), adaptive.stderr());
        assertEquals(fixtureRows(fixed), fixtureRows(adaptive));
        assertEquals("non-stationary", fixtureRows(adaptive).get("HotAndWarm$Hot.a"));
        assertEquals("stationary", fixtureRows(adaptive).get("HotAndWarm$Warm.k0"), "read, never written");

        Map<String, Object> controller = (Map<String, Object>) adaptive.stats().get("controller");
        Map<String, Object> reweave = (Map<String, Object>) controller.get("reweave");
        List<Map<String, Object>> rewoven = (List<Map<String, Object>>) reweave.get("rewoven");
        List<Map<String, Object>> kept = (List<Map<String, Object>>) reweave.get("keptNearest");
        assertTrue(rewoven.stream().anyMatch(d -> HOT.equals(d.get("class"))), "Hot re-woven: " + reweave);
        assertTrue(rewoven.stream().noneMatch(d -> WARM.equals(d.get("class"))), "Warm not re-woven: " + reweave);
        Map<String, Object> warm = kept.stream().filter(d -> WARM.equals(d.get("class"))).findFirst()
                .orElseThrow(() -> new AssertionError("Warm considered and kept: " + reweave));
        assertTrue((double) warm.get("expectedSavingMillis") < (double) warm.get("costMillis"), warm.toString());
        Map<String, Object> hot = rewoven.stream().filter(d -> HOT.equals(d.get("class"))).findFirst().orElseThrow();
        assertTrue((double) hot.get("expectedSavingMillis") > (double) hot.get("costMillis"), hot.toString());
        assertEquals(hot.get("sitesWoven"), hot.get("sitesOff"), "every woven site of Hot was switched off");
        assertTrue((double) adaptive.stats().get("sitesRemoved") >= (double) hot.get("sitesOff"),
                "the re-weave took the switched-off sites out of the code: " + adaptive.stats());
        assertEquals(0.0, controller.get("retransformFailures"));
        assertEquals(0.0, controller.get("stepErrors"));

        TaperProcess.Outcome never = run("adaptive", "never");
        assertEquals(0, never.exitCode(), never.stderr());
        Map<String, Object> neverController = (Map<String, Object>) never.stats().get("controller");
        assertEquals(Map.of("policy", "never"), neverController.get("reweave"));
        assertEquals(0.0, neverController.get("batches"), "switched off, never re-woven");
        assertEquals(fixtureRows(fixed), fixtureRows(never));
    }

    /** The fixture's fields: "HotAndWarm$Class.field" → verdict. */
    private static Map<String, String> fixtureRows(TaperProcess.Outcome o) throws Exception {
        Map<String, String> m = new TreeMap<>();
        for (Map<String, Object> r : o.rows()) {
            String c = String.valueOf(r.get("class"));
            if (c.startsWith("io.taper.e2e.fixtures.HotAndWarm")) {
                m.put(c.substring("io.taper.e2e.fixtures.".length()) + "." + r.get("field"), (String) r.get("verdict"));
            }
        }
        return m;
    }
}
