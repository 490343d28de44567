package io.taper.e2e.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.profile.fixtures.SampledWork;
import io.taper.launcher.profile.JfrInclusiveProfile;
import io.taper.runtime.NeverWoven;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inclusive sample counts from a real recording of this JVM running {@link SampledWork}. */
class JfrInclusiveProfileTest {

    static final String W = "io.taper.e2e.profile.fixtures.SampledWork.";

    @TempDir
    static Path tmp;
    static Path recording;

    @BeforeAll
    static void record() throws Exception {
        recording = tmp.resolve("work.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            r.start();
            Thread worker = new Thread(() -> SampledWork.outer(700), "sampled-work");
            worker.start();
            worker.join();
            r.stop();
            r.dump(recording);
        }
    }

    @Test
    void everyMethodOnASampleCountsOnceForThatSample() throws Exception {
        JfrInclusiveProfile p = JfrInclusiveProfile.read(recording, false);
        Map<String, Long> s = p.samplesPerMethod();
        long outer = s.getOrDefault(W + "outer(J)V", 0L);
        long inner = s.getOrDefault(W + "inner(I)J", 0L);
        long recurse = s.getOrDefault(W + "recurse(I)J", 0L);
        assertTrue(outer >= 20, "the 700 ms loop is sampled about every 10 ms: " + s);
        assertTrue(outer >= inner && outer >= recurse, "outer is below both on every sample: " + s);
        assertTrue(outer <= p.samples(), "at most one count per sample");
        assertTrue(recurse < outer, "12 frames deep, still one count per sample, and outer also calls inner directly");
        assertTrue(p.ranking().rank(W + "outer(J)V") < p.ranking().rank(W + "inner(I)J"));
    }

    @Test
    void framesInstrumentationCannotSeeAreLeftOutUnlessAskedFor() throws Exception {
        JfrInclusiveProfile observable = JfrInclusiveProfile.read(recording, false);
        JfrInclusiveProfile all = JfrInclusiveProfile.read(recording, true);
        assertEquals(all.samples(), observable.samples());
        assertTrue(observable.samplesPerMethod().keySet().stream().noneMatch(m -> m.startsWith("java.lang.Thread.")),
                "java.lang.Thread is never woven");
        assertTrue(all.samplesPerMethod().keySet().stream().anyMatch(m -> m.startsWith("java.lang.Thread.")),
                "the worker's Thread.run is on its stacks");
        assertFalse(observable.samplesPerMethod().keySet().stream().anyMatch(m -> m.contains("/0x")), "hidden classes");
        assertEquals(all.samplesPerMethod().get(W + "outer(J)V"), observable.samplesPerMethod().get(W + "outer(J)V"));
    }

    @Test
    void theNeverWovenListIsTheRuntimes() throws Exception {
        Field f = NeverWoven.class.getDeclaredField("PREFIXES");
        f.setAccessible(true);
        assertEquals(List.of((String[]) f.get(null)), JfrInclusiveProfile.neverWovenPrefixes());
    }
}
