package io.taper.analysis.sfa.internal;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.state.SiteSlots;
import java.util.Arrays;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Maps each field-access site to its field, once, from the site's static context (field owner, name,
 * descriptor, declared-final), and binds the site to the state it updates so the controller can tell
 * when it is dead:
 *
 * <ul>
 *   <li>a read site updates the field's verdict only: dead once the field is non-stationary, or once it is
 *       settled (a fresh-settled write site of it says so) and its owner recorded;</li>
 *   <li>a write site also updates "written" and, unless the field is declared final (then the category
 *       is dF whatever happens), "written outside the constructor": dead once all of them are settled.
 *       Removing it earlier would lose a uF to ¬F change, and adaptive results must equal fixed ones;</li>
 *   <li>a fresh write (see {@code FreshWriteMarker}) only marks the field written: dead once it is; a
 *       fresh-settled one also tells, when it registers, that the field is settled;</li>
 *   <li>a read of a settled field (see {@code SettledReadMarker}) only marks it accessed: dead once it is.</li>
 * </ul>
 *
 * Mapping happens wherever a site is first needed (possibly inside a snippet); binding only where
 * sites are registered ({@link #bind}), because the runtime's binding code may link
 * {@code java.lang.invoke} on first use.
 */
final class SiteFields {

    private static final int CHUNK_BITS = 10;
    private static final int MASK = (1 << CHUNK_BITS) - 1;
    /** The table entry of a site that is not an SFA field access. */
    private static final Object OTHER = new Object();

    private volatile Object[][] chunks = new Object[0][];
    private final FieldTable fields;
    private final IntFunction<SiteInfo> lookup;

    /** @param lookup finds a site the listener has not delivered yet ({@code SiteRegistry::get}) */
    SiteFields(FieldTable fields, IntFunction<SiteInfo> lookup) {
        this.fields = fields;
        this.lookup = lookup;
    }

    /**
     * The site if it is already mapped, else null (also for other sites): array reads only, so it may run
     * outside the bypass.
     */
    SiteField peek(int site) {
        Object[][] c = chunks;
        int i = site >>> CHUNK_BITS;
        if (i < c.length) {
            Object[] a = c[i];
            if (a != null && a[site & MASK] instanceof SiteField f) {
                return f;
            }
        }
        return null;
    }

    /** The field-access site with this id, or null for any other site. */
    SiteField get(int site) {
        Object[][] c = chunks;
        int i = site >>> CHUNK_BITS;
        if (i < c.length) {
            Object[] a = c[i];
            if (a != null) {
                Object e = a[site & MASK];
                if (e instanceof SiteField f) {
                    return f;
                }
                if (e == OTHER) {
                    return null;
                }
            }
        }
        SiteInfo s = lookup.apply(site);      // registered but not delivered to the listener yet
        return s == null ? null : map(s);
    }

    /** Maps a site (idempotent); returns it, or null if it is not an SFA field-access site. */
    SiteField map(SiteInfo s) {
        SiteField f = create(s);
        store(s.id(), f == null ? OTHER : f);
        return f;
    }

    private SiteField create(SiteInfo s) {
        String kind = s.snippet();
        if (!SiteKinds.isFieldAccess(kind)) {
            return null;
        }
        Map<String, String> ctx = s.staticContext();
        String owner = ctx.get("field.owner");
        String name = ctx.get("field.name");
        String desc = ctx.get("field.desc");
        if (owner == null || name == null || desc == null || owner.isEmpty()) {
            return null;
        }
        boolean declaredFinal = "true".equals(ctx.get("field.final")) || SiteKinds.WRITE_FINAL.equals(kind)
            || SiteKinds.READ_FINAL.equals(kind);
        FieldState field = fields.field(owner, name, desc, declaredFinal);
        if (SiteKinds.WRITE_FRESH_SETTLED.equals(kind) && (field.bits() & FieldTable.SETTLED) == 0) {
            field.set(FieldTable.SETTLED);             // a static fact of the field, known from its class's bytes
        }
        return new SiteField(field, "<init>".equals(s.methodName()) && owner.equals(s.className()));
    }

    private synchronized void store(int site, Object entry) {
        if (site < 0) {
            return;
        }
        int i = site >>> CHUNK_BITS;
        Object[][] c = chunks;
        if (i >= c.length) {
            c = Arrays.copyOf(c, Math.max(i + 1, c.length * 2));
        }
        if (c[i] == null) {
            c[i] = new Object[1 << CHUNK_BITS];
        }
        c[i][site & MASK] = entry;
        chunks = c;               // volatile write: a reader that sees the chunk sees this entry
    }

    /** Forgets every site, as when new: after a detach the next session numbers its sites from zero. */
    synchronized void clear() {
        chunks = new Object[0][];
    }

    /** Sites by where their objects' read marks went: {with a shadow field, in the map, not yet known}. */
    long[] shadowCounts() {
        long[] n = new long[3];
        for (Object[] chunk : chunks) {
            if (chunk == null) {
                continue;
            }
            for (Object e : chunk) {
                if (e instanceof SiteField f) {
                    long s = f.shadow;
                    n[s >= 0 ? 0 : s == ShadowMarks.NONE ? 1 : 2]++;
                }
            }
        }
        return n;
    }

    /** Maps the site and records which field bits it updates, in {@code bindings}. */
    void bind(SiteInfo s, SiteSlots bindings) {
        SiteField f = map(s);
        if (f == null) {
            return;
        }
        int slot = f.field.slot;
        String kind = s.snippet();
        if (SiteKinds.READ_SETTLED.equals(kind)) {
            bindings.bind(s.id(), fields.classRecorded, slot);   // it can only mark the field accessed
            return;
        }
        if (SiteKinds.WRITE_FRESH.equals(kind) || SiteKinds.WRITE_FRESH_SETTLED.equals(kind)) {
            bindings.bind(s.id(), fields.written, slot);     // it cannot change the verdict or the category
            return;
        }
        if (!SiteKinds.isWrite(kind)) {
            bindings.bind(s.id(), fields.readsDone, slot);   // non-stationary, or settled and recorded
            return;
        }
        bindings.bind(s.id(), fields.nonStationary, slot);
        bindings.bind(s.id(), fields.written, slot);
        if (SiteKinds.WRITE.equals(kind)) {
            bindings.bind(s.id(), fields.writtenOutsideConstructor, slot);
        }
    }
}
