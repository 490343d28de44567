package io.taper.runtime.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.taper.runtime.AnalysisResults;
import io.taper.runtime.SiteInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@code periodic:<ms>,<spacing>}: a class's dead sites go at once the first time, and after a removal at t ms
 * not before spacing × t; other classes are not held back.
 */
class PeriodicSpacingTest {

    /** Sites 1 and 2 in class A, 3 in class B; the test says which are dead and when. */
    static final class Step implements ControlContext {
        final long millis;
        final int[] dead;
        final List<Integer> disabled = new ArrayList<>();

        Step(long millis, int... dead) {
            this.millis = millis;
            this.dead = dead;
        }

        @Override
        public long elapsedMillis() {
            return millis;
        }

        @Override
        public long stepNumber() {
            return 1;
        }

        @Override
        public List<SiteInfo> sites() {
            return List.of(site(1), site(2), site(3));
        }

        @Override
        public SiteInfo site(int id) {
            return new SiteInfo(id, 1, id == 3 ? "p/B" : "p/A", "m", "()V", 0, "s", "", true, Map.of());
        }

        @Override
        public int[] deadSites() {
            return dead;
        }

        @Override
        public boolean isDisabled(int siteId) {
            return disabled.contains(siteId);
        }

        @Override
        public String variant(int siteId) {
            return "";
        }

        @Override
        public void disable(int siteId) {
            disabled.add(siteId);
        }

        @Override
        public void enable(int siteId) {
            throw new AssertionError("never enables");
        }

        @Override
        public boolean switchOff(int siteId) {
            throw new AssertionError("never switches");
        }

        @Override
        public boolean isSwitchedOff(int siteId) {
            return false;
        }

        @Override
        public void setVariant(int siteId, String variant) {
            throw new AssertionError("never switches variants");
        }

        @Override
        public AnalysisResults results() {
            return null;
        }
    }

    static List<Integer> step(PeriodicRemoval p, long millis, int... dead) {
        Step s = new Step(millis, dead);
        p.step(s);
        return new ArrayList<>(new TreeSet<>(s.disabled));
    }

    @Test
    void aClassRemovedAtTWaitsUntilSpacingTimesT() {
        PeriodicRemoval p = new PeriodicRemoval();
        p.configure("100,2");
        assertEquals(2.0, p.spacing());
        assertEquals(List.of(1), step(p, 300, 1), "A's first removal: at once");
        assertEquals(List.of(3), step(p, 400, 2, 3), "A again before 600: waits; B's first: at once");
        assertEquals(List.of(), step(p, 500, 2));
        assertEquals(List.of(2), step(p, 600, 2), "at 2 x 300");
        assertEquals(List.of(), step(p, 1100, 2), "next not before 1200");
        assertEquals(Map.of("spacing", 2.0, "classRemovals", 3L, "stepsThatDeferred", 3L), p.stats());
    }

    @Test
    void withoutSpacingEveryDeadSiteGoesAtTheNextStep() {
        PeriodicRemoval p = new PeriodicRemoval();
        p.configure("100");
        assertEquals(1.0, p.spacing());
        assertEquals(List.of(1), step(p, 300, 1));
        assertEquals(List.of(2, 3), step(p, 400, 2, 3));
        assertEquals(Map.of(), p.stats());
    }

    @Test
    void aSpacingBelowOneOrNotANumberIsRejected() {
        for (String bad : new String[] {"100,0.5", "100,x", "100,", "100,2,3", "100,NaN", "100,Infinity"}) {
            assertThrows(IllegalArgumentException.class, () -> new PeriodicRemoval().configure(bad), bad);
        }
    }
}
