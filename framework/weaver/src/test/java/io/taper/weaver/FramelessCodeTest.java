package io.taper.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.weaver.snippets.InstructionSnippets;
import io.taper.weaver.snippets.JdkFieldReadSnippets;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.util.CheckClassAdapter;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceClassVisitor;

/**
 * Class files without stack map frames (what the JVM hands over for retransformations of start-up classes
 * when class data sharing is off): the weaver types the operand stack by data flow, so the snippets get the
 * same values as with frames, where before they got defaults after the first jump.
 */
class FramelessCodeTest {

    private static final String TARGET = "validation/targets/InstructionKinds";

    private static byte[] withoutFrames(byte[] b) {
        ClassWriter w = new ClassWriter(0);
        new ClassReader(b).accept(w, ClassReader.SKIP_FRAMES);
        return w.toByteArray();
    }

    private static byte[] weave(byte[] b) {
        Weaver weaver = Weaver.create(AnalysisSpec.of("kinds", List.of(InstructionSnippets.class), List.of()));
        WeaveResult r = weaver.weave(new WeaveRequest(0, TARGET, b, Deployment.ALL_ENABLED));
        assertEquals(WeaveResult.Status.WOVEN, r.status(), String.valueOf(r.error()));
        return r.bytes();
    }

    private static String code(byte[] b) {
        StringWriter out = new StringWriter();
        new ClassReader(b).accept(new TraceClassVisitor(null, new Textifier(), new PrintWriter(out)), ClassReader.SKIP_FRAMES);
        // the stack sizes too: without frames ASM's linear scan underestimated them (ControlFlowMaxs)
        return out.toString();
    }

    @Test
    void framelessCodeIsWovenExactlyAsTheSameCodeWithFrames() throws Exception {
        byte[] original = SitesAndDeploymentTest.classBytes(TARGET);
        String withFrames = code(weave(original));
        String frameless = code(weave(withoutFrames(original)));
        assertTrue(withFrames.length() > 10_000, "a big woven class: " + withFrames.length());
        assertEquals(withFrames, frameless);
    }

    /**
     * A real JDK class as the JVM reconstitutes it without frames: the woven code passes ASM's data-flow
     * verifier, which also checks every method's declared stack size. Before {@code ControlFlowMaxs},
     * {@code loadProvider} declared 6 where it needs 8, and a garbage collection that found it on a stack
     * stopped the JVM.
     */
    @Test
    void aFramelessJdkClassGetsTheStackSizeItsWovenCodeNeeds() throws Exception {
        byte[] original;
        try (java.io.InputStream in = Object.class.getResourceAsStream("/java/util/ServiceLoader.class")) {
            original = in.readAllBytes();
        }
        Weaver weaver = Weaver.create(AnalysisSpec.of("reads", List.of(JdkFieldReadSnippets.class), List.of()));
        WeaveResult r = weaver.weave(new WeaveRequest(0, "java/util/ServiceLoader", withoutFrames(original),
            Deployment.ALL_ENABLED));
        assertEquals(WeaveResult.Status.WOVEN, r.status(), String.valueOf(r.error()));
        assertEquals(new ClassReader(original).readShort(6), new ClassReader(r.bytes()).readShort(6),
            "the class keeps its version");
        StringWriter problems = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(r.bytes()), FramelessCodeTest.class.getClassLoader(), false,
            new PrintWriter(problems));
        assertEquals("", problems.toString());
    }

    @Test
    void theFramelessResultIsTypeCorrectByDataFlow() throws Exception {
        byte[] woven = weave(withoutFrames(SitesAndDeploymentTest.classBytes(TARGET)));
        StringWriter problems = new StringWriter();
        // ASM's verifier infers types by data flow, as the JVM's old verifier does: no frames needed
        CheckClassAdapter.verify(new ClassReader(woven), FramelessCodeTest.class.getClassLoader(), false,
            new PrintWriter(problems));
        assertEquals("", problems.toString());
    }
}
