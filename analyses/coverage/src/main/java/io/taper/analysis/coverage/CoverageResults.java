package io.taper.analysis.coverage;

import io.taper.result.ResultKeys.CoverageRow;
import io.taper.runtime.AnalysisResults;
import io.taper.runtime.FactText;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.state.ProbeArrays;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row per class that ran: its name, JaCoCo class id and probe flags, from which the launcher writes JaCoCo's
 * {@code .exec} and reports (the class files say which probe is which line and branch).
 */
public final class CoverageResults implements AnalysisResults {

    /** The facts the server sends with each woven class: its slot and JaCoCo id (16 hex digits). */
    public static final String SLOT = "coverage.slot";
    public static final String CLASS_ID = "coverage.classId";

    @Override
    public List<Map<String, Object>> rows() {
        Map<Integer, SiteInfo> classes = classesBySlot();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (ProbeArrays.ClassProbes c : ProbeArrays.registered()) {
            SiteInfo site = classes.get(c.slot());
            if (site == null) {
                continue;   // counted in the summary: a class whose facts never arrived cannot be named
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put(CoverageRow.CLASS, site.className());
            row.put(CoverageRow.CLASS_ID, site.staticContext().get(CLASS_ID));
            row.put(CoverageRow.PROBES, bits(c.probes()));
            rows.add(row);
        }
        return rows;
    }

    /** The classes the server wove, by slot, from the facts it sent with them. */
    private static Map<Integer, SiteInfo> classesBySlot() {
        Map<Integer, SiteInfo> m = new HashMap<>();
        for (SiteInfo s : SiteRegistry.all()) {
            int slot = FactText.number(s.staticContext(), SLOT);
            if (slot >= 0 && s.staticContext().get(CLASS_ID) != null) {
                m.put(slot, s);
            }
        }
        return m;
    }

    /**
     * Nothing of its own to clear: its flags are the runtime's probe arrays, and its classes the sites' facts, which
     * {@code RuntimeReset} clears.
     */
    @Override
    public void reset() {
    }

    @Override
    public long stateBytes() {
        long b = 0;
        for (ProbeArrays.ClassProbes c : ProbeArrays.registered()) {
            b += 16 + c.probes().length;
        }
        return b;
    }

    @Override
    public Map<String, Object> summary() {
        long probes = 0;
        long hit = 0;
        List<ProbeArrays.ClassProbes> all = ProbeArrays.registered();
        for (ProbeArrays.ClassProbes c : all) {
            for (boolean p : c.probes()) {
                probes++;
                hit += p ? 1 : 0;
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("classes", all.size());
        m.put("probes", probes);
        m.put("probesHit", hit);
        m.put("classesOverflow", ProbeArrays.overflow());
        Map<Integer, SiteInfo> named = classesBySlot();
        long unnamed = 0;
        for (ProbeArrays.ClassProbes c : all) {
            unnamed += named.containsKey(c.slot()) ? 0 : 1;
        }
        m.put("classesUnnamed", unnamed);
        return m;
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
