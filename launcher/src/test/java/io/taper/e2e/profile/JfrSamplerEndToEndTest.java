package io.taper.e2e.profile;

import static io.taper.e2e.profile.MethodTimeEndToEndTest.K;
import static io.taper.e2e.profile.MethodTimeEndToEndTest.OUTPUT;
import static io.taper.e2e.profile.MethodTimeEndToEndTest.incl;
import static io.taper.e2e.profile.MethodTimeEndToEndTest.num;
import static io.taper.e2e.profile.MethodTimeEndToEndTest.rowsByMethod;
import static io.taper.e2e.profile.MethodTimeEndToEndTest.summary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import io.taper.e2e.profile.fixtures.KnownCosts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Removed methods followed by the Flight Recorder's execution samples (method-time's default sampler), through the
 * real launcher, server and agent ({@code -Xverify:all}) on {@link KnownCosts} run for about eight seconds: the
 * recorder starts in the observed JVM at the first removal and delivers its samples about once a second.
 */
class JfrSamplerEndToEndTest {

    /**
     * Microseconds: light 200 ms in all, medium 800, brief 800, heavy 1,600, costly 3,200. Long enough that what
     * the recorder cannot see (its start, about half a second after the first removal, and its last flush) is a
     * small part of brief's time.
     */
    static final String UNIT = "5000";
    /** {@link MethodTimeEndToEndTest}'s policy with the default sampler: brief (1 ms a call) goes at once. */
    static final String CONTROLLER = "method-time:period-ms=100,min-calls=50,max-mean-ms=2.0,max-defer-ms=0";

    @TempDir
    static Path tmp;
    static TaperProcess.Outcome fixed;
    static TaperProcess.Outcome adaptive;

    @BeforeAll
    static void runFixedAndAdaptive() throws Exception {
        fixed = run("fixed", List.of("--mode", "fixed"));
        adaptive = run("adaptive", List.of("--mode", "adaptive", "--controller", CONTROLLER));
    }

    static TaperProcess.Outcome run(String name, List<String> options) throws Exception {
        // eager: what the controller removes when, and what the samples find, are timed against the whole run, with
        // no start-up pass beside the program (method-time's default)
        List<String> cli = new ArrayList<>(List.of("run", "--analysis", "method-time", "--startup-pass", "eager",
                "--out", tmp.resolve(name).toString()));
        cli.addAll(options);
        cli.addAll(List.of("--", "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), KnownCosts.class.getName(),
                UNIT));
        return TaperProcess.run(tmp.resolve(name), cli.toArray(new String[0]));
    }

    @Test
    void theRecordersSamplesFindTheRemovedMethodsTime() throws Exception {
        assertEquals(0, adaptive.exitCode(), adaptive.stderr());
        assertEquals(OUTPUT, adaptive.stdout());
        @SuppressWarnings("unchecked")
        Map<String, Object> controller = (Map<String, Object>) adaptive.stats().get("controller");
        @SuppressWarnings("unchecked")
        Map<String, Object> sampler = (Map<String, Object>) controller.get("strategyStats");
        assertEquals("jfr", sampler.get("sampler"), sampler.toString());
        assertFalse(sampler.containsKey("samplerError"), sampler.toString());
        assertTrue(num(sampler, "samples") >= 2 && num(sampler, "sampledThreadStacks") >= 50,
                "the recorder's flushes and the program's stacks they held: " + sampler);

        // brief: 800 ms in all, a millisecond a call, cheap enough to be removed; the samples find the rest
        Map<String, Object> brief = rowsByMethod(adaptive).get(K + "brief(J)V");
        assertEquals(Boolean.TRUE, brief.get("removed"), brief.toString());
        long measured = num(brief, "inclusiveNanos");
        long estimated = num(brief, "estimatedInclusiveNanos");
        long fixedBrief = incl(rowsByMethod(fixed), "brief(J)V");
        // removed before the end (later on a loaded machine); the samples found at least a third of what the fixed
        // run measured after that point, and the estimate stays within twice the fixed run's
        long rest = fixedBrief - measured;
        assertTrue(rest > 0 && estimated - measured >= rest / 3 && estimated < fixedBrief * 2,
                "measured " + measured / 1_000_000 + " ms, estimated " + estimated / 1_000_000 + " ms of the fixed run's "
                        + fixedBrief / 1_000_000 + " ms");
    }

    @Test
    void theRecorderTaperStartedIsNotTheProgramsAndKeepsDeepStacks() throws Exception {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> threads = (List<Map<String, Object>>) summary(adaptive).get("threadTimes");
        List<String> names = new ArrayList<>();
        for (Map<String, Object> t : threads) {
            names.add(String.valueOf(t.get("thread")));
        }
        assertTrue(names.contains("main") && names.contains("forever"), names.toString());
        assertFalse(names.stream().anyMatch(n -> n.startsWith("JFR ")), "the recorder's threads: " + names);
        @SuppressWarnings("unchecked")
        Map<String, Object> launch = (Map<String, Object>) adaptive.result().get("launch");
        assertEquals("-XX:FlightRecorderOptions:stackdepth=2048", launch.get("analysisJvmOptions"));
        assertTrue(num(adaptive.stats(), "classesSkipped") >= 50, "the recorder's classes are not woven: "
                + adaptive.stats().get("classesSkipped"));
    }
}
