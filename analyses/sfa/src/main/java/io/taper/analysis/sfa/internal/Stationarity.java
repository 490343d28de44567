package io.taper.analysis.sfa.internal;

import static io.taper.analysis.sfa.internal.FieldTable.ACCESSED;
import static io.taper.analysis.sfa.internal.FieldTable.CLASS_RECORDED;
import static io.taper.analysis.sfa.internal.FieldTable.NON_STATIONARY;
import static io.taper.analysis.sfa.internal.FieldTable.WRITTEN;
import static io.taper.analysis.sfa.internal.FieldTable.WRITTEN_OUTSIDE_CONSTRUCTOR;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.state.SiteSlots;
import java.util.function.IntFunction;

/**
 * The stationary-field analysis: what each field-access event does to the state.
 *
 * <p>A field is non-stationary once some object's field is written after it was read (the per-instance
 * machine needs only "read seen": {@link InstanceMarks}). A write also tells the category: outside the
 * owning object's constructor ({@link ConstructorStack}) makes a non-final field ¬F.
 *
 * <p>Cheap paths, in the order they are tried: a field already non-stationary costs one load (fixed mode
 * keeps such sites; adaptive mode removes them). A read of a declared-final field is recorded only while
 * the object's constructor runs on this thread: a final field is written only by its class's
 * constructor, so a read after the constructor can never be followed by a write (javac-compiled code;
 * see the README for the limits).
 */
public final class Stationarity {

    private final FieldTable fields = new FieldTable();
    private final InstanceMarks reads = new InstanceMarks();
    private final SiteFields sites;

    public Stationarity(SiteSlots bindings, IntFunction<SiteInfo> lookup) {
        sites = new SiteFields(fields, bindings, lookup);
    }

    /** A site was registered: map and bind it now rather than on its first event. */
    public void onSite(SiteInfo site) {
        sites.map(site);
    }

    /** {@code getfield} of a field not known to be declared final. */
    public void read(Object receiver, int site) {
        if (receiver == null) {
            return;                                   // NullPointerException follows: no access
        }
        int p = sites.packed(site);
        if (p == 0) {
            return;
        }
        int f = p >>> 2;
        int s = fields.state(f);
        if ((s & NON_STATIONARY) != 0) {
            return;
        }
        if ((s & CLASS_RECORDED) == 0) {
            fields.recordOwner(f, receiver);
        }
        reads.mark(receiver, fields.member(f));
    }

    /** {@code getfield} of a declared-final field. */
    public void readFinal(Object receiver, int site) {
        if (receiver == null) {
            return;
        }
        int p = sites.packed(site);
        if (p == 0) {
            return;
        }
        int f = p >>> 2;
        int s = fields.state(f);
        if ((s & NON_STATIONARY) != 0) {
            return;
        }
        if ((s & CLASS_RECORDED) == 0) {
            fields.recordOwner(f, receiver);
        }
        if (ConstructorStack.contains(receiver)) {
            reads.mark(receiver, fields.member(f));
        }
    }

    /** {@code putfield} of a field not known to be declared final. */
    public void write(Object receiver, int site) {
        write(receiver, site, false);
    }

    /** {@code putfield} of a declared-final field: its category is dF whatever the constructor stack says. */
    public void writeFinal(Object receiver, int site) {
        write(receiver, site, true);
    }

    private void write(Object receiver, int site, boolean declaredFinal) {
        int p = sites.packed(site);
        if (p == 0) {
            return;
        }
        int f = p >>> 2;
        int s = fields.state(f);
        if (receiver == null) {
            // The uninitialised this (before super()): a constructor write to an object nobody has read.
            if ((p & SiteFields.OWN_CONSTRUCTOR) != 0 && (s & (ACCESSED | WRITTEN)) != (ACCESSED | WRITTEN)) {
                fields.set(f, ACCESSED | WRITTEN);
            }
            return;
        }
        if ((s & CLASS_RECORDED) == 0) {
            fields.recordOwner(f, receiver);
        }
        int add = WRITTEN;
        if (!declaredFinal && (s & WRITTEN_OUTSIDE_CONSTRUCTOR) == 0 && !ConstructorStack.contains(receiver)) {
            add |= WRITTEN_OUTSIDE_CONSTRUCTOR;
        }
        if ((s & NON_STATIONARY) == 0 && reads.isMarked(receiver, fields.member(f))) {
            add |= NON_STATIONARY;
        }
        if ((s & add) != add) {
            fields.set(f, add);
        }
    }

    public FieldTable fields() {
        return fields;
    }

    InstanceMarks reads() {
        return reads;
    }
}
