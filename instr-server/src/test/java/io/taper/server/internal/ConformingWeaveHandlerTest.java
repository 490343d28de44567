package io.taper.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.runtime.SiteInfo;
import io.taper.weaver.OopMapCheck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/** A woven method that breaks HotSpot's oop-map rules leaves the server with its original code, counted. */
class ConformingWeaveHandlerTest {

    /**
     * x/Planted with {@code ok()V} and {@code deep()I}; woven, each gets a {@code nop} in front, {@code deep} declares
     * {@code deepStack} (it needs 2), and {@code extra()V} is added when asked.
     */
    private static byte[] planted(boolean woven, int deepStack, boolean extra) {
        ClassWriter w = new ClassWriter(0);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "x/Planted", null, "java/lang/Object", null);
        MethodVisitor ok = w.visitMethod(Opcodes.ACC_STATIC, "ok", "()V", null, null);
        ok.visitCode();
        if (woven) {
            ok.visitInsn(Opcodes.NOP);
        }
        ok.visitInsn(Opcodes.RETURN);
        ok.visitMaxs(0, 0);
        ok.visitEnd();
        MethodVisitor deep = w.visitMethod(Opcodes.ACC_STATIC, "deep", "()I", null, null);
        deep.visitCode();
        if (woven) {
            deep.visitInsn(Opcodes.NOP);
        }
        deep.visitInsn(Opcodes.ICONST_1);
        deep.visitInsn(Opcodes.ICONST_2);
        deep.visitInsn(Opcodes.IADD);
        deep.visitInsn(Opcodes.IRETURN);
        deep.visitMaxs(deepStack, 0);
        deep.visitEnd();
        if (extra) {
            MethodVisitor e = w.visitMethod(Opcodes.ACC_STATIC, "extra", "()V", null, null);
            e.visitCode();
            e.visitInsn(Opcodes.ICONST_0);
            e.visitInsn(Opcodes.RETURN);
            e.visitMaxs(0, 0);
            e.visitEnd();
        }
        w.visitEnd();
        return w.toByteArray();
    }

    private static final SiteInfo SITE = new SiteInfo(3, 1, "x/Planted", "ok", "()V", 0, "s", "", true, Map.of(),
        false);

    private static ConformingWeaveHandler answering(byte[] woven, String note) {
        return new ConformingWeaveHandler(
            request -> new WeaveHandler.Outcome(WeaveStatus.WOVEN, woven, List.of(SITE), note));
    }

    private static Weave request() {
        return new Weave(1, 1, "x/Planted", true, new int[0], Map.of(), planted(false, 2, false));
    }

    private static MethodNode method(byte[] b, String name) {
        ClassNode c = new ClassNode();
        new ClassReader(b).accept(c, 0);
        return c.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aMethodThatBreaksARuleKeepsItsOriginalCodeAndTheOthersStayWoven() {
        ConformingWeaveHandler h = answering(planted(true, 1, false), "");
        WeaveHandler.Outcome o = h.weave(request());
        assertEquals(WeaveStatus.WOVEN, o.status());
        assertEquals(List.of(SITE), o.sites());
        assertEquals("kept original code: x/Planted.deep()I: woven code breaks HotSpot's oop-map rules (stack overflow:"
            + " max_stack 1 is too small)", o.message());
        assertEquals(List.of(), OopMapCheck.check(o.bytes()));
        assertEquals(4, method(o.bytes(), "deep").instructions.size(), "the original's four instructions");
        assertEquals(Opcodes.NOP, method(o.bytes(), "ok").instructions.getFirst().getOpcode(), "ok stays woven");
        assertEquals(Map.of("classesChecked", 1L, "methodsKeptOriginal", 1L, "classesFailed", 0L),
            withoutMillis(h.stats()));
    }

    @Test
    void aNoteOfMethodsKeptBeforeGetsTheNewOnesAppended() {
        WeaveHandler.Outcome o = answering(planted(true, 1, false), "kept original code: x/Planted.big()V: too large")
            .weave(request());
        assertEquals("kept original code: x/Planted.big()V: too large; x/Planted.deep()I: woven code breaks HotSpot's"
            + " oop-map rules (stack overflow: max_stack 1 is too small)", o.message());
    }

    @Test
    void aConformingClassPassesUnchanged() {
        byte[] woven = planted(true, 2, false);
        ConformingWeaveHandler h = answering(woven, "");
        WeaveHandler.Outcome o = h.weave(request());
        assertSame(woven, o.bytes());
        assertEquals("", o.message());
    }

    @Test
    void aBrokenMethodTheWeavingAddedFailsTheClass() {
        ConformingWeaveHandler h = answering(planted(true, 2, true), "");
        WeaveHandler.Outcome o = h.weave(request());
        assertEquals(WeaveStatus.FAILED, o.status());
        assertEquals("woven code breaks HotSpot's oop-map rules: extra()V at instruction 0: stack overflow: max_stack 0"
            + " is too small", o.message());
        assertEquals(Map.of("classesChecked", 1L, "methodsKeptOriginal", 0L, "classesFailed", 1L),
            withoutMillis(h.stats()));
    }

    private static Map<String, Object> withoutMillis(Map<String, Object> stats) {
        Map<String, Object> m = new java.util.HashMap<>(stats);
        m.remove("millis");
        return m;
    }
}
