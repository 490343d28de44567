package io.taper.analysis.methodcount;

import io.taper.result.ResultKeys.MethodRow;
import io.taper.runtime.AnalysisResults;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row per method entered at least once: class (binary name), method name, descriptor, loader tag
 * and entry count. Methods of the same name in classes of different loaders are separate rows.
 */
public final class MethodCountResults implements AnalysisResults {

    // A class, not lambdas: bootstrapping lambdas at exit runs java.lang.invoke's woven code, which costs
    // start-up-sized time in a short program.
    private static final Comparator<SiteInfo> BY_METHOD = new Comparator<>() {
        @Override
        public int compare(SiteInfo a, SiteInfo b) {
            int c = a.className().compareTo(b.className());
            if (c == 0) {
                c = a.methodName().compareTo(b.methodName());
            }
            if (c == 0) {
                c = a.methodDesc().compareTo(b.methodDesc());
            }
            return c != 0 ? c : Integer.compare(a.loaderTag(), b.loaderTag());
        }
    };

    @Override
    public List<Map<String, Object>> rows() {
        List<SiteInfo> sites = new ArrayList<>(SiteRegistry.all());
        sites.sort(BY_METHOD);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (SiteInfo s : sites) {
            long count = MethodCounts.COUNTERS.get(s.id());
            if (count == 0) {
                continue;
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put(MethodRow.CLASS, s.className().replace('/', '.'));
            row.put(MethodRow.METHOD, s.methodName());
            row.put(MethodRow.DESCRIPTOR, s.methodDesc());
            row.put(MethodRow.LOADER, s.loaderTag());
            row.put(MethodRow.ENTRIES, count);
            rows.add(row);
        }
        return rows;
    }

    /** One counter per site. */
    @Override
    public long stateBytes() {
        return MethodCounts.COUNTERS.bytes();
    }

    @Override
    public Map<String, Object> summary() {
        long methods = 0;
        long entries = 0;
        for (SiteInfo s : SiteRegistry.all()) {
            long c = MethodCounts.COUNTERS.get(s.id());
            if (c > 0) {
                methods++;
                entries += c;
            }
        }
        return Map.of("methodsEntered", methods, "entries", entries);
    }
}
