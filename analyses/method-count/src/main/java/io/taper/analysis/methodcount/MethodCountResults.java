package io.taper.analysis.methodcount;

import io.taper.result.ResultKeys.MethodRow;
import io.taper.runtime.AnalysisResults;
import io.taper.runtime.FactText;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.state.ThreadCounters;
import io.taper.runtime.state.ThreadFieldCounters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row per method entered at least once: class (binary name), method name, descriptor, loader tag and entry
 * count, summed over every thread's counters. Methods of the same name in classes of different loaders are separate
 * rows.
 */
public final class MethodCountResults implements AnalysisResults {

    // A class, not lambdas: bootstrapping lambdas at exit runs java.lang.invoke's woven code, which costs
    // start-up-sized time in a short program.
    private static final Comparator<Map<String, Object>> BY_METHOD = new Comparator<>() {
        @Override
        public int compare(Map<String, Object> a, Map<String, Object> b) {
            int c = ((String) a.get(MethodRow.CLASS)).compareTo((String) b.get(MethodRow.CLASS));
            if (c == 0) {
                c = ((String) a.get(MethodRow.METHOD)).compareTo((String) b.get(MethodRow.METHOD));
            }
            if (c == 0) {
                c = ((String) a.get(MethodRow.DESCRIPTOR)).compareTo((String) b.get(MethodRow.DESCRIPTOR));
            }
            return c != 0 ? c : Integer.compare((Integer) a.get(MethodRow.LOADER), (Integer) b.get(MethodRow.LOADER));
        }
    };

    @Override
    public List<Map<String, Object>> rows() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (SiteInfo s : SiteRegistry.all()) {
            // The counts first: most classes of a run had none of their methods entered, and their tables are
            // never read (at the end of a short run, reading every table was most of the time of the last write).
            long[] counts = counts(s);
            if (counts == null) {
                continue;
            }
            MethodTable table = MethodTable.fromFacts(s.staticContext());
            if (table == null) {
                continue;
            }
            for (int i = 0; i < counts.length && i < table.methods().size(); i++) {
                if (counts[i] == 0) {
                    continue;
                }
                Map<String, Object> row = new LinkedHashMap<>();
                row.put(MethodRow.CLASS, s.className().replace('/', '.'));
                row.put(MethodRow.METHOD, table.methods().get(i)[0]);
                row.put(MethodRow.DESCRIPTOR, table.methods().get(i)[1]);
                row.put(MethodRow.LOADER, s.loaderTag());
                row.put(MethodRow.ENTRIES, counts[i]);
                rows.add(row);
            }
        }
        rows.sort(BY_METHOD);
        return rows;
    }

    /** The class's summed counts, or null if it is not a method-count class or none of its methods was entered. */
    private static long[] counts(SiteInfo s) {
        int slot = MethodTable.slotOf(s.staticContext());
        int base = MethodTable.baseOf(s.staticContext());
        long[] counts;
        if (base >= 0) {
            int size = FactText.number(s.staticContext(), MethodTable.SIZE);   // no need to parse the table
            counts = size < 0 ? null : ThreadFieldCounters.sum(base, size);
        } else {
            counts = slot < 0 ? null : ThreadCounters.sum(slot);
        }
        if (counts != null) {
            for (long c : counts) {
                if (c != 0) {
                    return counts;
                }
            }
        }
        return null;
    }

    @Override
    public long stateBytes() {
        return ThreadCounters.bytes() + ThreadFieldCounters.bytes();
    }

    /**
     * Nothing of its own to clear: its counts are the runtime's counters, and its method tables the sites' facts, which
     * {@code RuntimeReset} clears. The rows are read anew each time.
     */
    @Override
    public void reset() {
    }

    @Override
    public Map<String, Object> summary() {
        long methods = 0;
        long entries = 0;
        for (SiteInfo s : SiteRegistry.all()) {   // the counters alone: no tables, no row maps, no sort
            long[] counts = counts(s);
            if (counts == null) {
                continue;
            }
            for (long c : counts) {
                if (c != 0) {
                    methods++;
                    entries += c;
                }
            }
        }
        long[] f = ThreadCounters.figures();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("methodsEntered", methods);
        m.put("entries", entries);
        long[] g = ThreadFieldCounters.figures();
        m.put("threadsRegistered", f[0] + g[0]);
        m.put("threadsExited", f[1] + g[1]);
        m.put("threadsTakingOverArrays", g[3]);
        // threads whose arrays could not grow within --max-state count into one shared array; entry counters
        // count there under a lock and stay exact (only code that counted with plain increments makes a lower bound)
        m.put("threadsPastCounterBudget", g[4]);
        m.put("countsExact", g[5] == 0);
        m.put("counterArraysOwned", f[5]);
        return m;
    }
}
