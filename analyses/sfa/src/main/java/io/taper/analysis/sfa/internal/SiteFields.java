package io.taper.analysis.sfa.internal;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.state.SiteSlots;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Maps each field-access site to its field slot, once, from the site's static context (field owner,
 * name, descriptor, declared-final), and binds the site to the state it updates so the controller can
 * tell when it is dead:
 *
 * <ul>
 *   <li>a read site updates the field's verdict only: dead once the field is non-stationary;</li>
 *   <li>a write site also updates "written" and, unless the field is declared final (then the category
 *       is dF whatever happens), "written outside the constructor": dead once all of them are settled.
 *       Removing it earlier would lose a uF to ¬F change, and adaptive results must equal fixed ones.</li>
 * </ul>
 *
 * The mapping is an int per site id: {@code field << 2 | OWN_CONSTRUCTOR | MAPPED}, 0 for unknown.
 */
final class SiteFields {

    static final int MAPPED = 1;
    /** The site is in a constructor of the field's owner: a null receiver is the uninitialised this. */
    static final int OWN_CONSTRUCTOR = 2;

    private final IntColumn packed = new IntColumn();
    private final FieldTable fields;
    private final SiteSlots bindings;
    private final IntFunction<SiteInfo> lookup;

    /**
     * @param bindings where site-to-slot bindings go ({@code SiteRegistry.slots()} in the observed JVM)
     * @param lookup   finds a site the listener has not delivered yet ({@code SiteRegistry::get})
     */
    SiteFields(FieldTable fields, SiteSlots bindings, IntFunction<SiteInfo> lookup) {
        this.fields = fields;
        this.bindings = bindings;
        this.lookup = lookup;
    }

    /** The packed mapping of a site (0 if it is not an SFA field-access site). */
    int packed(int site) {
        int p = packed.get(site);
        if (p != 0) {
            return p;
        }
        SiteInfo s = lookup.apply(site);      // registered but not delivered to the listener yet
        return s == null ? 0 : map(s);
    }

    /** Maps and binds a site (idempotent); returns its packed mapping, 0 for other sites. */
    int map(SiteInfo s) {
        String kind = s.snippet();
        if (!SiteKinds.isFieldAccess(kind)) {
            return 0;
        }
        Map<String, String> ctx = s.staticContext();
        String owner = ctx.get("field.owner");
        String name = ctx.get("field.name");
        String desc = ctx.get("field.desc");
        if (owner == null || name == null || desc == null || owner.isEmpty()) {
            return 0;
        }
        boolean declaredFinal = "true".equals(ctx.get("field.final"));
        int f = fields.slot(owner, name, desc, declaredFinal || SiteKinds.WRITE_FINAL.equals(kind)
            || SiteKinds.READ_FINAL.equals(kind));
        bindings.bind(s.id(), fields.nonStationary, f);
        if (SiteKinds.isWrite(kind)) {
            bindings.bind(s.id(), fields.written, f);
            if (SiteKinds.WRITE.equals(kind)) {
                bindings.bind(s.id(), fields.writtenOutsideConstructor, f);
            }
        }
        boolean ownConstructor = "<init>".equals(s.methodName()) && owner.equals(s.className());
        int p = f << 2 | (ownConstructor ? OWN_CONSTRUCTOR : 0) | MAPPED;
        packed.set(s.id(), p);
        return p;
    }
}
