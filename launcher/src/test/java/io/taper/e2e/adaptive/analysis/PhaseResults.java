package io.taper.e2e.adaptive.analysis;

import io.taper.runtime.AnalysisResults;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rows: one per fixture method with a site — class, method, descriptor, covered. The summary adds what
 * the rows must not contain (it differs between fixed and adaptive runs): executions and site ids.
 */
public final class PhaseResults implements AnalysisResults {

    @Override
    public List<Map<String, Object>> rows() {
        List<SiteInfo> sites = new ArrayList<>(SiteRegistry.all());
        sites.sort(Comparator.comparing(SiteInfo::className).thenComparing(SiteInfo::methodName)
                .thenComparing(SiteInfo::methodDesc));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (SiteInfo s : sites) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("class", s.className().replace('/', '.'));
            row.put("method", s.methodName());
            row.put("descriptor", s.methodDesc());
            row.put("covered", PhaseState.COVERED.isSet(s.id()));
            rows.add(row);
        }
        return rows;
    }

    @Override
    public Map<String, Object> summary() {
        Map<String, Object> executions = new TreeMap<>();
        Map<String, Object> ids = new TreeMap<>();
        for (SiteInfo s : SiteRegistry.all()) {
            String key = s.className().substring(s.className().lastIndexOf('/') + 1) + "." + s.methodName();
            executions.put(key, PhaseState.EXECUTIONS.get(s.id()));
            ids.put(key, s.id());
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("executions", executions);
        m.put("sites", ids);
        return m;
    }
}
