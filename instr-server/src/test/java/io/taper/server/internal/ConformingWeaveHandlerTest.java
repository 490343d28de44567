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
        assertEquals(Map.of("classesChecked", 1L, "classesPassedBefore", 0L, "methodsKeptOriginal", 1L, "classesFailed", 0L),
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
        assertEquals(Map.of("classesChecked", 1L, "classesPassedBefore", 0L, "methodsKeptOriginal", 0L, "classesFailed", 1L),
            withoutMillis(h.stats()));
    }

    /** x/Numbered: {@code n()I} returns {@code ldc value}, after {@code extraNops} nops. */
    private static byte[] numbered(int value, int extraNops) {
        ClassWriter w = new ClassWriter(0);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "x/Numbered", null, "java/lang/Object", null);
        MethodVisitor m = w.visitMethod(Opcodes.ACC_STATIC, "n", "()I", null, null);
        m.visitCode();
        for (int i = 0; i < extraNops; i++) {
            m.visitInsn(Opcodes.NOP);
        }
        m.visitLdcInsn(value);
        m.visitInsn(Opcodes.IRETURN);
        m.visitMaxs(1, 0);
        m.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }

    @Test
    void classesThatPassedInAnEarlierRunAreNotCheckedAgain(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        ConformingWeaveHandler first = new ConformingWeaveHandler(
            request -> new WeaveHandler.Outcome(WeaveStatus.WOVEN, numbered(100_001, 0), List.of(SITE), ""),
            OopMapVerdicts.open(dir));
        first.weave(request());
        ConformingWeaveHandler broken = new ConformingWeaveHandler(
            request -> new WeaveHandler.Outcome(WeaveStatus.WOVEN, planted(true, 1, false), List.of(SITE), ""),
            OopMapVerdicts.open(dir));
        broken.weave(request());
        broken.close();
        first.close();
        OopMapVerdicts kept = OopMapVerdicts.open(dir);
        assertEquals(1, kept.loaded(), "the pass, not the class that broke a rule");
        // a later run's numbers in the constants: the same verdict; other code: checked
        byte[][] answers = {numbered(200_002, 0), numbered(200_002, 1), planted(true, 1, false)};
        int[] next = {0};
        ConformingWeaveHandler later = new ConformingWeaveHandler(
            request -> new WeaveHandler.Outcome(WeaveStatus.WOVEN, answers[next[0]++], List.of(SITE), ""), kept);
        for (int i = 0; i < answers.length; i++) {
            later.weave(request());
        }
        assertEquals(Map.of("classesChecked", 2L, "classesPassedBefore", 1L, "methodsKeptOriginal", 1L,
            "classesFailed", 0L), withoutMillis(later.stats()));
    }

    @Test
    void onlyTheLastFilesOfOtherBuildsStay(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        for (int i = 0; i < 6; i++) {
            java.nio.file.Path f = dir.resolve("oopmap-passed-old" + i + ".bin");
            java.nio.file.Files.write(f, new byte[16]);
            java.nio.file.Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.fromMillis(1_000_000L * i));
        }
        java.nio.file.Files.write(dir.resolve("other.bin"), new byte[1]);
        OopMapVerdicts.open(dir);
        try (java.util.stream.Stream<java.nio.file.Path> left = java.nio.file.Files.list(dir)) {
            assertEquals(List.of("oopmap-passed-old3.bin", "oopmap-passed-old4.bin", "oopmap-passed-old5.bin",
                "other.bin"), left.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    private static Map<String, Object> withoutMillis(Map<String, Object> stats) {
        Map<String, Object> m = new java.util.HashMap<>(stats);
        m.remove("millis");
        return m;
    }
}
