package io.taper.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.testing.ForkedJvm;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller against the JVM's real {@code retransformClasses}: each test forks a JVM with
 * {@code -Xverify:all}, the runtime on the boot class path (as in a Taper run) and a miniature agent
 * (io.taper.controller.it) whose weaver follows the agent's contract with {@link ClassDeployments}.
 */
class ForkedRetransformationTest {

    @TempDir
    static Path dir;
    private static Path agentJar;

    @BeforeAll
    static void buildAgentJar() throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Premain-Class", "io.taper.controller.it.HarnessAgent");
        m.getMainAttributes().putValue("Can-Retransform-Classes", "true");
        Path empty = Files.createDirectories(dir.resolve("agent-root"));
        agentJar = TestJars.pack(empty, dir.resolve("harness-agent.jar"), m);
    }

    /** Runs the harness; returns its key=value lines. */
    static Map<String, String> fork(List<String> bootExtra, String... args) throws Exception {
        List<String> boot = new ArrayList<>();
        List<String> cp = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            boolean runtime = Files.exists(Path.of(e, "io/taper/runtime/Bypass.class"))
                    || Path.of(e).getFileName().toString().startsWith("taper-runtime");
            (runtime ? boot : cp).add(e);
        }
        boot.addAll(bootExtra);
        ForkedJvm.Result r = ForkedJvm.of("-Xverify:all", "-XX:TieredStopAtLevel=1",
                "-Xbootclasspath/a:" + String.join(File.pathSeparator, boot), "-javaagent:" + agentJar,
                "-cp", String.join(File.pathSeparator, cp), "io.taper.controller.it.Harness").add(args).mergeErrors()
                .run(dir);
        String output = r.stdout();
        assertEquals(0, r.exitCode(), output);
        Map<String, String> kv = new LinkedHashMap<>(r.keyValues());
        kv.put("$output", output);
        return kv;
    }

    /** Exclusive calls never overlap another call; calls in one phase overlap each other only. */
    @Test
    void retransformLockLetsOnlyInPhaseCallsOverlap() throws Exception {
        Map<String, String> r = fork(List.of(), "lock", "fixed");
        String out = r.get("$output");
        assertEquals("1", r.get("exclusive.maxInFlight"), out);
        assertEquals("2", r.get("inPhase.maxInFlight"), out);
        assertEquals("1", r.get("mixed.maxInFlight"), out);
    }

    @Test
    void periodicRemovalFreezesTheDeadSitesCounter() throws Exception {
        Map<String, String> r = fork(List.of(), "periodic", "periodic:20");
        String out = r.get("$output");
        assertEquals("true", r.get("aRemoved"), out);
        long frozen = Long.parseLong(r.get("hitsAtRemoval"));
        assertTrue(frozen >= 1 && frozen <= 1000, out);
        assertEquals(r.get("hitsAtRemoval"), r.get("hitsFinal"), "the removed snippet ran again");
        assertEquals("false", r.get("bRemoved"), "a site that never ran is not dead");
        assertEquals("0", r.get("stats.retransformFailures"), out);
        assertEquals("0", r.get("stats.stepErrors"), out);
        assertEquals("false", r.get("stats.threadAlive"), "stopped");
        assertTrue(r.get("stats.removals").startsWith("[{site=" + 1 + ", atMillis="), r.get("stats.removals"));
    }

    @Test
    void scriptedStepsRemoveRestoreSwitchAndBatch() throws Exception {
        Map<String, String> r = fork(List.of(), "scripted", "scripted");
        String out = r.get("$output");
        assertEquals("1", r.get("afterDisable.batches"), out);
        assertEquals("1", r.get("afterDisable.classes"), "only Work changed; Other is not retransformed");
        assertEquals("1", r.get("afterDisable.hitsA"), "removed: frozen at the one call before");
        assertEquals("11", r.get("afterDisable.hitsB"));
        assertEquals("true", r.get("staged.bDisabled"));
        assertEquals("1", r.get("afterNoop.batches"), "disable+enable in one step retransforms nothing");
        assertEquals("11", r.get("afterEnable.hitsA"), "re-deployed: runs again");
        assertEquals("31", r.get("afterVariant.hitsA"), "variant 'twice' adds 2 per call");
        assertEquals("4", r.get("twoClasses.batches"), "one batch per step");
        assertEquals("5", r.get("twoClasses.classes"), "1 + 1 + 1 + 2 classes");
        assertEquals("1", r.get("twoClasses.hitsC"));
        assertEquals("2", r.get("stats.sitesMarkedRemoved"), "b and c");
        assertEquals("1", r.get("stats.sitesRedeployed"));
        assertEquals("1", r.get("stats.variantSwitches"));
        assertEquals("0", r.get("stats.retransformFailures"));
    }

    @Test
    void retransformingUnderFourHotThreadsLosesNoUpdate() throws Exception {
        Map<String, String> r = fork(List.of(), "hotloop", "scripted", "20");
        String out = r.get("$output");
        assertEquals("true", r.get("joined"), out);
        assertEquals("null", r.get("failure"), out);
        assertTrue(Long.parseLong(r.get("calls")) > 0, out);
        assertEquals(r.get("calls"), r.get("hitsA"), "every call of a() counted while Work was retransformed");
        assertEquals(String.valueOf(Long.parseLong(r.get("calls")) / 10_000), r.get("hitsLoop"));
        assertEquals("20", r.get("stats.batches"), out);
        assertEquals("20", r.get("stats.classesRetransformed"));
        assertEquals("0", r.get("stats.retransformFailures"));
        assertTrue(!out.contains("VerifyError"), out);
    }

    @Test
    void aClassThatFailsToRetransformIsIsolatedAndKeepsItsCode() throws Exception {
        Map<String, String> r = fork(List.of(), "broken", "scripted");
        String out = r.get("$output");
        assertEquals("3", r.get("stats.batches"), out);
        assertEquals("2", r.get("stats.failedBatches"), out);
        assertEquals("1", r.get("stats.classesRetransformed"));
        assertEquals("1", r.get("stats.retransformFailures"));
        assertEquals("true", r.get("aRemoved"));
        assertEquals("1", r.get("hitsA"));
        assertEquals("2", r.get("hitsD"), "Broken kept its previous woven code");
    }

    @Test
    void anAnalysisStrategyOnTheBootClassPathIsFound() throws Exception {
        Path jar = TestJars.compile(dir, "boot-strategy.jar", Map.of("org.example.analysis.BootStrategy", """
                package org.example.analysis;

                public final class BootStrategy implements io.taper.runtime.control.ControllerStrategy {
                    public String name() { return "from-boot"; }
                    public long periodMillis() { return 0; }
                    public void step(io.taper.runtime.control.ControlContext ctx) {
                        System.out.println("bootStrategyLoader=" + getClass().getClassLoader());
                    }
                }
                """), Map.of("META-INF/services/io.taper.runtime.control.ControllerStrategy",
                "org.example.analysis.BootStrategy\n"));
        Map<String, String> r = fork(List.of(jar.toString()), "strategy", "from-boot");
        assertEquals("null", r.get("bootStrategyLoader"), r.get("$output"));
        assertEquals("from-boot", r.get("stats.strategy"));
        assertEquals("null", r.get("stats.error"));
    }

    @Test
    void anUnknownStrategyFallsBackToFixedAndSaysSo() throws Exception {
        Map<String, String> r = fork(List.of(), "strategy", "nosuch");
        String out = r.get("$output");
        assertEquals("unknown controller strategy 'nosuch'; known: none, periodic:<ms>, scripted", r.get("stats.error"));
        assertTrue(out.contains("[taper] controller: unknown controller strategy 'nosuch'"), out);
        assertEquals("1", r.get("stats.steps"));
        assertEquals("0", r.get("stats.batches"));
    }
}
