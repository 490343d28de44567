package io.taper.analysis.sfa.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.state.SiteSlots;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The analysis's state machine, driven directly with the events woven code would send. */
class StationarityTest {

    static class Base {
        int inherited;
    }

    static class Sub extends Base {
        final int fin;
        int plain;
        long wide;

        Sub() {
            fin = 1;
        }
    }

    static final String BASE = "io/taper/analysis/sfa/internal/StationarityTest$Base";
    static final String SUB = "io/taper/analysis/sfa/internal/StationarityTest$Sub";
    static final String SUB_NAME = "io.taper.analysis.sfa.internal.StationarityTest$Sub";
    static final String BASE_NAME = "io.taper.analysis.sfa.internal.StationarityTest$Base";

    private final Map<Integer, SiteInfo> registry = new ConcurrentHashMap<>();
    private final SiteSlots bindings = new SiteSlots();
    private final Stationarity state = new Stationarity(registry::get);
    private int nextSite = 1;

    private int site(String kind, String owner, String name, String desc, boolean declaredFinal, String inClass,
                     String inMethod) {
        Map<String, String> ctx = new HashMap<>();
        ctx.put("field.owner", owner);
        ctx.put("field.name", name);
        ctx.put("field.desc", desc);
        ctx.put("field.final", String.valueOf(declaredFinal));
        SiteInfo s = new SiteInfo(nextSite++, 0, inClass, inMethod, "()V", 7, kind, "", true, ctx);
        registry.put(s.id(), s);
        state.onSite(s, bindings);
        return s.id();
    }

    private int site(String kind, String owner, String name, String desc) {
        return site(kind, owner, name, desc, kind.endsWith("Final"), "some/Code", "run");
    }

    private List<Map<String, Object>> rows() {
        return FieldRows.of(state.fields(), true);
    }

    private static Map<String, Object> row(String cls, String field, String desc, String category, String verdict,
                                           boolean written) {
        Map<String, Object> r = new java.util.LinkedHashMap<>();
        r.put("class", cls);
        r.put("field", field);
        r.put("descriptor", desc);
        r.put("category", category);
        r.put("verdict", verdict);
        r.put("written", written);
        return r;
    }

