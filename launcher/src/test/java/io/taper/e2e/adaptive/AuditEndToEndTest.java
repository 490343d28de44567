package io.taper.e2e.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --audit} on SFA: the built-in strategy removes nothing that matters (no violation, the same table as
 * fixed), while a strategy that removes live sites (the README's after-warmup example) is caught at the write
 * it would have lost, with the site, the field and a stack.
 */
class AuditEndToEndTest {

    static final String MAIN = "io.taper.e2e.fixtures.AuditTarget";
    static final String BOX = MAIN + "$Box";

    @TempDir
    Path tmp;

    private TaperProcess.Outcome run(String name, String... options) throws Exception {
        Path out = tmp.resolve(name);
        List<String> args = new java.util.ArrayList<>(List.of("run", "--analysis", "sfa", "--out", out.toString()));
        args.addAll(List.of(options));
        args.addAll(List.of("--", "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN, "1500"));
        TaperProcess.Outcome o = TaperProcess.run(out, args.toArray(new String[0]));
        assertEquals(0, o.exitCode(), o.stderr());
        assertEquals("box 2\n", o.stdout());
        return o;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> audit(TaperProcess.Outcome o) throws Exception {
        Map<String, Object> controller = (Map<String, Object>) o.stats().get("controller");
        return (Map<String, Object>) controller.get("audit");
    }

    private static String boxRow(TaperProcess.Outcome o) throws Exception {
        return o.rows().stream().filter(r -> BOX.equals(r.get("class")) && "v".equals(r.get("field")))
            .map(r -> r.get("category") + " " + r.get("verdict")).findFirst().orElse("no row");
    }

    @Test
    void theBuiltInStrategyPassesTheAuditAndAnUnsoundOneIsCaught() throws Exception {
        TaperProcess.Outcome sound = run("sound", "--mode", "adaptive", "--audit");
        Map<String, Object> a = audit(sound);
        assertEquals(0.0, a.get("violations"), a.toString());
        assertTrue(((Number) a.get("sitesAudited")).intValue() > 100, a.toString());
        assertEquals("nF non-stationary", boxRow(sound));
        assertTrue(sound.stderr().contains(" 0 violations\n"), sound.stderr());

        Path strategyJar = AdaptiveRuns.compileJar(tmp, "after-warmup.jar",
            Map.of("org.example.AfterWarmup", AdaptiveUserStrategyTest.readmeStrategy()),
            Map.of("META-INF/services/io.taper.runtime.control.ControllerStrategy", "org.example.AfterWarmup\n"));
        TaperProcess.Outcome unsound = run("unsound", "--mode", "adaptive", "--audit",
            "--controller", "after-warmup:200", "--controller-path", strategyJar.toString());
        Map<String, Object> u = audit(unsound);
        assertTrue(((Number) u.get("violations")).intValue() >= 1, u.toString());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> first = (List<Map<String, Object>>) u.get("first");
        Map<String, Object> lost = first.stream().filter(v -> String.valueOf(v.get("change")).startsWith(BOX + ".v:I"))
            .findFirst().orElseThrow(() -> new AssertionError("no violation on Box.v: " + first));
        assertEquals(BOX + ".v:I +non-stationary", lost.get("change"));
        assertEquals(MAIN.replace('.', '/'), lost.get("class"));
        assertEquals("main([Ljava/lang/String;)V", lost.get("method"));
        assertEquals("sfa.write", lost.get("snippet"));
        assertTrue(String.valueOf(((List<?>) lost.get("stack")).get(0)).startsWith(MAIN + ".main(AuditTarget.java:"),
            lost.toString());
        // the audit keeps removed sites running: the result is still the fixed one
        assertEquals("nF non-stationary", boxRow(unsound));
        assertTrue(unsound.stderr().contains("[taper] audit: first violation at "), unsound.stderr());
    }
}
