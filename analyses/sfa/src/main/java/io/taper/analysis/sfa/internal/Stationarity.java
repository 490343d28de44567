package io.taper.analysis.sfa.internal;

import static io.taper.analysis.sfa.internal.FieldTable.ACCESSED;
import static io.taper.analysis.sfa.internal.FieldTable.CLASS_RECORDED;
import static io.taper.analysis.sfa.internal.FieldTable.FINAL_HINT;
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

    /** @param lookup finds a registered site by id ({@code SiteRegistry::get}) */
    public Stationarity(IntFunction<SiteInfo> lookup) {
        sites = new SiteFields(fields, lookup);
    }

    /** A site was registered: map it and bind it to the field bits it updates. */
    public void onSite(SiteInfo site, SiteSlots bindings) {
        sites.bind(site, bindings);
    }

    /** Event kinds: the four field-access snippets. */
    public static final int READ = 0;
    public static final int READ_FINAL = 1;
    public static final int WRITE = 2;
    public static final int WRITE_FINAL = 3;
    public static final int WRITE_FRESH = 4;
    public static final int READ_SETTLED = 5;

    /**
     * One field access, of one of the four kinds. Snippets reach it through {@link FieldEvents}, behind
     * a virtual call the JIT cannot inline, so that the woven code at every site holds a call rather than
     * a copy of this logic and of everything it calls: inlined at thousands of sites, those copies made
     * the JIT compile for longer than the program ran.
     *
     * <ul>
     *   <li>{@code READ}: {@code getfield} of a field not known to be declared final;</li>
     *   <li>{@code READ_FINAL}: {@code getfield} of a declared-final field;</li>
     *   <li>{@code WRITE}: {@code putfield} of a field not known to be declared final;</li>
     *   <li>{@code WRITE_FINAL}: {@code putfield} of a declared-final field, whose category is dF
     *       whatever the constructor stack says;</li>
     *   <li>{@code READ_SETTLED}: {@code getfield} of a field that no write can follow (private, written
     *       only fresh): it only marks the field accessed;</li>
     *   <li>{@code WRITE_FRESH}: {@code putfield} to a constructor's own object that nothing can have seen
     *       yet (no read before it, inside the owner's constructor): it only marks the field written.</li>
     * </ul>
     */
    public void on(int kind, Object receiver, int site) {
        if (kind == READ_SETTLED) {
            SiteField sf;
            if (receiver != null && (sf = sites.get(site)) != null && (sf.field.bits() & CLASS_RECORDED) == 0) {
                recordOwner(sf.field, receiver);
            }
            return;
        }
        boolean write = kind >= WRITE;
        if (receiver == null && !write) {
            return;                                   // NullPointerException follows: no access
        }
        SiteField sf = sites.get(site);
        if (sf == null) {
            return;
        }
        FieldState f = sf.field;
        int s = f.bits();
        if (!write) {
            if ((s & NON_STATIONARY) != 0) {
                return;                               // settled: one load (fixed mode keeps such sites)
            }
            if (kind == READ && (s & FINAL_HINT) != 0) {
                kind = READ_FINAL;   // the weaver learnt the field is final after it wove this site
            }
            if (kind == READ) {
                InstanceMarks.Entry last = sf.last;
                if (last != null && last.refersTo(receiver)) {
                    return;                           // this site marked this object already
                }
            }
            if ((s & CLASS_RECORDED) == 0) {
                recordOwner(f, receiver);
            }
            if (kind == READ) {
                sf.last = reads.mark(receiver, sf.member);
            } else if (ConstructorStack.contains(receiver)) {
                reads.mark(receiver, sf.member);      // a final field read while its object is being built
            }
            return;
        }
        if (kind == WRITE_FRESH) {
            if (receiver != null && (s & CLASS_RECORDED) == 0) {
                recordOwner(f, receiver);
            }
            if ((s & (ACCESSED | WRITTEN)) != (ACCESSED | WRITTEN)) {
                f.set(ACCESSED | WRITTEN);
            }
            return;
        }
        if (receiver == null) {
            // The uninitialised this (before super()): a constructor write to an object nobody has read.
            if (sf.ownConstructor && (s & (ACCESSED | WRITTEN)) != (ACCESSED | WRITTEN)) {
                f.set(ACCESSED | WRITTEN);
            }
            return;
        }
        if ((s & CLASS_RECORDED) == 0) {
            recordOwner(f, receiver);
        }
        int add = WRITTEN;
        if (kind == WRITE && (s & WRITTEN_OUTSIDE_CONSTRUCTOR) == 0 && !ConstructorStack.contains(receiver)) {
            add |= WRITTEN_OUTSIDE_CONSTRUCTOR;
        }
        if ((s & NON_STATIONARY) == 0 && reads.isMarked(receiver, sf.member)) {
            add |= NON_STATIONARY;
        }
        if ((s & add) != add) {
            f.set(add);
        }
    }

    public void read(Object receiver, int site) {
        on(READ, receiver, site);
    }

    public void readFinal(Object receiver, int site) {
        on(READ_FINAL, receiver, site);
    }

    public void write(Object receiver, int site) {
        on(WRITE, receiver, site);
    }

    public void writeFinal(Object receiver, int site) {
        on(WRITE_FINAL, receiver, site);
    }

    public void writeFresh(Object receiver, int site) {
        on(WRITE_FRESH, receiver, site);
    }

    /**
     * First access with a receiver: finds the symbolic owner among the receiver's class and its super
     * classes (no class loading: they are loaded) and keeps it weakly for the rows.
     */
    private static void recordOwner(FieldState f, Object receiver) {
        String name = f.ref.ownerBinaryName;
        for (Class<?> c = receiver.getClass(); c != null; c = c.getSuperclass()) {
            if (c.getName().equals(name)) {
                f.owner(c);
                break;
            }
        }
        f.set(ACCESSED | CLASS_RECORDED);
    }

    public FieldTable fields() {
        return fields;
    }

    InstanceMarks reads() {
        return reads;
    }
}