    @Test
    void writesBeforeReadsOutsideTheConstructorAreStationaryNotFinal() {
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        Sub o = new Sub();
        state.write(o, w);        // an init() after construction
        state.write(o, w);
        state.read(o, r);
        state.read(o, r);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "nF", "stationary", true)), rows());
    }

    @Test
    void aWriteAfterAReadOfTheSameObjectIsNonStationaryForGood() {
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        Sub o = new Sub();
        state.read(o, r);
        state.write(o, w);
        Sub p = new Sub();
        state.write(p, w);        // later well-behaved objects change nothing
        state.read(p, r);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "nF", "non-stationary", true)), rows());
    }

    @Test
    void readingOneObjectThenWritingAnotherStaysStationary() {
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        Sub a = new Sub();
        Sub b = new Sub();
        state.read(a, r);
        state.write(b, w);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "nF", "stationary", true)), rows());
    }

    @Test
    void writesOnlyWhileTheObjectsConstructorRunsAreUndeclaredFinal() {
        int w = site(SiteKinds.WRITE, SUB, "wide", "J");
        int r = site(SiteKinds.READ, SUB, "wide", "J");
        Sub o = new Sub();
        ConstructorStack.push(o);
        state.write(o, w);        // the constructor itself
        Sub other = new Sub();
        ConstructorStack.push(other);
        state.write(o, w);        // a helper, under a nested construction: o's constructor is still running
        ConstructorStack.pop(other);
        ConstructorStack.pop(o);
        state.read(o, r);
        assertEquals(List.of(row(SUB_NAME, "wide", "J", "uF", "stationary", true)), rows());
    }

    @Test
    void constructorWritesKeepTheFieldUndeclaredFinalUntilAWriteOutsideAnyConstructor() {
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        for (int i = 0; i < 3; i++) {
            Sub o = new Sub();
            ConstructorStack.push(o);
            state.write(o, w);    // after the first, nothing to record: decided before the bypass
            state.write(o, w);
            ConstructorStack.pop(o);
        }
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "uF", "stationary", true)), rows());
        Sub late = new Sub();
        Sub building = new Sub();
        ConstructorStack.push(building);
        state.write(late, w);     // another object's constructor runs, not late's
        ConstructorStack.pop(building);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "nF", "stationary", true)), rows());
    }

    @Test
    void readsThatOtherSitesMarkedAreSeenAndUnmarkedObjectsStillGetTheirMark() {
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        int r1 = site(SiteKinds.READ, SUB, "plain", "I");
        int r2 = site(SiteKinds.READ, SUB, "plain", "I");
        Sub a = new Sub();
        Sub b = new Sub();
        Sub c = new Sub();
        state.read(a, r1);
        state.read(b, r1);
        state.read(a, r2);        // marked by r1 before its last object: found in the map
        state.read(a, r1);
        state.write(b, w);        // b was read: the field is non-stationary
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "nF", "non-stationary", true)), rows());

        int w2 = site(SiteKinds.WRITE, SUB, "wide", "J");
        int r3 = site(SiteKinds.READ, SUB, "wide", "J");
        state.read(a, r3);
        state.read(b, r3);
        state.read(c, r2);        // another field's mark on c
        state.write(c, w2);       // c's wide was never read
        assertEquals(row(SUB_NAME, "wide", "J", "nF", "stationary", true), rows().get(1));
        state.read(c, r3);        // not marked yet, though the map knows c and the member: recorded
        state.write(c, w2);
        assertEquals(row(SUB_NAME, "wide", "J", "nF", "non-stationary", true), rows().get(1));
    }

    @Test
    void aWriteToAnotherObjectFromAConstructorIsOutsideThatObjectsConstructor() {
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        Sub constructed = new Sub();
        Sub other = new Sub();
        ConstructorStack.push(constructed);
        state.write(other, w);
        ConstructorStack.pop(constructed);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "nF", "stationary", true)), rows());
    }

    @Test
    void readThenWriteInsideTheConstructorIsNonStationaryUndeclaredFinal() {
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        Sub o = new Sub();
        ConstructorStack.push(o);
        state.write(o, w);
        state.read(o, r);         // plain++
        state.write(o, w);
        ConstructorStack.pop(o);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "uF", "non-stationary", true)), rows());
    }

    @Test
    void ownWritesNeverAskTheConstructorStackAndCountOnlyAfterARead() {
        int own = site(SiteKinds.WRITE_OWN, SUB, "plain", "I", false, SUB, "<init>");
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        Sub a = new Sub();
        Sub b = new Sub();
        state.writeOwn(a, own);   // no frame pushed (the marker may have left it out): inside the constructor still
        state.writeOwn(b, own);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "uF", "stationary", true)), rows());
        assertFalse(bindings.isDead(own));
        state.read(a, r);
        state.writeOwn(b, own);   // another object's read says nothing about b
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "uF", "stationary", true)), rows());
        state.writeOwn(a, own);   // a's field read, then written: non-stationary, and still uF
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "uF", "non-stationary", true)), rows());
        assertTrue(bindings.isDead(own), "an own write can change neither the verdict nor the category now");
        assertFalse(bindings.isDead(site(SiteKinds.WRITE, SUB, "plain", "I")), "a write elsewhere may still make nF");
    }

    @Test
    void aFinalFieldReadBeforeItsAssignmentFromTheSuperConstructorIsNonStationary() {
        int w = site(SiteKinds.WRITE_FINAL, SUB, "fin", "I");
        int r = site(SiteKinds.READ_FINAL, SUB, "fin", "I");
        Sub o = new Sub();
        ConstructorStack.push(o);  // Base(): calls an overridden method that reads fin
        state.readFinal(o, r);
        ConstructorStack.pop(o);
        ConstructorStack.push(o);  // Sub(): assigns fin
        state.writeFinal(o, w);
        ConstructorStack.pop(o);
        assertEquals(List.of(row(SUB_NAME, "fin", "I", "dF", "non-stationary", true)), rows());
    }

    @Test
    void finalReadMarksStayExactWhenTheThreadsBufferSpills() {
        int w = site(SiteKinds.WRITE_FINAL, SUB, "fin", "I");
        int r = site(SiteKinds.READ_FINAL, SUB, "fin", "I");
        Sub o = new Sub();
        ConstructorStack.push(o);  // Base(): reads fin through an overridden method, then builds many objects
        state.readFinal(o, r);
        for (int i = 0; i < ConstructorStack.MARKS + 8; i++) {
            Sub p = new Sub();
            ConstructorStack.push(p);
            state.writeFinal(p, w);
            state.readFinal(p, r);
            ConstructorStack.pop(p);
        }
        ConstructorStack.pop(o);
        assertTrue(state.reads().liveObjects() > 0, "the buffer spilled into the map");
        ConstructorStack.push(o);  // Sub(): assigns fin
        state.writeFinal(o, w);
        ConstructorStack.pop(o);
        assertEquals(List.of(row(SUB_NAME, "fin", "I", "dF", "non-stationary", true)), rows());
    }

    @Test
    void finalReadMarksOfObjectsUnderConstructionStayOutOfTheSharedMap() {
        int w = site(SiteKinds.WRITE_FINAL, SUB, "fin", "I");
        int r = site(SiteKinds.READ_FINAL, SUB, "fin", "I");
        Sub o = new Sub();
        ConstructorStack.push(o);
        state.writeFinal(o, w);
        state.readFinal(o, r);
        ConstructorStack.pop(o);
        assertEquals(1, ConstructorStack.frames().marks);
        Sub p = new Sub();
        ConstructorStack.push(p);  // the next outermost construction: o is built, its marks are dropped
        assertEquals(0, ConstructorStack.frames().marks);
        ConstructorStack.pop(p);
        assertEquals(0, state.reads().liveObjects());
        assertEquals(List.of(row(SUB_NAME, "fin", "I", "dF", "stationary", true)), rows());
    }

    @Test
    void finalFieldReadsAfterConstructionAreStationary() {
        int w = site(SiteKinds.WRITE_FINAL, SUB, "fin", "I");
        int r = site(SiteKinds.READ_FINAL, SUB, "fin", "I");
        Sub o = new Sub();
        ConstructorStack.push(o);
        state.writeFinal(o, w);
        ConstructorStack.pop(o);
        state.readFinal(o, r);
        Sub p = new Sub();
        ConstructorStack.push(p);
        state.writeFinal(p, w);
        state.readFinal(p, r);     // read after the assignment, still in the constructor
        ConstructorStack.pop(p);
        assertEquals(List.of(row(SUB_NAME, "fin", "I", "dF", "stationary", true)), rows());
    }

    @Test
    void declaredFinalComesFromTheClassNotFromTheSiteKind() {
        int r = site(SiteKinds.READ, SUB, "fin", "I", false, "some/Code", "run");   // weaver did not know
        state.read(new Sub(), r);
        assertEquals(List.of(row(SUB_NAME, "fin", "I", "dF", "stationary", false)), rows());
    }

    @Test
    void aGeneralReadSiteOfAFieldKnownFinalElsewhereTakesTheFinalPath() {
        int r = site(SiteKinds.READ, SUB, "fin", "I", false, "some/Code", "run");    // woven before Sub was seen
        int w = site(SiteKinds.WRITE_FINAL, SUB, "fin", "I");                        // Sub's own constructor
        Sub o = new Sub();
        ConstructorStack.push(o);
        state.writeFinal(o, w);
        ConstructorStack.pop(o);
        state.read(o, r);          // after construction: a final field cannot be written again
        assertEquals(0, state.reads().liveObjects(), "no read mark needed");
        Sub p = new Sub();
        ConstructorStack.push(p);
        state.read(p, r);          // while p is being built: recorded, and the assignment after it counts
        state.writeFinal(p, w);
        ConstructorStack.pop(p);
        assertEquals(List.of(row(SUB_NAME, "fin", "I", "dF", "non-stationary", true)), rows());
    }

    @Test
    void aWriteToTheUninitialisedThisIsAConstructorWrite() {
        int pre = site(SiteKinds.WRITE, SUB, "plain", "I", false, SUB, "<init>");
        state.write(null, pre);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "uF", "stationary", true)), rows());
    }

    @Test
    void aNullReceiverOutsideTheOwnersConstructorIsNoAccess() {
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        state.write(null, w);     // NullPointerException
        state.read(null, r);
        assertEquals(List.of(), rows());
    }

    @Test
    void referencesThroughSubclassAndSuperclassAreOneFieldOfTheDeclaringClass() {
        int readViaSub = site(SiteKinds.READ, SUB, "inherited", "I");
        int writeViaBase = site(SiteKinds.WRITE, BASE, "inherited", "I");
        Sub o = new Sub();
        state.read(o, readViaSub);
        state.write(o, writeViaBase);
        assertEquals(List.of(row(BASE_NAME, "inherited", "I", "nF", "non-stationary", true)), rows());
    }

    @Test
    void snapshotRowsResolveByNameWithoutReflectionToTheSameRows() {
        int readViaSub = site(SiteKinds.READ, SUB, "inherited", "I");
        int writeViaBase = site(SiteKinds.WRITE, BASE, "inherited", "I");
        int finalWrite = site(SiteKinds.WRITE_FINAL, SUB, "fin", "I");
        int finalRead = site(SiteKinds.READ_FINAL, SUB, "fin", "I");
        Sub o = new Sub();
        ConstructorStack.push(o);
        state.writeFinal(o, finalWrite);
        ConstructorStack.pop(o);
        state.readFinal(o, finalRead);
        state.read(o, readViaSub);
        state.write(o, writeViaBase);
        List<Map<String, Object>> expected = List.of(
            row(BASE_NAME, "inherited", "I", "nF", "non-stationary", true),
            row(SUB_NAME, "fin", "I", "dF", "stationary", true));
        assertEquals(expected, rows());
        assertEquals(expected, FieldRows.of(state.fields(), false));
    }

    @Test
    void anOwnerNeverSeenWithAReceiverKeepsItsSymbolicNameAndFinalHint() {
        int pre = site(SiteKinds.WRITE_FINAL, "gone/Owner", "x", "Ljava/lang/String;", true, "gone/Owner", "<init>");
        state.writeFinal(null, pre);
        assertEquals(List.of(row("gone.Owner", "x", "Ljava/lang/String;", "dF", "stationary", true)), rows());
    }

    @Test
    void otherSitesAreIgnored() {
        int enter = site(SiteKinds.CONSTRUCTOR_ENTER, SUB, "", "");
        state.read(new Sub(), enter);
        state.write(new Sub(), 999);              // never registered
        assertEquals(List.of(), rows());
        assertFalse(bindings.isBound(enter));
    }

    @Test
    void aSiteTheListenerHasNotDeliveredIsLookedUp() {
        Map<String, String> ctx = Map.of("field.owner", SUB, "field.name", "plain", "field.desc", "I",
            "field.final", "false");
        registry.put(500, new SiteInfo(500, 0, "some/Code", "run", "()V", 3, SiteKinds.READ, "", true, ctx));
        state.read(new Sub(), 500);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "uF", "stationary", false)), rows());
        assertFalse(bindings.isBound(500), "binding waits for the listener (the registering thread)");
    }

    @Test
    void readSitesDieWithTheVerdictWriteSitesAlsoNeedTheCategorySettled() {
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        int rf = site(SiteKinds.READ_FINAL, SUB, "fin", "I");
        int wf = site(SiteKinds.WRITE_FINAL, SUB, "fin", "I");
        Sub o = new Sub();
        ConstructorStack.push(o);
        state.write(o, w);
        state.read(o, r);
        state.write(o, w);         // non-stationary, still uF
        state.readFinal(o, rf);
        state.writeFinal(o, wf);   // non-stationary dF
        ConstructorStack.pop(o);
        assertTrue(bindings.isDead(r));
        assertFalse(bindings.isDead(w), "a later write outside the constructor would make it nF");
        assertTrue(bindings.isDead(rf));
        assertTrue(bindings.isDead(wf), "declared final: the category cannot change");
        state.write(o, w);         // outside the constructor
        assertTrue(bindings.isDead(w));
        assertEquals(List.of(row(SUB_NAME, "fin", "I", "dF", "non-stationary", true),
            row(SUB_NAME, "plain", "I", "nF", "non-stationary", true)), rows());
    }

    /**
     * A fresh-settled write site tells that its class writes the field only fresh: reads elsewhere, which the
     * weaver could not judge, keep no marks from then on, and their sites die once the owner is recorded.
     */
    @Test
    void readsOfASettledFieldKeepNoMarksAndTheirSitesDieOnceTheOwnerIsRecorded() {
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        int rf = site(SiteKinds.READ_FINAL, SUB, "fin", "I");
        Sub o = new Sub();
        state.read(o, r);
        assertEquals(1, state.reads().liveObjects());      // not known settled yet: marked in the map
        assertFalse(bindings.isDead(r));
        int w = site(SiteKinds.WRITE_FRESH_SETTLED, SUB, "plain", "I", false, SUB, "<init>");
        int wf = site(SiteKinds.WRITE_FRESH_SETTLED, SUB, "fin", "I", true, SUB, "<init>");
        assertTrue(bindings.isDead(r), "settled, and its owner recorded by the first read");
        assertFalse(bindings.isDead(rf), "settled, but never accessed with a receiver");
        Sub p = new Sub();
        state.writeFresh(p, w);
        state.writeFresh(p, wf);
        state.read(p, r);
        state.readFinal(p, rf);
        assertTrue(bindings.isDead(rf));
        assertEquals(1, state.reads().liveObjects(), "no mark for p");
        assertEquals(List.of(row(SUB_NAME, "fin", "I", "dF", "stationary", true),
            row(SUB_NAME, "plain", "I", "uF", "stationary", true)), rows());
        java.lang.ref.Reference.reachabilityFence(o);      // o's mark stays in the weak map until here
    }

    @Test
    void stationarySitesStayAlive() {
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        Sub o = new Sub();
        state.write(o, w);
        state.read(o, r);
        assertFalse(bindings.isDead(r));
        assertFalse(bindings.isDead(w));
        assertEquals(0, bindings.deadSites().length);
    }

    @Test
    void concurrentThreadsLoseNoVerdict() throws Exception {
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        int w2 = site(SiteKinds.WRITE, SUB, "wide", "J");
        int r2 = site(SiteKinds.READ, SUB, "wide", "J");
        List<Thread> threads = new ArrayList<>();
        Sub shared = new Sub();
        for (int t = 0; t < 4; t++) {
            int tt = t;
            threads.add(new Thread(() -> {
                for (int i = 0; i < 20_000; i++) {
                    Sub o = new Sub();
                    state.write(o, w);
                    state.read(o, r);
                    state.read(o, r);
                }
                if (tt == 3) {
                    state.read(shared, r2);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        Thread writer = new Thread(() -> state.write(shared, w2));
        writer.start();
        writer.join();
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "nF", "stationary", true),
            row(SUB_NAME, "wide", "J", "nF", "non-stationary", true)), rows());
    }

    @Test
    void aReferenceThatOnlyReadsLearnsThatItsFieldIsNonStationary() {
        // getfield Sub.inherited only reads; putfield Base.inherited reads and writes: one declared field
        int readViaSub = site(SiteKinds.READ, SUB, "inherited", "I");
        int readViaBase = site(SiteKinds.READ, BASE, "inherited", "I");
        int writeViaBase = site(SiteKinds.WRITE, BASE, "inherited", "I");
        Sub o = new Sub();
        state.read(o, readViaSub);
        assertFalse(bindings.isDead(readViaSub));
        state.read(o, readViaBase);
        state.write(o, writeViaBase);         // after a read: non-stationary
        assertTrue(bindings.isDead(readViaBase));
        assertTrue(bindings.isDead(readViaSub), "the field is non-stationary whichever reference reads it");
        assertEquals(List.of(row(BASE_NAME, "inherited", "I", "nF", "non-stationary", true)), rows());
    }

    @Test
    void aReferenceResolvedLaterJoinsTheVerdictAlreadyReached() {
        int readViaBase = site(SiteKinds.READ, BASE, "inherited", "I");
        int writeViaBase = site(SiteKinds.WRITE, BASE, "inherited", "I");
        Sub o = new Sub();
        state.read(o, readViaBase);
        state.write(o, writeViaBase);
        int readViaSub = site(SiteKinds.READ, SUB, "inherited", "I");
        assertFalse(bindings.isDead(readViaSub), "not resolved before its first event");
        state.read(new Sub(), readViaSub);
        assertTrue(bindings.isDead(readViaSub));
        assertEquals(0, state.reads().liveObjects() - 1, "only the first object was marked");
    }

    /** What a detach's reset leaves of the analysis: no field, site, read mark or ready site of the session before. */
    @Test
    void aResetForgetsEveryFieldSiteAndMarkAndTheNextSessionJudgesAfresh() {
        int w = site(SiteKinds.WRITE, SUB, "plain", "I");
        int r = site(SiteKinds.READ, SUB, "plain", "I");
        Sub o = new Sub();
        Sub readBefore = new Sub();
        state.read(o, r);
        state.read(readBefore, r);
        state.write(o, w);
        state.readySites().ready(r, 16);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "nF", "non-stationary", true)), rows());
        assertEquals(2, state.reads().liveObjects());

        state.reset();
        assertEquals(0, state.fields().size());
        assertEquals(List.of(), rows());
        assertEquals(0, state.reads().liveObjects());
        assertEquals(0, state.reads().entries());
        assertFalse(state.readySites().isReady(r));
        assertEquals(Map.of("sitesWithShadowFields", 0L, "sitesWithIdentityMap", 0L, "sitesWithoutObject", 0L,
            "objectsInIdentityMap", 0L), state.markStats());

        // the next session numbers its sites from 1 again: the same ids, for the field of the session before
        registry.clear();
        nextSite = 1;
        int w2 = site(SiteKinds.WRITE, SUB, "plain", "I");
        int r2 = site(SiteKinds.READ, SUB, "plain", "I");
        assertEquals(w, w2);
        state.write(readBefore, w2);   // read before the reset: this session saw no read of it
        state.read(readBefore, r2);
        assertEquals(List.of(row(SUB_NAME, "plain", "I", "nF", "stationary", true)), rows());
    }
}
