package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Hot cheap methods go at once and take their class's waiting methods along; the others wait for a round. */
class RemovalPacingTest {

    // 1,000 calls/s makes a method hot; a waiting method waits at most 2 s
    private static final RemovalPolicy POLICY = new RemovalPolicy(500, 100, 1.0, 1_000, 2_000, 10);

    private final int hotA = slot(910_001, "p/A", "hot");
    private final int coldA = slot(910_002, "p/A", "cold");
    private final int coldB = slot(910_003, "p/B", "cold");
    private final int coldC = slot(910_004, "p/C", "cold");

    private static int slot(int site, String cls, String method) {
        return MethodIds.map(MethodIdsTest.site(site, 7, cls, method, "()V", "MethodTimeSnippets.onEntry"));
    }

    private static long[] calls(int... slotAndCalls) {
        long[] c = new long[MethodIds.size()];
        for (int i = 0; i < slotAndCalls.length; i += 2) {
            c[slotAndCalls[i]] = slotAndCalls[i + 1];
        }
        return c;
    }

    @Test
    void aHotMethodGoesAtOnceWithItsClassAndTheColdOfOtherClassesWait() {
        RemovalPacing p = new RemovalPacing(POLICY);
        p.choose(List.of(), calls(), 60_000);
        // 1,000 calls in 500 ms is 2,000/s (hot); 200 calls is 400/s (cold)
        List<Integer> now = p.choose(List.of(hotA, coldA, coldB), calls(hotA, 1_000, coldA, 200, coldB, 200), 60_500);
        assertEquals(List.of(hotA, coldA), now);
        assertEquals(1, p.hotRemovals());
        assertEquals(1, p.sameClassRemovals());
        assertEquals(0, p.rounds());
    }

    @Test
    void theRateCountsOnlyTheCallsSinceTheLastStep() {
        RemovalPacing p = new RemovalPacing(POLICY);
        assertEquals(List.of(), p.choose(List.of(), calls(coldB, 5_000), 60_500));   // not cheap yet: too slow
        // 5,200 calls in all but 200 in the last 500 ms: 400/s, cold
        assertEquals(List.of(), p.choose(List.of(coldB), calls(coldB, 5_200), 61_000));
        // 600 more in 500 ms: 1,200/s, hot
        assertEquals(List.of(coldB), p.choose(List.of(coldB), calls(coldB, 5_800), 61_500));
        assertEquals(1, p.hotRemovals());
    }

    @Test
    void waitingMethodsGoTogetherOnceTheOldestHasWaitedTheLongestDeferral() {
        RemovalPacing p = new RemovalPacing(POLICY);
        long t = 60_000;             // late in a run: the deferral is the policy's 2 s
        assertEquals(List.of(), p.choose(List.of(coldB), calls(coldB, 100), t));
        assertEquals(List.of(), p.choose(List.of(coldB, coldC), calls(coldB, 110, coldC, 100), t + 1_000));
        // coldB has waited 1.5 s
        assertEquals(List.of(), p.choose(List.of(coldB, coldC), calls(coldB, 120, coldC, 110), t + 1_500));
        // coldB has waited 2 s: the round takes coldC too, which waited 1 s
        assertEquals(List.of(coldB, coldC), p.choose(List.of(coldB, coldC), calls(coldB, 130, coldC, 120), t + 2_000));
        assertEquals(1, p.rounds());
        assertEquals(2, p.roundRemovals());
        assertEquals(0, p.hotRemovals());
    }

    @Test
    void earlyInARunMethodsWaitAQuarterOfTheElapsedTimeAtMost() {
        RemovalPacing p = new RemovalPacing(POLICY);
        assertEquals(0, p.deferral(0));
        assertEquals(250, p.deferral(1_000));
        assertEquals(2_000, p.deferral(8_000));
        assertEquals(2_000, p.deferral(600_000));
        // at 1 s the deferral, 250 ms, is shorter than the period: no waiting at all
        assertEquals(List.of(coldB), p.choose(List.of(coldB), calls(coldB, 100), 1_000));
        assertEquals(1, p.rounds());
        assertEquals(List.of(), p.choose(List.of(coldC), calls(coldB, 100, coldC, 100), 4_000));
        // at 5 s the deferral is 1.25 s and coldC has waited 1 s; at 5.5 s, 1.375 s and 1.5 s
        assertEquals(List.of(), p.choose(List.of(coldC), calls(coldB, 100, coldC, 110), 5_000));
        assertEquals(List.of(coldC), p.choose(List.of(coldC), calls(coldB, 100, coldC, 120), 5_500));
        assertEquals(2, p.rounds());
    }

    @Test
    void aMethodChosenOnceStartsWaitingAfreshIfItIsOfferedAgain() {
        RemovalPacing p = new RemovalPacing(POLICY);
        p.choose(List.of(coldB), calls(coldB, 100), 60_000);
        assertEquals(List.of(coldB), p.choose(List.of(coldB), calls(coldB, 100), 62_000));
        // the strategy marks a chosen method removed and never offers it again; if it did, it would wait anew
        assertEquals(List.of(), p.choose(List.of(coldB), calls(coldB, 100), 62_500));
    }

    @Test
    void noDeferralRemovesEveryCheapMethodAtOnce() {
        RemovalPacing p = new RemovalPacing(new RemovalPolicy(500, 100, 1.0, 1_000, 0, 10));
        assertEquals(List.of(coldB, coldC), p.choose(List.of(coldB, coldC), calls(coldB, 100, coldC, 100), 500));
        assertEquals(0, p.rounds());
    }
}
