package io.taper.launcher.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each analysis's join, on results written by hand with known figures. */
class ResultMergeTest {

    @TempDir
    Path tmp;

    private int files;

    private MergeInput input(String json) throws Exception {
        Path f = tmp.resolve("r" + (files++) + ".json");
        Files.writeString(f, json.replace('\'', '"'));
        return MergeInput.read(f);
    }

    private static String result(String analysis, String mode, String rows, String summary) {
        return "{'format': 1, 'analysis': '" + analysis + "', 'mode': '" + mode + "', 'exitCode': 0, 'build': 'b1',"
            + " 'rows': [" + rows + "], 'summary': {" + summary + "}, 'stats': {'wallMillis': 100, 'observedCpuMillis': 70},"
            + " 'launch': {}}";
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> row(Map<String, Object> result, String key, Object value) {
        for (Map<String, Object> r : (List<Map<String, Object>>) result.get("rows")) {
            if (value.equals(r.get(key))) {
                return r;
            }
        }
        throw new AssertionError("no row with " + key + " " + value + ": " + result.get("rows"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> summary(Map<String, Object> result) {
        return (Map<String, Object>) result.get("summary");
    }

    @Test
    void methodCountsAddByMethodAndAreExactOnlyIfEveryRunWas() throws Exception {
        MergeInput a = input(result("method-count", "fixed",
            "{'class': 'A', 'method': 'f', 'descriptor': '()V', 'loader': 1, 'entries': 5},"
                + "{'class': 'A', 'method': 'g', 'descriptor': '()V', 'loader': 1, 'entries': 2}",
            "'methodsEntered': 2, 'entries': 7, 'threadsRegistered': 3, 'countsExact': true"));
        MergeInput b = input(result("method-count", "fixed",
            "{'class': 'A', 'method': 'f', 'descriptor': '()V', 'loader': 1, 'entries': 11},"
                + "{'class': 'A', 'method': 'f', 'descriptor': '(I)V', 'loader': 1, 'entries': 1}",
            "'methodsEntered': 2, 'entries': 12, 'threadsRegistered': 4, 'countsExact': false"));
        Map<String, Object> m = ResultMerge.merge(List.of(a, b));
        assertEquals(3, ((List<?>) m.get("rows")).size());
        assertEquals(16.0, row(m, "entries", 16.0).get("entries"));
        assertEquals("()V", row(m, "entries", 16.0).get("descriptor"));
        assertEquals(Map.of("methodsEntered", 3.0, "entries", 19.0, "threadsRegistered", 7.0, "countsExact", false),
            summary(m));
        assertEquals(200.0, ((Map<?, ?>) m.get("stats")).get("wallMillis"));
        assertEquals("b1", m.get("build"));
        assertEquals("fixed", m.get("mode"));
        assertEquals(List.of(a.source().toAbsolutePath().toString(), b.source().toAbsolutePath().toString()),
            ((Map<?, ?>) m.get("launch")).get("mergedFrom"));
    }

    @Test
    void bytecodeCountsAddPerKindAndRenumberTheRowsAndTheirCallTree() throws Exception {
        MergeInput a = input(result("bytecode-count", "fixed",
            "{'id': 7, 'class': 'A', 'method': 'f', 'descriptor': '()V', 'loader': 1, 'blocks': 3, 'invocations': 2,"
                + " 'bytecodes': 20, 'perKind': {'load': 5, 'invoke': 1}, 'extrapolated': false}",
            "'bytecodes': 20, 'classes': 1, 'threads': [{'thread': 'main #1', 'bytecodes': 20}], 'countsExact': true,"
                + " 'callTree': {'format': 'f', 'minNanos': 0, 'nodes': [[-1, -11, 0, 20, 0], [0, 7, 2, 20, 0]]}"));
        MergeInput b = input(result("bytecode-count", "fixed",
            "{'id': 3, 'class': 'B', 'method': 'h', 'descriptor': '()V', 'loader': 1, 'blocks': 1, 'invocations': 1,"
                + " 'bytecodes': 4, 'perKind': {'load': 1}, 'extrapolated': true},"
                + "{'id': 9, 'class': 'A', 'method': 'f', 'descriptor': '()V', 'loader': 1, 'blocks': 3, 'invocations': 1,"
                + " 'bytecodes': 10, 'perKind': {'load': 2, 'invoke': 1}, 'extrapolated': false}",
            "'bytecodes': 14, 'classes': 2, 'threads': [{'thread': 'main #1', 'bytecodes': 14}], 'countsExact': true,"
                + " 'callTree': {'format': 'f', 'minNanos': 5, 'nodes': [[-1, -11, 0, 14, 0], [0, 9, 1, 10, 0],"
                + " [1, 3, 1, 4, 0]]}"));
        Map<String, Object> m = ResultMerge.merge(List.of(a, b));
        Map<String, Object> f = row(m, "method", "f");
        assertEquals(1.0, f.get("id"));
        assertEquals(3.0, f.get("invocations"));
        assertEquals(30.0, f.get("bytecodes"));
        assertEquals(3.0, f.get("blocks"));
        assertEquals(Map.of("load", 7.0, "invoke", 2.0), f.get("perKind"));
        Map<String, Object> h = row(m, "method", "h");
        assertEquals(2.0, h.get("id"));
        assertEquals(true, h.get("extrapolated"));
        Map<String, Object> s = summary(m);
        assertEquals(34.0, s.get("bytecodes"));
        assertEquals(2.0, s.get("classes"));
        assertEquals(List.of(Map.of("thread", "main #1", "bytecodes", 34.0)), s.get("threads"));
        Map<?, ?> tree = (Map<?, ?>) s.get("callTree");
        assertEquals(5.0, tree.get("minNanos"));
        assertEquals(List.of(List.of(-1.0, -11.0, 0.0, 34.0, 0.0), List.of(0.0, 1.0, 3.0, 30.0, 0.0),
            List.of(1.0, 2.0, 1.0, 4.0, 0.0)), tree.get("nodes"));
    }

    @Test
    void methodTimesAddWhileShortestLongestAndMeanCombine() throws Exception {
        String f1 = "{'id': 4, 'class': 'A', 'method': 'f', 'descriptor': '()V', 'loader': 1, 'invocations': 2,"
            + " 'totalNanos': 100, 'inclusiveNanos': 100, 'minNanos': 30, 'maxNanos': 70, 'meanNanos': 50,"
            + " 'maxRecursion': 1, 'removed': false, 'callers': [{'caller': 8, 'calls': 2, 'nanos': 100}]},"
            + "{'id': 8, 'class': 'A', 'method': 'main', 'descriptor': '()V', 'loader': 1, 'invocations': 1,"
            + " 'totalNanos': 150, 'inclusiveNanos': 150, 'minNanos': 150, 'maxNanos': 150, 'meanNanos': 150,"
            + " 'maxRecursion': 1, 'removed': false, 'callers': [{'caller': -1, 'calls': 1, 'nanos': 150}]}";
        String f2 = "{'id': 2, 'class': 'A', 'method': 'main', 'descriptor': '()V', 'loader': 1, 'invocations': 1,"
            + " 'totalNanos': 90, 'inclusiveNanos': 90, 'minNanos': 90, 'maxNanos': 90, 'meanNanos': 90,"
            + " 'maxRecursion': 1, 'removed': false, 'callers': [{'caller': -1, 'calls': 1, 'nanos': 90}]},"
            + "{'id': 5, 'class': 'A', 'method': 'f', 'descriptor': '()V', 'loader': 1, 'invocations': 1,"
            + " 'totalNanos': 20, 'inclusiveNanos': 20, 'minNanos': 20, 'maxNanos': 20, 'meanNanos': 20,"
            + " 'maxRecursion': 3, 'removed': true, 'callers': [{'caller': 2, 'calls': 1, 'nanos': 20}]}";
        MergeInput a = input(result("method-time", "adaptive", f1, "'methods': 2, 'threadTimes': [{'thread': 'main',"
            + " 'observedNanos': 150}], 'unmatchedExitMethods': ['x'], 'callTree': {'nodes': [[-1, -11, 0, 150, 0],"
            + " [0, 8, 1, 150, 0], [1, 4, 2, 100, 0]]}"));
        MergeInput b = input(result("method-time", "adaptive", f2, "'methods': 2, 'threadTimes': [{'thread': 'main',"
            + " 'observedNanos': 90}], 'unmatchedExitMethods': ['x', 'y'], 'callTree': {'nodes': [[-1, -11, 0, 90, 0],"
            + " [0, 2, 1, 90, 0], [1, 5, 1, 20, 0]]}"));
        Map<String, Object> m = ResultMerge.merge(List.of(a, b));
        Map<String, Object> f = row(m, "method", "f");
        assertEquals(1.0, f.get("id"));
        assertEquals(3.0, f.get("invocations"));
        assertEquals(120.0, f.get("totalNanos"));
        assertEquals(20.0, f.get("minNanos"));
        assertEquals(70.0, f.get("maxNanos"));
        assertEquals(40.0, f.get("meanNanos"));
        assertEquals(3.0, f.get("maxRecursion"));
        assertEquals(true, f.get("removed"));
        assertEquals(List.of(Map.of("caller", 2.0, "calls", 3.0, "nanos", 120.0)), f.get("callers"));
        Map<String, Object> main = row(m, "method", "main");
        assertEquals(2.0, main.get("id"));
        assertEquals(List.of(Map.of("caller", -1.0, "calls", 2.0, "nanos", 240.0)), main.get("callers"));
        Map<String, Object> s = summary(m);
        assertEquals(2.0, s.get("methods"));
        assertEquals(List.of(Map.of("thread", "main", "observedNanos", 240.0)), s.get("threadTimes"));
        assertEquals(List.of("x", "y"), s.get("unmatchedExitMethods"));
        assertEquals(List.of(List.of(-1.0, -11.0, 0.0, 240.0, 0.0), List.of(0.0, 2.0, 2.0, 240.0, 0.0),
            List.of(1.0, 1.0, 3.0, 120.0, 0.0)), ((Map<?, ?>) s.get("callTree")).get("nodes"));
    }

    @Test
    void aTreeNodeWithoutARowKeepsAnIdNoMergedRowHas() throws Exception {
        String row = "{'id': 1, 'class': 'A', 'method': 'f', 'descriptor': '()V', 'loader': 1, 'invocations': 1,"
            + " 'totalNanos': 5, 'minNanos': 5, 'maxNanos': 5}";
        MergeInput a = input(result("method-time", "fixed", row,
            "'callTree': {'nodes': [[-1, -11, 0, 9, 0], [0, 2, 1, 9, 0], [1, 1, 1, 5, 0]]}"));
        MergeInput b = input(result("method-time", "fixed", row,
            "'callTree': {'nodes': [[-1, -11, 0, 7, 0], [0, 2, 1, 7, 0]]}"));
        Map<String, Object> m = ResultMerge.merge(List.of(a, b));
        // each run's id 2 has no row: two ids past the merged rows', never row 1's (or each other's)
        assertEquals(List.of(List.of(-1.0, -11.0, 0.0, 16.0, 0.0), List.of(0.0, 2.0, 1.0, 9.0, 0.0),
            List.of(1.0, 1.0, 1.0, 5.0, 0.0), List.of(0.0, 3.0, 1.0, 7.0, 0.0)),
            ((Map<?, ?>) summary(m).get("callTree")).get("nodes"));
    }

    @Test
    void sfaJoinsConservatively() throws Exception {
        MergeInput a = input(result("sfa", "fixed",
            "{'class': 'A', 'field': 'x', 'descriptor': 'I', 'category': 'uF', 'verdict': 'stationary', 'written': true},"
                + "{'class': 'A', 'field': 'y', 'descriptor': 'I', 'category': 'dF', 'verdict': 'stationary', 'written': true},"
                + "{'class': 'A', 'field': 'z', 'descriptor': 'I', 'category': 'uF', 'verdict': 'non-stationary',"
                + " 'written': false}",
            "'fields': 3, 'readMarks': {'sitesWithShadowFields': 2}"));
        MergeInput b = input(result("sfa", "fixed",
            "{'class': 'A', 'field': 'x', 'descriptor': 'I', 'category': 'nF', 'verdict': 'stationary', 'written': true},"
                + "{'class': 'A', 'field': 'y', 'descriptor': 'I', 'category': 'dF', 'verdict': 'stationary', 'written': true},"
                + "{'class': 'A', 'field': 'z', 'descriptor': 'I', 'category': 'uF', 'verdict': 'stationary', 'written': true},"
                + "{'class': 'B', 'field': 'w', 'descriptor': 'J', 'category': 'dF', 'verdict': 'stationary', 'written': true}",
            "'fields': 4, 'readMarks': {'sitesWithShadowFields': 5}"));
        Map<String, Object> m = ResultMerge.merge(List.of(a, b));
        assertEquals("nF stationary", outcome(row(m, "field", "x")));
        assertEquals("dF stationary", outcome(row(m, "field", "y")));
        assertEquals("uF non-stationary", outcome(row(m, "field", "z")));
        assertEquals(true, row(m, "field", "z").get("written"));
        assertEquals("dF stationary", outcome(row(m, "field", "w")));
        Map<String, Object> s = summary(m);
        assertEquals(4.0, s.get("fields"));
        assertEquals(Map.of("dF", 2.0, "uF", 0.0, "nF", 1.0), s.get("stationary"));
        assertEquals(Map.of("dF", 0.0, "uF", 1.0, "nF", 0.0), s.get("non-stationary"));
        assertEquals(Map.of("sitesWithShadowFields", 7.0), s.get("readMarks"));
    }

    private static String outcome(Map<String, Object> row) {
        return row.get("category") + " " + row.get("verdict");
    }

    @Test
    void coverageCoversAProbeCoveredInAnyRunPerClassVersion() throws Exception {
        MergeInput a = input(result("coverage", "adaptive",
            "{'class': 'p/A', 'classId': '01', 'probes': '1100'}, {'class': 'p/B', 'classId': '02', 'probes': '10'}",
            "'classes': 2, 'probes': 6, 'probesHit': 3, 'classesOverflow': 1, 'classesUnnamed': 1"));
        MergeInput b = input(result("coverage", "adaptive",
            "{'class': 'p/A', 'classId': '01', 'probes': '1010'}, {'class': 'p/B', 'classId': '03', 'probes': '011'}",
            "'classes': 2, 'probes': 7, 'probesHit': 3, 'classesOverflow': 1, 'classesUnnamed': 2"));
        Map<String, Object> m = ResultMerge.merge(List.of(a, b));
        assertEquals("1110", row(m, "classId", "01").get("probes"));
        assertEquals("10", row(m, "classId", "02").get("probes"));
        assertEquals("011", row(m, "classId", "03").get("probes"));
        assertEquals(Map.of("classes", 3.0, "probes", 9.0, "probesHit", 6.0, "classesOverflow", 1.0, "classesUnnamed", 3.0),
            summary(m));
    }

    @Test
    void aClassVersionWithAnotherProbeCountIsRefusedWithTheFileNamed() throws Exception {
        MergeInput a = input(result("coverage", "fixed", "{'class': 'p/A', 'classId': '01', 'probes': '11'}", ""));
        MergeInput b = input(result("coverage", "fixed", "{'class': 'p/A', 'classId': '01', 'probes': '101'}", ""));
        MergeException e = assertThrows(MergeException.class, () -> ResultMerge.merge(List.of(a, b)));
        assertTrue(e.getMessage().startsWith(b.source() + ": class p/A (id 01) has 3 probes"), e.getMessage());
    }

    @Test
    void inputsOfAnotherAnalysisModeOrBuildAreRefusedWithTheFilesNamed() throws Exception {
        MergeInput counts = input(result("method-count", "fixed", "", ""));
        MergeInput sfa = input(result("sfa", "fixed", "", ""));
        MergeInput adaptive = input(result("method-count", "adaptive", "", ""));
        MergeInput otherBuild = input(result("method-count", "fixed", "", "").replace("'b1'", "'b2'"));
        assertEquals(sfa.source() + " is a sfa result, " + counts.source() + " a method-count one: merge results of one"
            + " analysis", assertThrows(MergeException.class, () -> ResultMerge.merge(List.of(counts, sfa))).getMessage());
        assertEquals(adaptive.source() + " ran in adaptive mode, " + counts.source() + " in fixed: merge results of one"
            + " mode", assertThrows(MergeException.class, () -> ResultMerge.merge(List.of(counts, adaptive))).getMessage());
        assertEquals(otherBuild.source() + " was written by another Taper build (b2) than " + counts.source() + " (b1)",
            assertThrows(MergeException.class, () -> ResultMerge.merge(List.of(counts, otherBuild))).getMessage());
    }

    @Test
    void aJvmOfTaperAgentIsReadFromItsAgentResult() throws Exception {
        Path jvm = Files.createDirectories(tmp.resolve("jvm-123"));
        Files.writeString(jvm.resolve("agent-result.json"), ("{'analysis': 'method-count', 'mode': 'fixed', 'build': 'b1',"
            + " 'rows': [{'class': 'A', 'method': 'f', 'descriptor': '()V', 'loader': 1, 'entries': 3}],"
            + " 'summary': {'entries': 3}}").replace('\'', '"'));
        MergeInput agent = MergeInput.read(jvm);
        assertEquals(jvm.resolve("agent-result.json"), agent.source());
        MergeInput run = input(result("method-count", "fixed",
            "{'class': 'A', 'method': 'f', 'descriptor': '()V', 'loader': 1, 'entries': 4}", "'entries': 4"));
        Map<String, Object> m = ResultMerge.merge(List.of(agent, run));
        assertEquals(7.0, row(m, "method", "f").get("entries"));
        assertEquals(0.0, m.get("exitCode"));
    }

    @Test
    void unreadableInputsSayWhy() throws Exception {
        Path notJson = tmp.resolve("bad.json");
        Files.writeString(notJson, "{not json");
        assertTrue(assertThrows(MergeException.class, () -> MergeInput.read(notJson)).getMessage()
            .startsWith(notJson + ": cannot be read as JSON"));
        Path otherFormat = tmp.resolve("old.json");
        Files.writeString(otherFormat, "{\"format\": 0, \"analysis\": \"sfa\", \"rows\": []}");
        assertEquals(otherFormat + ": result format 0.0, this Taper reads 1",
            assertThrows(MergeException.class, () -> MergeInput.read(otherFormat)).getMessage());
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertEquals(empty + ": no result.json or agent-result.json in it",
            assertThrows(MergeException.class, () -> MergeInput.read(empty)).getMessage());
        List<MergeInput> none = new ArrayList<>();
        assertEquals("nothing to merge", assertThrows(MergeException.class, () -> ResultMerge.merge(none)).getMessage());
    }
}
