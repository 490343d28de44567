package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Hot cheap methods go at once and take their class's waiting methods along; the others wait for a round. */
class RemovalPacingTest {

    // 1,000 calls/s makes a method hot; a waiting method waits at most 2 s
    private static final RemovalPolicy POLICY = new RemovalPolicy(500, 100, 1.0, 1_000, 2_000);

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
        // first step at 500 ms: 1,000 calls in 500 ms is 2,000/s (hot); 200 calls is 400/s (cold)
        List<Integer> now = p.choose(List.of(hotA, coldA, coldB), calls(hotA, 1_000, coldA, 200, coldB, 200), 500);
        assertEquals(List.of(hotA, coldA), now);
        assertEquals(1, p.hotRemovals());
        assertEquals(1, p.sameClassRemovals());
        assertEquals(0, p.rounds());
    }

    @Test
    void theRateCountsOnlyTheCallsSinceTheLastStep() {
        RemovalPacing p = new RemovalPacing(POLICY);
        assertEquals(List.of(), p.choose(List.of(), calls(coldB, 5_000), 500));   // not cheap yet: too slow
        // 5,200 calls in all but 200 in the last 500 ms: 400/s, cold
        assertEquals(List.of(), p.choose(List.of(coldB), calls(coldB, 5_200), 1_000));
        // 600 more in 500 ms: 1,200/s, hot
        assertEquals(List.of(coldB), p.choose(List.of(coldB), calls(coldB, 5_800), 1_500));
        assertEquals(1, p.hotRemovals());
    }

    @Test
    void waitingMethodsGoTogetherOnceTheOldestHasWaitedTheLongestDeferral() {
        RemovalPacing p = new RemovalPacing(POLICY);
        assertEquals(List.of(), p.choose(List.of(coldB), calls(coldB, 100), 1_000));
        assertEquals(List.of(), p.choose(List.of(coldB, coldC), calls(coldB, 110, coldC, 100), 2_000));
        // coldB has waited 1.5 s
        assertEquals(List.of(), p.choose(List.of(coldB, coldC), calls(coldB, 120, coldC, 110), 2_500));
        // coldB has waited 2 s: the round takes coldC too, which waited 1 s
        assertEquals(List.of(coldB, coldC), p.choose(List.of(coldB, coldC), calls(coldB, 130, coldC, 120), 3_000));
        assertEquals(1, p.rounds());
        assertEquals(2, p.roundRemovals());
        assertEquals(0, p.hotRemovals());
    }

    @Test
    void aMethodChosenOnceStartsWaitingAfreshIfItIsOfferedAgain() {
        RemovalPacing p = new RemovalPacing(POLICY);
        p.choose(List.of(coldB), calls(coldB, 100), 1_000);
        assertEquals(List.of(coldB), p.choose(List.of(coldB), calls(coldB, 100), 3_000));
        // the strategy marks a chosen method removed and never offers it again; if it did, it would wait anew
        assertEquals(List.of(), p.choose(List.of(coldB), calls(coldB, 100), 3_500));
    }

    @Test
    void noDeferralRemovesEveryCheapMethodAtOnce() {
        RemovalPacing p = new RemovalPacing(new RemovalPolicy(500, 100, 1.0, 1_000, 0));
        assertEquals(List.of(coldB, coldC), p.choose(List.of(coldB, coldC), calls(coldB, 100, coldC, 100), 500));
        assertEquals(0, p.rounds());
    }
}
