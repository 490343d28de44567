package io.taper.controller;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.runtime.SiteInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClassDeploymentsTest {

    private static final ClassKey A = new ClassKey(1, "p/A");
    private static final ClassKey B = new ClassKey(1, "p/B");

    private static SiteInfo site(int id, ClassKey k, boolean active, String variant) {
        return new SiteInfo(id, k.loaderTag(), k.internalName(), "m", "()V", -1, "S.s", variant, active, Map.of());
    }

    /** What the agent does for one weave: ask, then report what the weaver did with that deployment. */
    private static void weave(ClassDeployments d, ClassKey k, int... ids) {
        ClassDeployment dep = d.forClass(k.loaderTag(), k.internalName());
        List<SiteInfo> sites = new ArrayList<>();
        for (int id : ids) {
            boolean off = false;
            for (int x : dep.disabledSites()) {
                off |= x == id;
            }
            sites.add(site(id, k, !off, dep.variants().getOrDefault(id, "")));
        }
        d.onWoven(k.loaderTag(), k.internalName(), sites);
    }

    @Test
    void unknownClassesAndEmptyDeploymentsWeaveEverything() {
        ClassDeployments d = ClassDeployments.createForTest();
        assertSame(ClassDeployment.ALL_ENABLED, d.forClass(1, "p/A"));
        weave(d, A, 1, 2);
        assertSame(ClassDeployment.ALL_ENABLED, d.forClass(1, "p/A"));
        assertEquals(A, d.classOf(2));
        assertEquals(Boolean.TRUE, d.isWovenActive(1));
        assertNull(d.isWovenActive(99));
        assertEquals(List.of(), d.drainDirty());
    }

    @Test
    void disablingMarksOnlyThatClassDirtyUntilItIsRewoven() {
        ClassDeployments d = ClassDeployments.createForTest();
        weave(d, A, 1, 2);
        weave(d, B, 3);
        d.disable(2);
        assertTrue(d.isDisabled(2));
        assertArrayEquals(new int[] {2}, d.forClass(1, "p/A").disabledSites());
        assertEquals(List.of(A), d.drainDirty());
        assertEquals(List.of(), d.drainDirty(), "drained");
        assertTrue(d.needsRetransform(A));
        weave(d, A, 1, 2);
        assertFalse(d.needsRetransform(A));
        assertEquals(Boolean.FALSE, d.isWovenActive(2));
        d.disable(2);
        assertEquals(List.of(), d.drainDirty(), "disabling a disabled site changes nothing");
    }

    @Test
    void disableThenEnableBeforeTheNextWeaveNeedsNoRetransform() {
        ClassDeployments d = ClassDeployments.createForTest();
        weave(d, A, 1);
        d.disable(1);
        d.enable(1);
        assertEquals(List.of(), d.drainDirty());
    }

    @Test
    void aWeaveWithAStaleDeploymentLeavesTheClassDirty() {
        ClassDeployments d = ClassDeployments.createForTest();
        weave(d, A, 1);
        ClassDeployment stale = d.forClass(1, "p/A");      // a concurrent weave asks first ...
        d.disable(1);                                      // ... then the controller disables the site
        assertEquals(List.of(A), d.drainDirty());
        d.onWoven(1, "p/A", List.of(site(1, A, stale.disabledSites().length == 0, "")));
        assertEquals(List.of(A), d.drainDirty(), "the stale weave must be redone");
    }

    @Test
    void variantsAreComparedWithWhatWasRequested() {
        ClassDeployments d = ClassDeployments.createForTest();
        weave(d, A, 1, 2);
        d.setVariant(1, "fast");
        assertEquals("fast", d.variant(1));
        assertEquals(Map.of(1, "fast"), d.forClass(1, "p/A").variants());
        assertEquals(List.of(A), d.drainDirty());
        weave(d, A, 1, 2);
        assertFalse(d.needsRetransform(A));
        d.setVariant(1, "fast");
        assertEquals(List.of(), d.drainDirty());
        d.setVariant(1, "");
        assertEquals("", d.variant(1));
        assertEquals(List.of(A), d.drainDirty(), "back to the default variant");
    }

    @Test
    void aFailedRetransformationIsNotRetriedAndNotConfirmed() {
        ClassDeployments d = ClassDeployments.createForTest();
        weave(d, A, 1);
        d.disable(1);
        weave(d, A, 1);                       // the agent reported the weave, then the JVM rejected it
        d.onRetransformFailed(A);
        assertNull(d.isWovenActive(1), "what runs is unknown");
        assertFalse(d.needsRetransform(A));
        d.enable(1);
        assertEquals(List.of(), d.drainDirty());
        weave(d, A, 1);                       // a later successful weave clears the failure
        assertEquals(Boolean.TRUE, d.isWovenActive(1));
    }

    @Test
    void theWeaveClockTimesWeavesOnTheThreadThatStartedIt() throws Exception {
        ClassDeployments d = ClassDeployments.createForTest();
        assertEquals(0, d.weaveNanosOfThisThread(), "not started");
        d.startWeaveClock();
        d.forClass(1, "p/A");
        Thread.sleep(20);
        d.onWoven(1, "p/A", List.of(site(1, A, true, "")));
        long woven = d.weaveNanosOfThisThread();
        assertTrue(woven >= 20_000_000L, "at least the 20 ms between request and answer: " + woven);
        long[] other = new long[1];
        Thread t = new Thread(() -> {
            d.forClass(1, "p/A");
            d.onWoven(1, "p/A", List.of(site(1, A, true, "")));
            other[0] = d.weaveNanosOfThisThread();
        });
        t.start();
        t.join();
        assertEquals(0, other[0], "another thread's weaves are not timed");
        assertEquals(woven, d.weaveNanosOfThisThread());
    }
}
