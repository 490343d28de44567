package io.taper.analysis.sfa.internal;

import io.taper.result.SfaRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.HashMap;

/**
 * The result table: one row per accessed instance field, keyed by declaring class, name and
 * descriptor. Symbolic references that resolve to the same field are merged (non-stationary if any
 * is, written outside the constructor if any was). Classes of the same name from different loaders
 * share a row.
 */
public final class FieldRows {

    public static final String DF = SfaRow.DECLARED_FINAL;
    public static final String UF = SfaRow.UNDECLARED_FINAL;
    /** ¬F, not final: ASCII in the result file so shell tools and any console encoding can show it. */
    public static final String NF = SfaRow.NOT_FINAL;
    public static final String STATIONARY = SfaRow.STATIONARY;
    public static final String NON_STATIONARY = SfaRow.NON_STATIONARY;

    /** One merged row being built. */
    private static final class Row {
        final String className;
        final String name;
        final String desc;
        boolean declaredFinal;
        int bits;

        Row(String className, String name, String desc) {
            this.className = className;
            this.name = name;
            this.desc = desc;
        }
    }

    /** Class, then field name, then descriptor (a named class: no lambdas in the observed JVM). */
    private static final class ByKey implements Comparator<Row> {
        @Override
        public int compare(Row a, Row b) {
            int c = a.className.compareTo(b.className);
            if (c == 0) {
                c = a.name.compareTo(b.name);
            }
            return c != 0 ? c : a.desc.compareTo(b.desc);
        }
    }

    private FieldRows() {
    }

    /**
     * Rows sorted by class, field and descriptor: class, field, descriptor, category, verdict, written.
     *
     * @param reflect resolve each field by reflection (at the end of the run: {@code getDeclaredFields} loads the
     *                types of the class's fields, through the program's class loaders); else by name, through the
     *                internal {@code Unsafe} as the shadow fields are, and final as the weaver's flag says (for a
     *                snapshot while the program runs)
     */
    public static List<Map<String, Object>> of(FieldTable fields, boolean reflect) {
        Map<String, Row> merged = new HashMap<>();
        int n = fields.size();
        for (int f = 0; f < n; f++) {
            FieldState field = fields.get(f);
            int bits = field.bits();
            if ((bits & FieldTable.ACCESSED) == 0) {
                continue;
            }
            FieldRef ref = field.ref;
            Class<?> owner = field.owner();
            DeclaredField d = owner == null ? null
                : reflect ? DeclaredField.resolve(owner, ref.name, ref.desc)
                : DeclaredField.byName(owner, ref.name, (bits & FieldTable.FINAL_HINT) != 0);
            String cls = d != null ? d.className() : ref.ownerBinaryName;
            boolean declaredFinal = d != null ? d.declaredFinal() : (bits & FieldTable.FINAL_HINT) != 0;
            String key = cls + '\u0000' + ref.name + '\u0000' + ref.desc;
            Row r = merged.get(key);
            if (r == null) {
                r = new Row(cls, ref.name, ref.desc);
                merged.put(key, r);
            }
            r.bits |= bits;
            r.declaredFinal |= declaredFinal;
        }
        List<Row> sorted = new ArrayList<>(merged.values());
        sorted.sort(new ByKey());
        List<Map<String, Object>> rows = new ArrayList<>(sorted.size());
        for (Row r : sorted) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put(SfaRow.CLASS, r.className);
            row.put(SfaRow.FIELD, r.name);
            row.put(SfaRow.DESCRIPTOR, r.desc);
            row.put(SfaRow.CATEGORY, category(r.declaredFinal, r.bits));
            row.put(SfaRow.VERDICT, (r.bits & FieldTable.NON_STATIONARY) != 0 ? NON_STATIONARY : STATIONARY);
            row.put(SfaRow.WRITTEN, (r.bits & FieldTable.WRITTEN) != 0);
            rows.add(row);
        }
        return rows;
    }

    static String category(boolean declaredFinal, int bits) {
        if (declaredFinal) {
            return DF;
        }
        return (bits & FieldTable.WRITTEN_OUTSIDE_CONSTRUCTOR) != 0 ? NF : UF;
    }

    /**
     * Table 1 of the paper: {@code {"fields": n, "stationary": {"dF": a, "uF": b, "nF": c},
     * "non-stationary": {...}}}.
     */
    public static Map<String, Object> counts(List<Map<String, Object>> rows) {
        Map<String, Long> stationary = new LinkedHashMap<>();
        Map<String, Long> nonStationary = new LinkedHashMap<>();
        for (String c : new String[] {DF, UF, NF}) {
            stationary.put(c, 0L);
            nonStationary.put(c, 0L);
        }
        for (Map<String, Object> row : rows) {
            Map<String, Long> m = STATIONARY.equals(row.get(SfaRow.VERDICT)) ? stationary : nonStationary;
            String c = (String) row.get(SfaRow.CATEGORY);
            m.put(c, m.get(c) + 1);
        }
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("fields", (long) rows.size());
        counts.put(STATIONARY, stationary);
        counts.put(NON_STATIONARY, nonStationary);
        return counts;
    }
}
