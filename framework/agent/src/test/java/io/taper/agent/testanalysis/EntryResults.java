package io.taper.agent.testanalysis;

import io.taper.runtime.AnalysisResults;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** One row per method entered: class, method, entries; sorted by class and method. */
public final class EntryResults implements AnalysisResults {

    @Override
    public List<Map<String, Object>> rows() {
        TreeMap<String, Map<String, Object>> sorted = new TreeMap<>();
        for (SiteInfo s : SiteRegistry.all()) {
            long n = EntryCounts.get(s.id());
            if (n > 0) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("class", s.className().replace('/', '.'));
                row.put("method", s.methodName() + s.methodDesc());
                row.put("entries", n);
                sorted.put(row.get("class") + "." + row.get("method") + "/" + s.id(), row);
            }
        }
        return new ArrayList<>(sorted.values());
    }

    @Override
    public Map<String, Object> summary() {
        return Map.of("sites", SiteRegistry.size());
    }
}
