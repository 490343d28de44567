package io.taper.launcher.sfa;

import io.taper.result.SfaRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The differences between two SFA results, field by field, in two kinds. <em>Changes</em>: fields both runs
 * reached but classified differently, by verdict or by category alone (accuracy, as the paper's Table 2
 * counts them); between a fixed and an adaptive run of the same program these are defects unless something
 * in the program explains them. <em>Coverage</em>: fields only one run reached (completeness), which a run
 * that took another path through the program, or loaded classes in another order, may well differ in.
 */
public final class SfaDiff {

    private final List<SfaRow> onlyInA = new ArrayList<>();
    private final List<SfaRow> onlyInB = new ArrayList<>();
    private final List<SfaRow[]> verdictDiffers = new ArrayList<>();
    private final List<SfaRow[]> categoryDiffers = new ArrayList<>();
    private int same;

    public static SfaDiff of(List<SfaRow> a, List<SfaRow> b) {
        Map<String, SfaRow> inA = byKey(a);
        Map<String, SfaRow> inB = byKey(b);
        SfaDiff d = new SfaDiff();
        for (SfaRow fa : inA.values()) {
            SfaRow fb = inB.get(fa.key());
            if (fb == null) {
                d.onlyInA.add(fa);
            } else if (!fa.verdict().equals(fb.verdict())) {
                d.verdictDiffers.add(new SfaRow[] {fa, fb});
            } else if (!fa.category().equals(fb.category())) {
                d.categoryDiffers.add(new SfaRow[] {fa, fb});
            } else {
                d.same++;
            }
        }
        for (SfaRow fb : inB.values()) {
            if (!inA.containsKey(fb.key())) {
                d.onlyInB.add(fb);
            }
        }
        return d;
    }

    private static Map<String, SfaRow> byKey(List<SfaRow> fields) {
        Map<String, SfaRow> m = new TreeMap<>();
        for (SfaRow f : fields) {
            m.put(f.key(), f);
        }
        return m;
    }

    public boolean isEmpty() {
        return onlyInA.isEmpty() && onlyInB.isEmpty() && !hasChanges();
    }

    /** True if a field both results report is classified differently. */
    public boolean hasChanges() {
        return !verdictDiffers.isEmpty() || !categoryDiffers.isEmpty();
    }

    /** Fields reported identically by both. */
    public int same() {
        return same;
    }

    public int different() {
        return onlyInA.size() + onlyInB.size() + verdictDiffers.size() + categoryDiffers.size();
    }

    /** The report, changes first, then coverage; fields sorted by key. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("changes (fields both runs reached, classified differently; defects unless explained): "
            + (verdictDiffers.size() + categoryDiffers.size()));
        out.add("  verdict differs: " + verdictDiffers.size());
        for (SfaRow[] p : verdictDiffers) {
            out.add("    " + p[0].key() + "  A: " + p[0].outcome() + "  B: " + p[1].outcome());
        }
        out.add("  category differs (same verdict): " + categoryDiffers.size());
        for (SfaRow[] p : categoryDiffers) {
            out.add("    " + p[0].key() + "  A: " + p[0].outcome() + "  B: " + p[1].outcome());
        }
        out.add("coverage (fields only one run reached): " + (onlyInA.size() + onlyInB.size()));
        out.add("  only in A: " + onlyInA.size());
        for (SfaRow f : onlyInA) {
            out.add("    " + f.key() + "  " + f.outcome());
        }
        out.add("  only in B: " + onlyInB.size());
        for (SfaRow f : onlyInB) {
            out.add("    " + f.key() + "  " + f.outcome());
        }
        out.add("same: " + same + ", different: " + different());
        return out;
    }
}
