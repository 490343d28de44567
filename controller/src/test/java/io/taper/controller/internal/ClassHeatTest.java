package io.taper.controller.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClassHeatTest {

    @Test
    void heatIsTheAverageNumberOfRunningThreadsInAClass() {
        ClassHeat h = new ClassHeat(1_000);
        h.record(0, List.of("a/A", "a/A"));
        h.record(0, List.of("a/A", "b/B"));
        h.record(0, List.of());
        h.record(0, List.of("b/B"));
        assertEquals(0.75, h.of("a/A"), 1e-9);
        assertEquals(0.5, h.of("b/B"), 1e-9);
        assertEquals(0.0, h.of("c/C"));
        assertEquals(List.of("a/A"), h.hotterThan(0.6));
    }

    @Test
    void olderRoundsFadeWithTheHalfLife() {
        ClassHeat h = new ClassHeat(1_000);
        h.record(0, List.of("old/Phase"));
        h.record(1_000, List.of("new/Phase"));
        // the first round now weighs 1/2: old 0.5 / 1.5, new 1 / 1.5
        assertEquals(1 / 3.0, h.of("old/Phase"), 1e-9);
        assertEquals(2 / 3.0, h.of("new/Phase"), 1e-9);
        for (long t = 2_000; t <= 12_000; t += 1_000) {
            h.record(t, List.of("new/Phase"));
        }
        assertEquals(0.0, h.of("old/Phase"), "forgotten below a thousandth of a round");
        assertTrue(h.of("new/Phase") > 0.99);
    }

    @Test
    void theInnermostFrameOutsideTheBootClassPathsUnnamedModuleIsCredited() {
        StackTraceElement snippet = new StackTraceElement(null, null, null, "io.taper.analysis.sfa.SfaSnippets",
                "m$taper$switched", null, -1);
        StackTraceElement program = new StackTraceElement("app", null, null, "com.example.Loop", "run", null, 10);
        StackTraceElement jdk = new StackTraceElement(null, "java.base", "17", "java.util.HashMap", "get", null, 5);
        assertTrue(ClassHeat.isTapers(snippet));
        assertFalse(ClassHeat.isTapers(program));
        assertFalse(ClassHeat.isTapers(jdk));
        assertEquals("com/example/Loop", ClassHeat.innermostProgramClass(new StackTraceElement[] {snippet, program}));
        assertEquals("java/util/HashMap", ClassHeat.innermostProgramClass(new StackTraceElement[] {jdk, program}));
        assertNull(ClassHeat.innermostProgramClass(new StackTraceElement[] {snippet}));
        StackTraceElement epoll = new StackTraceElement(null, "java.base", "17", "sun.nio.ch.EPoll", "wait", null, -2);
        assertTrue(epoll.isNativeMethod());
        assertNull(ClassHeat.innermostProgramClass(new StackTraceElement[] {epoll, program}), "waiting in native code");
    }

    @Test
    void reweavePoliciesParseAndAWrongOneSaysWhatIsAccepted() {
        assertEquals(new CodeRemovalModel.Settings(true, 0.02), CodeRemovalModel.Settings.parse("model"));
        assertFalse(CodeRemovalModel.Settings.parse("").enabled(), "never, by default");
        assertEquals(new CodeRemovalModel.Settings(true, 0.5), CodeRemovalModel.Settings.parse("MODEL:0.5"));
        assertFalse(CodeRemovalModel.Settings.parse("never").enabled());
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> CodeRemovalModel.Settings.parse("model:2"));
        assertEquals("controller.reweave must be model, model:SHARE (0 < SHARE <= 1) or never, got 'model:2'",
                e.getMessage());
    }
}
