package io.taper.weaver.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.runtime.SiteInfo;
import io.taper.weaver.AnalysisSpec;
import io.taper.weaver.Deployment;
import io.taper.weaver.WeaveRequest;
import io.taper.weaver.WeaveResult;
import io.taper.weaver.Weaver;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The README's example snippet class loads and weaves what it says. */
class ReadmeExampleTest {

    /** com.acme.Hot { int n; Hot() { n = 1; } void set(Object o) { n = 2; } } */
    private static byte[] hot() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "com/acme/Hot", null, "java/lang/Object", null);
        cw.visitField(0, "n", "I", null, null).visitEnd();
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitFieldInsn(Opcodes.PUTFIELD, "com/acme/Hot", "n", "I");
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "set", "(Ljava/lang/Object;)V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.ICONST_2);
        mv.visitFieldInsn(Opcodes.PUTFIELD, "com/acme/Hot", "n", "I");
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void exampleLoadsAndWeaves() {
        Weaver w = Weaver.create(AnalysisSpec.of("example", List.of(ExampleSnippets.class),
            List.of("com.acme.generated.*.*", "*.toString")));
        assertEquals(List.of("ExampleSnippets.enter", "ExampleSnippets.exit", "ExampleSnippets.block",
            "ExampleSnippets.write", "calls"), w.groups());
        WeaveResult r = w.weave(new WeaveRequest(0, null, hot(), Deployment.ALL_ENABLED));
        assertEquals(WeaveResult.Status.WOVEN, r.status());
        // per method: enter, exit, one block, calls; the putfield in set() only (the guard skips <init>)
        assertEquals(List.of("<init> ExampleSnippets.enter", "<init> ExampleSnippets.exit",
            "<init> ExampleSnippets.block", "<init> calls", "set ExampleSnippets.enter", "set ExampleSnippets.exit",
            "set ExampleSnippets.block", "set ExampleSnippets.write", "set calls"),
            r.sites().stream().map(s -> s.methodName() + " " + s.snippet()).toList());
        SiteInfo calls = r.sites().get(8);
        WeaveResult cheap = w.weave(new WeaveRequest(0, null, hot(), Deployment.ALL_ENABLED.withVariant(calls.id(), "cheap")));
        assertEquals("cheap", cheap.sites().get(8).variant());
    }
}
