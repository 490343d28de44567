package io.taper.analysis.sfa.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.state.SiteSlots;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The state machine when objects carry shadow fields (declared here by hand, as the weaver declares them
 * at a class's first load): marks go into the objects, never into {@link InstanceMarks}, and verdicts
 * are the same as with the map. The surefire configuration exports {@code jdk.internal.misc}, as the
 * agent does in the observed JVM.
 */
class ShadowMarksTest {

    static class Base {
        int inherited;
        private transient Object $taper$sfa$inherited;
    }

    static class Shadowed extends Base {
        final int fin;
        int plain;
        int other;
        private transient Object $taper$sfa$fin;
        private transient Object $taper$sfa$plain;
        private transient Object $taper$sfa$other;

        Shadowed() {
            fin = 1;
        }
    }

    /** A subclass loaded "before the agent": no shadows of its own, it inherits Shadowed's. */
    static class Plain extends Shadowed {
        int own;
    }

    static final String SHADOWED = "io/taper/analysis/sfa/internal/ShadowMarksTest$Shadowed";
    static final String PLAIN = "io/taper/analysis/sfa/internal/ShadowMarksTest$Plain";
    static final String SHADOWED_NAME = "io.taper.analysis.sfa.internal.ShadowMarksTest$Shadowed";
    static final String BASE_NAME = "io.taper.analysis.sfa.internal.ShadowMarksTest$Base";
    static final String PLAIN_NAME = "io.taper.analysis.sfa.internal.ShadowMarksTest$Plain";

    private final Map<Integer, SiteInfo> registry = new ConcurrentHashMap<>();
    private final Stationarity state = new Stationarity(registry::get);
    private int nextSite = 1;

    private int site(String kind, String owner, String name, String desc) {
        Map<String, String> ctx = new HashMap<>();
        ctx.put("field.owner", owner);
        ctx.put("field.name", name);
        ctx.put("field.desc", desc);
        ctx.put("field.final", String.valueOf(kind.endsWith("Final")));
        SiteInfo s = new SiteInfo(nextSite++, 0, "some/Code", "run", "()V", 7, kind, "", true, ctx);
        registry.put(s.id(), s);
        state.onSite(s, new SiteSlots());
        return s.id();
    }

    private Map<String, String> verdicts() {
        Map<String, String> v = new java.util.TreeMap<>();
        for (Map<String, Object> r : FieldRows.of(state.fields(), true)) {
            v.put(r.get("class") + "." + r.get("field"), r.get("category") + " " + r.get("verdict"));
        }
        return v;
    }

    @Test
    void shadowFieldsAreUsableHere() {
        assertTrue(ShadowMarks.available(), "surefire must export jdk.internal.misc, as the agent does");
    }

    @Test
    void readMarksLiveInTheObjectAndAWriteAfterAReadIsNonStationary() {
        int r = site(SiteKinds.READ, SHADOWED, "plain", "I");
        int w = site(SiteKinds.WRITE, SHADOWED, "plain", "I");
        int w2 = site(SiteKinds.WRITE, SHADOWED, "other", "I");
        int r2 = site(SiteKinds.READ, SHADOWED, "other", "I");
        Shadowed a = new Shadowed();
        Shadowed b = new Shadowed();
        state.write(a, w2);
        state.read(a, r2);
        state.read(a, r2);
        state.read(a, r);
        state.read(a, r);
        state.write(b, w);        // another object: still stationary
        assertEquals(Map.of(SHADOWED_NAME + ".plain", "nF stationary", SHADOWED_NAME + ".other", "nF stationary"),
            verdicts());
        state.write(a, w);        // the object read before
        assertEquals(Map.of(SHADOWED_NAME + ".plain", "nF non-stationary", SHADOWED_NAME + ".other",
            "nF stationary"), verdicts());
        assertEquals(0, state.reads().liveObjects(), "no mark went to the map");
        assertTrue(registrySite(r).shadow >= 0);
    }

    @Test
    void aFinalFieldReadThroughAVirtualCallBeforeItsWriteIsNonStationary() {
        int r = site(SiteKinds.READ_FINAL, SHADOWED, "fin", "I");
        int w = site(SiteKinds.WRITE_FINAL, SHADOWED, "fin", "I");
        Shadowed o = new Shadowed();
        Shadowed p = new Shadowed();
        state.write(p, w);
        state.read(p, r);         // after its construction: nothing can follow
        assertEquals(Map.of(SHADOWED_NAME + ".fin", "dF stationary"), verdicts());
        state.read(o, r);         // e.g. from a super constructor, before the write
        state.write(o, w);
        assertEquals(Map.of(SHADOWED_NAME + ".fin", "dF non-stationary"), verdicts());
        assertEquals(0, state.reads().liveObjects());
    }

    @Test
    void anInheritedFieldNamedThroughASubclassUsesTheDeclaringClasssShadow() {
        int r = site(SiteKinds.READ, PLAIN, "inherited", "I");            // getfield Plain.inherited
        int w = site(SiteKinds.WRITE, SHADOWED, "inherited", "I");        // putfield Shadowed.inherited
        Plain o = new Plain();
        state.read(o, r);
        state.write(o, w);
        Map<String, String> v = verdicts();
        assertEquals("nF non-stationary", v.get(BASE_NAME + ".inherited"), v.toString());
        assertEquals(0, state.reads().liveObjects());
    }

    @Test
    void aFieldOfAClassWithoutShadowsFallsBackToTheMap() {
        int r = site(SiteKinds.READ, PLAIN, "own", "I");
        int w = site(SiteKinds.WRITE, PLAIN, "own", "I");
        Plain o = new Plain();
        state.read(o, r);
        state.write(o, w);
        assertEquals("nF non-stationary", verdicts().get(PLAIN_NAME + ".own"));
        assertEquals(1, state.reads().liveObjects());
        assertEquals(ShadowMarks.NONE, registrySite(r).shadow);
    }

    @Test
    void aReadSiteIsReadyOnceItsOwnerIsRecordedAndThenMarksItsObjectsItself() {
        int r = site(SiteKinds.READ, SHADOWED, "plain", "I");
        int w = site(SiteKinds.WRITE, SHADOWED, "plain", "I");
        int fin = site(SiteKinds.READ_FINAL, SHADOWED, "fin", "I");
        int own = site(SiteKinds.READ, PLAIN, "own", "I");
        ReadySites ready = state.readySites();
        Shadowed a = new Shadowed();
        Shadowed b = new Shadowed();
        Plain p = new Plain();
        state.read(a, r);                     // resolves the shadow, records the owner, marks a
        assertFalse(ready.marked(a, r), "not ready before an event has found the site settled in");
        state.read(a, r);
        assertTrue(ready.marked(a, r));
        long offset = registrySite(r).shadow;
        assertFalse(ShadowMarks.isRead(b, offset), "b was never read");
        Shadowed c = new Shadowed();
        assertTrue(ready.marked(c, r), "a ready site records a read in full: it sets the mark");
        assertTrue(ShadowMarks.isRead(c, offset));
        assertFalse(ready.marked(null, r), "a null receiver's read throws: the analysis decides");
        assertFalse(ready.marked(a, w), "the write site has had no event");
        state.read(p, own);
        state.read(p, own);
        assertFalse(ready.marked(p, own), "no shadow: the map keeps the mark, the analysis decides");
        state.read(a, fin);
        state.read(a, fin);
        assertTrue(ready.marked(a, fin), "a final field's read of a shadowed object is marked too");
        // what a skipped read would have done is already done: the write after it still finds the mark
        state.write(b, w);
        assertEquals("nF stationary", verdicts().get(SHADOWED_NAME + ".plain"));
        state.write(c, w);
        assertEquals("nF non-stationary", verdicts().get(SHADOWED_NAME + ".plain"), "c was marked by the site");
    }

    @Test
    void aWriteSiteIsReadyOnceOnlyAReadMarkCanChangeWhatItRecords() {
        int r = site(SiteKinds.READ, SHADOWED, "plain", "I");
        int w = site(SiteKinds.WRITE, SHADOWED, "plain", "I");
        int wOther = site(SiteKinds.WRITE, SHADOWED, "other", "I");
        int wFin = site(SiteKinds.WRITE_FINAL, SHADOWED, "fin", "I");
        ReadySites ready = state.readySites();
        Shadowed a = new Shadowed();
        Shadowed b = new Shadowed();
        state.write(a, w);                    // outside any constructor: the field is nF from here on
        assertFalse(ready.unmarked(a, w), "the first event recorded something: not ready");
        state.write(a, w);
        assertTrue(ready.unmarked(a, w));
        assertTrue(ready.unmarked(null, w), "a null receiver has nothing to record at a ready site");

        ConstructorStack.push(b);             // other: written only while its object is being built (uF)
        state.write(b, wOther);
        state.write(b, wOther);
        ConstructorStack.pop(b);
        assertFalse(ready.unmarked(b, wOther), "a uF field's next write may make it nF");
        assertEquals("uF stationary", verdicts().get(SHADOWED_NAME + ".other"));

        ConstructorStack.push(b);
        state.writeFinal(b, wFin);
        state.writeFinal(b, wFin);
        ConstructorStack.pop(b);
        assertTrue(ready.unmarked(b, wFin), "a declared-final field's category is dF whatever happens");

        state.read(b, r);                     // marks b.plain: the snippet now hands b's write to the analysis
        assertTrue(ready.unmarked(a, w));
        assertFalse(ready.unmarked(b, w));
        state.write(a, w);
        assertEquals("nF stationary", verdicts().get(SHADOWED_NAME + ".plain"));
        state.write(b, w);
        assertEquals("nF non-stationary", verdicts().get(SHADOWED_NAME + ".plain"));
    }

    @Test
    void aReadyReadSiteDoesNotTakeACloneForItsOriginal() {
        int r = site(SiteKinds.READ, SHADOWED, "plain", "I");
        Copyable original = new Copyable();
        state.read(original, r);
        state.read(original, r);
        assertTrue(state.readySites().marked(original, r));
        Copyable copy = original.clone();
        long offset = registrySite(r).shadow;
        assertFalse(ShadowMarks.isRead(copy, offset), "the copied shadow names the original");
        assertTrue(state.readySites().marked(copy, r));
        assertTrue(ShadowMarks.isRead(copy, offset), "the copy's read marks the copy itself");
    }

    @Test
    void readySitesBeyondTheFirstTableStillWork() {
        ReadySites ready = new ReadySites();
        Shadowed o = new Shadowed();
        int r = site(SiteKinds.READ, SHADOWED, "plain", "I");
        state.read(o, r);                     // marks o.plain
        long offset = registrySite(r).shadow;
        ready.ready(100_000, offset);
        ready.ready(5, offset);
        assertTrue(ready.marked(o, 100_000));
        assertTrue(ready.marked(o, 5));
        assertFalse(ready.marked(o, 6));
        assertFalse(ready.marked(o, 1 << 20));
        assertFalse(ready.marked(o, -1));
        ready.ready(7, 0);                    // never an offset: ignored
        assertFalse(ready.marked(o, 7));
        assertTrue(ready.isReady(5) && ready.isReady(100_000));
        assertFalse(ready.isReady(7) || ready.isReady(6) || ready.isReady(-1) || ready.isReady(1 << 20));
    }

    private SiteField registrySite(int id) {
        return state.sites().peek(id);
    }

    @Test
    void theMarkIsTheObjectInItsShadowField() throws Exception {
        int r = site(SiteKinds.READ, SHADOWED, "other", "I");
        Shadowed o = new Shadowed();
        state.read(o, r);
        java.lang.reflect.Field f = Shadowed.class.getDeclaredField("$taper$sfa$other");
        f.setAccessible(true);
        assertSame(o, f.get(o));
        assertNull(f.get(new Shadowed()));
    }

    /** Cloneable, as many a program's objects are (Xalan's walkers and iterators). */
    static final class Copyable extends Shadowed implements Cloneable {
        @Override
        public Copyable clone() {
            try {
                return (Copyable) super.clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void aCloneOfAReadObjectHasNotBeenReadItself() {
        int r = site(SiteKinds.READ, SHADOWED, "plain", "I");
        int w = site(SiteKinds.WRITE, SHADOWED, "plain", "I");
        Copyable original = new Copyable();
        state.write(original, w);
        state.read(original, r);
        Copyable copy = original.clone();    // copies the shadow field too
        state.write(copy, w);                // the copy's field: written before any read of it
        state.read(copy, r);
        assertEquals(Map.of(SHADOWED_NAME + ".plain", "nF stationary"), verdicts());
        state.write(original, w);
        assertEquals(Map.of(SHADOWED_NAME + ".plain", "nF non-stationary"), verdicts());
    }
}
