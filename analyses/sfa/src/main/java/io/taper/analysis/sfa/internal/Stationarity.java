package io.taper.analysis.sfa.internal;

import static io.taper.analysis.sfa.internal.FieldTable.ACCESSED;
import static io.taper.analysis.sfa.internal.FieldTable.CLASS_RECORDED;
import static io.taper.analysis.sfa.internal.FieldTable.FINAL_HINT;
import static io.taper.analysis.sfa.internal.FieldTable.NON_STATIONARY;
import static io.taper.analysis.sfa.internal.FieldTable.SETTLED;
import static io.taper.analysis.sfa.internal.FieldTable.WRITTEN;
import static io.taper.analysis.sfa.internal.FieldTable.WRITTEN_OUTSIDE_CONSTRUCTOR;

import io.taper.runtime.Bypass;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.state.SiteSlots;
import java.util.LinkedHashMap;
import java.util.Map;
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
    private final ReadySites readySites = new ReadySites();
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
    public static final int WRITE_OWN = 6;

    /** A {@code putfield}: WRITE, WRITE_FINAL, WRITE_OWN or WRITE_FRESH. */
    private static boolean isWrite(int kind) {
        return kind == WRITE || kind == WRITE_FINAL || kind == WRITE_OWN || kind == WRITE_FRESH;
    }

    /** An access that never looks at its object's marks: WRITE_FRESH or READ_SETTLED. */
    private static boolean ignoresObjectMarks(int kind) {
        return kind == WRITE_FRESH || kind == READ_SETTLED;
    }

    /**
     * One field access. Snippets reach it through {@link FieldEvents} from wrappers the JIT never inlines
     * into woven code. The snippets do not enter the bypass ({@code @ManualBypass}): this method first
     * tries the cases with nothing to record, reading only this analysis's own arrays and fields, and
     * enters the bypass only to record something (which may run JDK code, whose snippets must not fire).
     *
     * <ul>
     *   <li>{@code READ}: {@code getfield} of a field not known to be declared final;</li>
     *   <li>{@code READ_FINAL}: {@code getfield} of a declared-final field;</li>
     *   <li>{@code WRITE}: {@code putfield} of a field not known to be declared final;</li>
     *   <li>{@code WRITE_FINAL}: {@code putfield} of a declared-final field, whose category is dF
     *       whatever the constructor stack says;</li>
     *   <li>{@code WRITE_OWN}: {@code putfield} to a constructor's own object (not fresh): inside the object's
     *       constructor by construction, so it never asks the constructor stack;</li>
     *   <li>{@code READ_SETTLED}: {@code getfield} of a field that no write can follow (private, written
     *       only fresh): it only marks the field accessed;</li>
     *   <li>{@code WRITE_FRESH}: {@code putfield} to a constructor's own object that nothing can have seen
     *       yet (no read before it, inside the owner's constructor): it only marks the field written.</li>
     * </ul>
     */
    public void on(int kind, Object receiver, int site) {
        SiteField sf = sites.peek(site);
        if (sf != null && receiver != null) {
            // A site decides where its objects' marks go at its first event, in record(): until then, no
            // shortcut (a read that skipped it would leave the site unresolved, marking nowhere).
            long shadow = sf.shadow;
            int s = sf.field.bits();
            if (shadow >= 0 ? nothingElseToRecord(kind, receiver, shadow, s)
                : (shadow == ShadowMarks.NONE || ignoresObjectMarks(kind)) && nothingToRecord(kind, receiver, sf, s, reads)) {
                if (shadow >= 0 && becomesReady(kind, s) && !readySites.isReady(site)) {
                    readySites.ready(site, shadow);   // the snippets test the mark themselves now
                }
                return;
            }
        }
        int[] cell = Bypass.enterCell();
        if (cell == null) {
            return;                                   // inside analysis code: its accesses are not the program's
        }
        try {
            record(kind, receiver, site);
        } finally {
            Bypass.exit(cell);
        }
    }

    /**
     * A site of this kind whose event found nothing to record, with the field's bits {@code s}, may leave the
     * test to its snippet ({@link ReadySites}): a read once the owner is recorded, a write once nothing but an
     * object's read mark can change what it records.
     */
    private static boolean becomesReady(int kind, int s) {
        switch (kind) {
            case READ:
            case READ_FINAL:
                return (s & CLASS_RECORDED) != 0;
            case WRITE:
                return (s & (UNCHANGED_WRITE_BITS | WRITTEN_OUTSIDE_CONSTRUCTOR))
                    == (UNCHANGED_WRITE_BITS | WRITTEN_OUTSIDE_CONSTRUCTOR);
            case WRITE_FINAL:
                return (s & FINAL_WRITE_BITS) == FINAL_WRITE_BITS;
            case WRITE_OWN:
                return (s & UNCHANGED_WRITE_BITS) == UNCHANGED_WRITE_BITS;
            default:
                return false;
        }
    }

    /**
     * The event cannot change the state: decided from plain reads of the analysis's own tables (the
     * identity map's lookups take no lock and run no JDK code), without entering the bypass.
     */
    private static boolean nothingToRecord(int kind, Object receiver, SiteField sf, int s, InstanceMarks reads) {
        switch (kind) {
            case READ: {
                if ((s & NON_STATIONARY) != 0 || (s & SETTLED_RECORDED) == SETTLED_RECORDED) {
                    return true;                      // settled: one load (fixed mode keeps such sites)
                }
                if ((s & FINAL_HINT) != 0) {
                    return nothingToRecord(READ_FINAL, receiver, sf, s, reads);
                }
                InstanceMarks.Entry last = sf.last;
                if (last != null && last.refersTo(receiver)) {
                    return true;                      // this site marked this object last
                }
                if ((s & CLASS_RECORDED) == 0) {
                    return false;
                }
                // Marked already, by another site or before this site's last object (reflection's Field
                // objects, read in turn by Field.get/set): the lookup without the bypass and the record.
                InstanceMarks.Entry marked = reads.markedEntry(receiver, sf.member);
                if (marked == null) {
                    return false;
                }
                sf.last = marked;
                return true;
            }
            case READ_FINAL:
                // recorded only while the object's constructor runs: the stack is the analysis's own state
                return (s & NON_STATIONARY) != 0 || (s & SETTLED_RECORDED) == SETTLED_RECORDED
                    || (s & CLASS_RECORDED) != 0 && !ConstructorStack.contains(receiver);
            case READ_SETTLED:
                return (s & CLASS_RECORDED) != 0;
            case WRITE_FRESH:
                return (s & (CLASS_RECORDED | WRITTEN)) == (CLASS_RECORDED | WRITTEN);
            case WRITE:
            case WRITE_OWN:
                if ((s & ALL_WRITE_BITS) == ALL_WRITE_BITS) {
                    return true;
                }
                if ((s & UNCHANGED_WRITE_BITS) != UNCHANGED_WRITE_BITS || !keepsCategory(kind, s, receiver)) {
                    return false;
                }
                // A stationary field stays so unless this object's field was read: the same question as
                // record() asks, of the constructor's buffer and the map.
                return (s & NON_STATIONARY) != 0
                    || !ConstructorStack.frames().hasMark(receiver, sf.member) && !reads.isMarked(receiver, sf.member);
            case WRITE_FINAL:
                return (s & (ALL_WRITE_BITS & ~WRITTEN_OUTSIDE_CONSTRUCTOR))
                    == (ALL_WRITE_BITS & ~WRITTEN_OUTSIDE_CONSTRUCTOR);
            default:
                return false;
        }
    }

    /**
     * A write (WRITE or WRITE_OWN) adds no category bit: it is an own write, which runs in its object's constructor
     * by construction; the field is ¬F already; or the write happens inside its object's constructor (the uF
     * fields' writes: {@code AbstractPipeline.depth}, what a constructor's helper such as
     * {@code DecimalFormatSymbols.initialize} sets). The stack is the analysis's own state.
     */
    private static boolean keepsCategory(int kind, int s, Object receiver) {
        return kind == WRITE_OWN || (s & WRITTEN_OUTSIDE_CONSTRUCTOR) != 0 || ConstructorStack.contains(receiver);
    }

    /**
     * {@link #nothingToRecord} for a site whose objects have shadow fields ({@link ShadowMarks}): a read
     * marks its object itself, a plain byte store, so only an object's first read of a field, or a write
     * that finds one, needs the slow path. Declared-final reads are marked too: cheaper than asking
     * whether the object's constructor is running, and just as exact (no write follows a read made after it).
     */
    private static boolean nothingElseToRecord(int kind, Object receiver, long shadow, int s) {
        switch (kind) {
            case READ:
            case READ_FINAL:
                if ((s & NON_STATIONARY) != 0) {
                    return true;
                }
                if ((s & CLASS_RECORDED) == 0) {
                    return false;
                }
                ShadowMarks.markRead(receiver, shadow);
                return true;
            case WRITE:
            case WRITE_OWN:
                if ((s & NON_STATIONARY) == 0 && ShadowMarks.isRead(receiver, shadow)) {
                    return false;
                }
                return (s & UNCHANGED_WRITE_BITS) == UNCHANGED_WRITE_BITS && keepsCategory(kind, s, receiver);
            case WRITE_FINAL:
                if ((s & NON_STATIONARY) == 0 && ShadowMarks.isRead(receiver, shadow)) {
                    return false;
                }
                return (s & FINAL_WRITE_BITS) == FINAL_WRITE_BITS;
            default:
                return nothingToRecord(kind, receiver, null, s, null);
        }
    }

    /** A settled field whose owner is recorded: its reads have nothing left to record (without shadow fields). */
    private static final int SETTLED_RECORDED = SETTLED | CLASS_RECORDED;

    /** The bits a declared-final write sets besides the verdict (its category is dF whatever happens). */
    private static final int FINAL_WRITE_BITS = ACCESSED | CLASS_RECORDED | WRITTEN;

    /** The bits every write sets besides the category and the verdict. */
    private static final int UNCHANGED_WRITE_BITS = ACCESSED | CLASS_RECORDED | WRITTEN;

    /** Every bit a write can set: once all are, a write has nothing left to record. */
    private static final int ALL_WRITE_BITS = ACCESSED | CLASS_RECORDED | WRITTEN | WRITTEN_OUTSIDE_CONSTRUCTOR
        | NON_STATIONARY;

    /** The event's effect on the state; inside the bypass. */
    private void record(int kind, Object receiver, int site) {
        if (kind == READ_SETTLED) {
            SiteField sf;
            if (receiver != null && (sf = sites.get(site)) != null && (sf.field.bits() & CLASS_RECORDED) == 0) {
                recordOwner(sf.field, receiver);
            }
            return;
        }
        boolean write = isWrite(kind);   // READ_SETTLED was handled above
        if (receiver == null && !write) {
            return;                                   // NullPointerException follows: no access
        }
        SiteField sf = sites.get(site);
        if (sf == null) {
            return;
        }
        FieldState f = sf.field;
        int s = f.bits();
        long shadow = receiver == null || ignoresObjectMarks(kind) ? ShadowMarks.NONE : shadow(sf, receiver);
        if (!write) {
            if ((s & NON_STATIONARY) != 0) {
                return;                               // settled: one load (fixed mode keeps such sites)
            }
            if (kind == READ && (s & FINAL_HINT) != 0) {
                kind = READ_FINAL;   // the weaver learnt the field is final after it wove this site
            }
            if (kind == READ && shadow < 0) {
                InstanceMarks.Entry last = sf.last;
                if (last != null && last.refersTo(receiver)) {
                    return;                           // this site marked this object already
                }
            }
            if ((s & CLASS_RECORDED) == 0) {
                recordOwner(f, receiver);
                if ((f.bits() & NON_STATIONARY) != 0) {
                    return;                           // another reference to the field settled it already
                }
            }
            if (shadow >= 0) {
                ShadowMarks.markRead(receiver, shadow);   // a plain store, and later reads test it inline
            } else if ((f.bits() & SETTLED) != 0) {
                return;                               // no write can follow: no mark to keep in the map
            } else if (kind == READ) {
                sf.last = reads.mark(receiver, sf.member);
            } else if (ConstructorStack.contains(receiver)) {
                markFinalRead(receiver, sf.member);   // a final field read while its object is being built
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
        if ((s & NON_STATIONARY) == 0) {
            if (shadow >= 0 ? ShadowMarks.isRead(receiver, shadow)
                : ConstructorStack.frames().hasMark(receiver, sf.member) || reads.isMarked(receiver, sf.member)) {
                add |= NON_STATIONARY;
            }
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

    public void writeOwn(Object receiver, int site) {
        on(WRITE_OWN, receiver, site);
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
     * A final field's read mark, made while its object is being built: into this thread's buffer
     * ({@link ConstructorStack.Frames}), which spills into the shared map when full.
     */
    private void markFinalRead(Object o, int member) {
        ConstructorStack.Frames f = ConstructorStack.frames();
        if (!f.addMark(o, member)) {
            for (int i = 0; i < f.marks; i++) {
                reads.mark(f.markedObjects[i], f.markedMembers[i]);
            }
            f.clearMarks();
            f.addMark(o, member);
        }
    }

    /** The site's shadow offset, resolved at its first event with a receiver (inside the bypass). */
    private static long shadow(SiteField sf, Object receiver) {
        long shadow = sf.shadow;
        if (shadow == ShadowMarks.UNRESOLVED) {
            FieldState.Resolution r = ShadowMarks.resolve(sf.field, receiver.getClass());
            shadow = r == null ? ShadowMarks.NONE : r.shadowOffset;
            sf.shadow = shadow;
        }
        return shadow;
    }

    /**
     * First access with a receiver: finds the symbolic owner among the receiver's class and its super
     * classes (no class loading: they are loaded), keeps it weakly for the rows, and joins the other
     * references to the same declared field ({@link FieldGroup}).
     */
    private void recordOwner(FieldState f, Object receiver) {
        FieldState.Resolution r = ShadowMarks.resolve(f, receiver.getClass());
        Class<?> owner = r == null ? null : r.get();
        if (owner != null) {
            f.owner(owner);
            Class<?> declaring = r.declaring();
            if (declaring != null) {
                fields.join(f, declaring);
            }
        }
        f.set(ACCESSED | CLASS_RECORDED);
    }

    /**
     * Forgets every site, field and per-object mark, as when new: after a detach the next session numbers its sites
     * from zero and has seen no access yet. Marks kept in the program's objects' shadow fields ({@link ShadowMarks})
     * stay: nothing finds those objects. A read marked there before the detach and a write after a later attach make
     * the field non-stationary, as the object's history says.
     */
    public void reset() {
        readySites.clear();
        sites.clear();
        reads.clear();
        fields.clear();
    }

    /** The sites whose snippets decide for themselves ({@link ReadySites}). */
    public ReadySites readySites() {
        return readySites;
    }

    /** The bytes of the analysis's tables: fields, per-object read marks. */
    public long stateBytes() {
        return fields.bytes() + reads.bytes();
    }

    public FieldTable fields() {
        return fields;
    }

    InstanceMarks reads() {
        return reads;
    }

    SiteFields sites() {
        return sites;
    }

    /**
     * Where the per-instance read marks went, for the summary: field-access sites whose objects carry
     * shadow fields, sites whose objects use the identity map (classes loaded before the agent), sites
     * that never saw an object, and the live objects in the map.
     */
    public Map<String, Object> markStats() {
        long[] n = sites.shadowCounts();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sitesWithShadowFields", n[0]);
        m.put("sitesWithIdentityMap", n[1]);
        m.put("sitesWithoutObject", n[2]);
        m.put("objectsInIdentityMap", (long) reads.liveObjects());
        return m;
    }
}
