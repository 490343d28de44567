package io.taper.analysis.coverage;

import io.taper.result.ResultKeys.CoverageRow;
import io.taper.runtime.AnalysisResults;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row per class that ran: its name, JaCoCo class id and probe flags, from which the launcher writes JaCoCo's
 * {@code .exec} and reports (the class files say which probe is which line and branch).
 */
public final class CoverageResults implements AnalysisResults {

    @Override
    public List<Map<String, Object>> rows() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (CoverageProbes.ClassProbes c : CoverageProbes.registered()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put(CoverageRow.CLASS, c.className());
            row.put(CoverageRow.CLASS_ID, hex(c.classId()));
            row.put(CoverageRow.PROBES, bits(c.probes()));
            rows.add(row);
        }
        return rows;
    }

    @Override
    public long stateBytes() {
        long b = 0;
        for (CoverageProbes.ClassProbes c : CoverageProbes.registered()) {
            b += 16 + c.probes().length;
        }
        return b;
    }

    @Override
    public Map<String, Object> summary() {
        long probes = 0;
        long hit = 0;
        List<CoverageProbes.ClassProbes> all = CoverageProbes.registered();
        for (CoverageProbes.ClassProbes c : all) {
            for (boolean p : c.probes()) {
                probes++;
                hit += p ? 1 : 0;
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("classes", all.size());
        m.put("probes", probes);
        m.put("probesHit", hit);
        m.put("classesOverflow", CoverageProbes.overflow());
        return m;
    }

    /** 16 hex digits, as JaCoCo prints class ids. */
    static String hex(long id) {
        String h = Long.toHexString(id);
        return "0".repeat(16 - h.length()) + h;
    }

    /** '1' for each probe that fired, '0' for the others. */
    static String bits(boolean[] probes) {
        char[] c = new char[probes.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = probes[i] ? '1' : '0';
        }
        return new String(c);
    }
}
