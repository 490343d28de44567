package io.taper.launcher.coverage;

import io.taper.result.ResultKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Where two coverage reports disagree: classes whose covered instructions or branches differ, and source lines
 * covered in one and not the other or with different covered branches. A class or line that one report lacks and
 * the other has with nothing covered is no difference (a class never loaded is not covered either way).
 */
final class CoverageDiff {

    /** One difference, said in a line. */
    record Difference(String where, String left, String right) {
        @Override
        public String toString() {
            return where + ": " + left + " vs " + right;
        }
    }

    final List<Difference> classes = new ArrayList<>();
    final List<Difference> lines = new ArrayList<>();
    int classesCompared;
    int linesCompared;

    static CoverageDiff of(CoverageModel a, CoverageModel b) {
        CoverageDiff d = new CoverageDiff();
        for (String c : new TreeSet<>(union(a.classes, b.classes))) {
            CoverageModel.Counts x = a.classes.get(c);
            CoverageModel.Counts y = b.classes.get(c);
            d.classesCompared++;
            if (!sameClass(x, y)) {
                d.classes.add(new Difference(c, classText(x), classText(y)));
            }
        }
        for (String f : new TreeSet<>(union(a.lines, b.lines))) {
            Map<Integer, CoverageModel.Counts> x = a.lines.getOrDefault(f, Map.of());
            Map<Integer, CoverageModel.Counts> y = b.lines.getOrDefault(f, Map.of());
            for (Integer line : new TreeSet<>(union(x, y))) {
                d.linesCompared++;
                if (!sameLine(x.get(line), y.get(line))) {
                    d.lines.add(new Difference(f + ":" + line, lineText(x.get(line)), lineText(y.get(line))));
                }
            }
        }
        return d;
    }

    boolean identical() {
        return classes.isEmpty() && lines.isEmpty();
    }

    private static <K> java.util.Set<K> union(Map<K, ?> a, Map<K, ?> b) {
        java.util.Set<K> s = new java.util.HashSet<>(a.keySet());
        s.addAll(b.keySet());
        return s;
    }

    private static boolean sameClass(CoverageModel.Counts x, CoverageModel.Counts y) {
        if (x == null || y == null) {
            CoverageModel.Counts present = x == null ? y : x;
            return !present.touched();
        }
        return x.ci() == y.ci() && x.cb() == y.cb();
    }

    private static boolean sameLine(CoverageModel.Counts x, CoverageModel.Counts y) {
        if (x == null || y == null) {
            CoverageModel.Counts present = x == null ? y : x;
            return !present.touched();
        }
        return x.covered() == y.covered() && x.cb() == y.cb();
    }

    private static String classText(CoverageModel.Counts c) {
        return c == null ? "absent" : "instructions " + c.ci() + "/" + (c.ci() + c.mi()) + ", branches " + c.cb() + "/"
            + (c.cb() + c.mb());
    }

    private static String lineText(CoverageModel.Counts c) {
        return c == null ? "absent" : (c.covered() ? "covered" : "not covered") + ", branches " + c.cb() + "/"
            + (c.cb() + c.mb());
    }

    /** The differences per class first, then per line, at most {@code max} of each. */
    List<String> describe(int max) {
        List<String> out = new ArrayList<>();
        add(out, "class", classes, max);
        add(out, "line", lines, max);
        return out;
    }

    private static void add(List<String> out, String kind, List<Difference> ds, int max) {
        for (int i = 0; i < ds.size() && i < max; i++) {
            out.add(kind + " " + ds.get(i));
        }
        if (ds.size() > max) {
            out.add("... and " + (ds.size() - max) + " more " + kind + " differences");
        }
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put(ResultKeys.CoverageDiff.CLASSES_COMPARED, classesCompared);
        m.put(ResultKeys.CoverageDiff.LINES_COMPARED, linesCompared);
        m.put(ResultKeys.CoverageDiff.CLASSES_DIFFERING, classes.size());
        m.put(ResultKeys.CoverageDiff.LINES_DIFFERING, lines.size());
        return m;
    }
}
