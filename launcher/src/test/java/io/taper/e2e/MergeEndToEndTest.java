package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code taper merge} on real runs: counts add, coverage reports are written, mismatched inputs are refused. */
class MergeEndToEndTest {

    @TempDir
    Path tmp;

    private static Map<String, Double> entries(List<Map<String, Object>> rows) {
        Map<String, Double> m = new HashMap<>();
        for (Map<String, Object> r : rows) {
            m.merge(r.get("class") + "." + r.get("method") + r.get("descriptor") + "@" + r.get("loader"),
                ((Number) r.get("entries")).doubleValue(), Double::sum);
        }
        return m;
    }

    @Test
    void twoMethodCountRunsMergeIntoTheirSums() throws Exception {
        TaperProcess.Outcome a = KnownCountsRuns.of("method-count", 1);
        TaperProcess.Outcome b = KnownCountsRuns.of("method-count", 2);
        Path out = tmp.resolve("merged");
        TaperProcess.Outcome m = TaperProcess.run(out, "merge", "--out", out.toString(), a.out().toString(),
            b.out().resolve("result.json").toString());
        assertEquals(0, m.exitCode(), m.stderr());
        assertTrue(m.stderr().contains("[taper] merged 2 method-count result(s), fixed mode: "), m.stderr());
        Map<String, Double> merged = entries(m.rows());
        Map<String, Double> sum = new HashMap<>(entries(a.rows()));
        entries(b.rows()).forEach((k, v) -> sum.merge(k, v, Double::sum));
        assertEquals(sum, merged);
        String main = MethodCountEndToEndTest.MAIN + ".";
        assertEquals(354.0, merged.entrySet().stream().filter(e -> e.getKey().startsWith(main + "fib(I)I"))
            .mapToDouble(Map.Entry::getValue).sum());
        Map<String, Object> result = m.result();
        assertEquals(7.0, result.get("exitCode"));
        assertEquals(a.result().get("build"), result.get("build"));
        assertEquals(sum.values().stream().mapToDouble(Double::doubleValue).sum(),
            ((Number) ((Map<?, ?>) result.get("summary")).get("entries")).doubleValue());
    }

    @Test
    void coverageRunsMergeWithTheirReportsAndOtherAnalysesAreRefused() throws Exception {
        TaperProcess.Outcome a = KnownCountsRuns.of("coverage", 1);
        TaperProcess.Outcome b = KnownCountsRuns.of("coverage", 2);
        Path out = tmp.resolve("cov-merged");
        TaperProcess.Outcome m = TaperProcess.run(out, "merge", "--out", out.toString(), a.out().toString(),
            b.out().toString());
        assertEquals(0, m.exitCode(), m.stderr());
        assertEquals(a.rows().size(), m.rows().size());
        for (Map<String, Object> r : m.rows()) {
            String probes = a.rows().stream().filter(x -> x.get("classId").equals(r.get("classId"))).findFirst()
                .orElseThrow().get("probes").toString();
            assertEquals(probes, r.get("probes"), "the same program covers the same probes: " + r.get("class"));
        }
        for (String file : List.of("jacoco.exec", "coverage.xml", "coverage-html/index.html", "coverage-classes.jar")) {
            assertTrue(Files.isRegularFile(out.resolve(file)), file);
        }
        assertEquals(Files.readString(a.out().resolve("coverage.xml")).replaceAll("<report name=\"[^\"]*\"", "")
                .replaceAll("<sessioninfo[^>]*/>", ""),
            Files.readString(out.resolve("coverage.xml")).replaceAll("<report name=\"[^\"]*\"", "")
                .replaceAll("<sessioninfo[^>]*/>", ""));

        // the merged directory is a coverage run's directory to the other commands
        TaperProcess.Outcome diff = TaperProcess.run(tmp.resolve("diff"), "coverage-diff", out.toString(),
            a.out().resolve("jacoco.exec").toString());
        assertEquals(0, diff.exitCode(), diff.stdout() + diff.stderr());

        TaperProcess.Outcome counts = KnownCountsRuns.of("method-count", 1);
        Path refused = tmp.resolve("refused");
        TaperProcess.Outcome r = TaperProcess.run(refused, "merge", "--out", refused.toString(), a.out().toString(),
            counts.out().toString());
        assertEquals(2, r.exitCode(), r.stderr());
        assertEquals("taper merge: " + counts.out().resolve("result.json") + " is a method-count result, "
            + a.out().resolve("result.json") + " a coverage one: merge results of one analysis\n", r.stderr());
        assertTrue(!Files.exists(refused.resolve("result.json")), "nothing written");
    }
}
