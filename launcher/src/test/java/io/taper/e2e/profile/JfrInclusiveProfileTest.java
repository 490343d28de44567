package io.taper.e2e.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.profile.fixtures.SampledWork;
import io.taper.launcher.profile.JfrInclusiveProfile;
import io.taper.runtime.NeverWoven;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inclusive sample counts from a real recording of this JVM running {@link SampledWork}. */
class JfrInclusiveProfileTest {

    static final String W = "io.taper.e2e.profile.fixtures.SampledWork.";

    @TempDir
    static Path tmp;
    static Path recording;
    static final long MIN_SAMPLES = 20;

    @BeforeAll
    static void record() throws Exception {
        recording = tmp.resolve("work.jfr");
        // through ArrayList.forEach: a JDK frame, woven like any other, under every sample of the work
        SampledRecording.record(recording, () -> new ArrayList<>(List.of(700L)).forEach(SampledWork::outer),
                MIN_SAMPLES);
    }

    @Test
    void everyMethodOnASampleCountsOnceForThatSample() throws Exception {
        JfrInclusiveProfile p = JfrInclusiveProfile.read(recording, true);
        Map<String, Long> s = p.samplesPerMethod();
        long outer = s.getOrDefault(W + "outer(J)V", 0L);
        long inner = s.getOrDefault(W + "inner(I)J", 0L);
        long recurse = s.getOrDefault(W + "recurse(I)J", 0L);
        assertTrue(outer >= MIN_SAMPLES, "ten tries of a 700 ms loop sampled every 10 ms: " + s);
        assertTrue(outer >= inner && outer >= recurse, "outer is below both on every sample: " + s);
        assertTrue(outer <= p.samples(), "at most one count per sample");
        // counted per frame, 13 frames of recurse on each of its samples would far outnumber outer's samples; not
        // strictly fewer: on a loaded machine every sample of a short recording may fall in the recursion
        assertTrue(recurse > 0 && recurse <= outer, "12 frames deep, still one count per sample: " + s);
        assertTrue(p.ranking().rank(W + "outer(J)V") < p.ranking().rank(W + "recurse(I)J"));
    }

    @Test
    void framesInstrumentationCannotSeeAreLeftOutUnlessAskedFor() throws Exception {
        Map<String, Long> observable = JfrInclusiveProfile.read(recording, false).samplesPerMethod();
        Map<String, Long> all = JfrInclusiveProfile.read(recording, true).samplesPerMethod();
        assertTrue(all.containsKey("java.lang.Thread.run()V"), "the worker's Thread.run is on its stacks: " + all);
        assertTrue(all.keySet().stream().anyMatch(m -> m.contains("$$Lambda")), "the worker's lambda proxy: " + all);
        assertTrue(all.containsKey(W + "outer(J)V"));
        for (String m : observable.keySet()) {
            String cls = m.substring(0, m.lastIndexOf('.', m.indexOf('(')));
            assertFalse(NeverWoven.matches(cls.replace('.', '/')), "never woven: " + m);
            assertFalse(m.contains("$$Lambda"), "hidden class: " + m);
            assertEquals(all.get(m), observable.get(m), "the same count for what is kept: " + m);
        }
        assertFalse(observable.containsKey("java.lang.Thread.run()V"));
        String forEach = "java.util.ArrayList.forEach(Ljava/util/function/Consumer;)V";
        assertTrue(observable.get(forEach) >= all.get(W + "outer(J)V"), "woven JDK frames stay: " + observable);
    }

    @Test
    void theNeverWovenListIsTheRuntimes() throws Exception {
        Field f = NeverWoven.class.getDeclaredField("PREFIXES");
        f.setAccessible(true);
        assertEquals(List.of((String[]) f.get(null)), JfrInclusiveProfile.neverWovenPrefixes());
    }
}
