package io.taper.launcher.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** match, sad and mad (the paper's Table 5) on small rankings with values worked out by hand. */
class AccuracyMetricsTest {

    /** Weights descending in the order given: the first name ranks 1. */
    static Map<String, Long> ranked(String... names) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            m.put(names[i], (long) (names.length - i) * 10);
        }
        return m;
    }

    /** compared, match, sad, mad, missing */
    static List<Number> metrics(Map<String, Long> reference, Map<String, Long> candidate, int top) {
        AccuracyMetrics m = AccuracyMetrics.compare(Ranking.of(reference), Ranking.of(candidate), top);
        return List.of(m.compared(), m.match(), m.sad(), m.mad(), m.missing());
    }

    @Test
    void identicalRankingsMatchFullyAtDistanceZero() {
        List<Number> r = metrics(ranked("a", "b", "c", "d"), ranked("a", "b", "c", "d"), 3);
        assertEquals(List.of(3, 3, 0L, 0.0, 0), r);     // compared, match, sad, mad, missing
    }

    @Test
    void swappedNeighboursCostTwo() {
        List<Number> r = metrics(ranked("a", "b", "c", "d"), ranked("b", "a", "c", "d"), 3);
        assertEquals(List.of(3, 3, 2L, 2.0 / 3, 0), r);
    }

    @Test
    void ranksBeyondTheTopCountForDistanceButNotForMatch() {
        // reference top 2: a(1), b(2); candidate: c d b a -> a ranks 4, b ranks 3
        List<Number> r = metrics(ranked("a", "b", "c", "d"), ranked("c", "d", "b", "a"), 2);
        assertEquals(List.of(2, 0, 4L, 2.0, 0), r);     // |1-4| + |2-3|
    }

    @Test
    void aMethodTheCandidateNeverSawRanksAfterItsLast() {
        // candidate has 2 methods: x missing ranks 3
        List<Number> r = metrics(ranked("x", "a", "b"), ranked("a", "b"), 3);
        assertEquals(List.of(3, 2, 4L, 4.0 / 3, 1), r);  // x: |1-3| = 2, a: |2-1| = 1, b: |3-2| = 1
    }

    @Test
    void aShortReferenceComparesWhatItHas() {
        List<Number> r = metrics(ranked("a", "b"), ranked("b", "a", "c"), 16);
        assertEquals(List.of(2, 2, 2L, 1.0, 0), r);
    }

    @Test
    void tiesAreBrokenByNameAndZeroWeightsAreUnranked() {
        Map<String, Long> ref = new LinkedHashMap<>();
        ref.put("b", 5L);
        ref.put("a", 5L);
        ref.put("z", 0L);
        Map<String, Long> cand = new LinkedHashMap<>();
        cand.put("a", 7L);
        cand.put("b", 1L);
        assertEquals(List.of(2, 2, 0L, 0.0, 0), metrics(ref, cand, 3));
    }

    @Test
    void topMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> metrics(ranked("a"), ranked("a"), 0));
    }

    @Test
    void equalWeightsRankTheCallerFirstThenByName() {
        Map<String, Long> w = Map.of("zmain", 3L, "costly", 3L, "b", 3L, "light", 1L);
        Ranking r = Ranking.of(w, Map.of("zmain", 0, "costly", 1, "b", 1));
        assertEquals(List.of("zmain", "b", "costly", "light"), r.top(4));
        assertEquals(List.of("b", "costly", "zmain", "light"), Ranking.of(w).top(4));
    }
}
