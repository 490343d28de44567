package io.taper.api.marker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.Printer;

/** The built-in markers on small hand-built methods. */
class MarkersTest {

    private static final ClassNode OWNER = new ClassNode();

    static {
        OWNER.name = "t/Owner";
        OWNER.superName = "t/Base";
    }

    /** int f(int x) { while (x > 0) x--; try { x = 10 / x; } catch (ArithmeticException e) { x = -1; } return x; } */
    private static MethodNode loopAndTry() {
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "f", "(I)I", null, null);
        Label head = new Label();
        Label body = new Label();
        Label start = new Label();
        Label end = new Label();
        Label handler = new Label();
        Label done = new Label();
        m.visitTryCatchBlock(start, end, handler, "java/lang/ArithmeticException");
        m.visitJumpInsn(Opcodes.GOTO, head);
        m.visitLabel(body);
        m.visitIincInsn(0, -1);
        m.visitLabel(head);
        m.visitVarInsn(Opcodes.ILOAD, 0);
        m.visitJumpInsn(Opcodes.IFGT, body);
        m.visitLabel(start);
        m.visitIntInsn(Opcodes.BIPUSH, 10);
        m.visitVarInsn(Opcodes.ILOAD, 0);
        m.visitInsn(Opcodes.IDIV);
        m.visitVarInsn(Opcodes.ISTORE, 0);
        m.visitLabel(end);
        m.visitJumpInsn(Opcodes.GOTO, done);
        m.visitLabel(handler);
        m.visitInsn(Opcodes.POP);
        m.visitInsn(Opcodes.ICONST_M1);
        m.visitVarInsn(Opcodes.ISTORE, 0);
        m.visitLabel(done);
        m.visitVarInsn(Opcodes.ILOAD, 0);
        m.visitInsn(Opcodes.IRETURN);
        return m;
    }

    private static List<String> render(List<MarkedRegion> regions) {
        List<String> out = new ArrayList<>();
        for (MarkedRegion r : regions) {
            StringBuilder sb = new StringBuilder(name(r.start()));
            for (AbstractInsnNode e : r.ends()) {
                sb.append(" .. ").append(name(e));
            }
            out.add(sb.toString());
        }
        return out;
    }

    private static String name(AbstractInsnNode n) {
        return n instanceof LabelNode ? "label" : Printer.OPCODES[n.getOpcode()].toLowerCase();
    }

    @Test
    void basicBlocks() {
        MethodNode m = loopAndTry();
        assertEquals(List.of("goto .. goto", "iinc .. iinc", "iload .. ifgt", "bipush .. goto", "pop .. istore",
            "iload .. ireturn"), render(new BasicBlockMarker().mark(OWNER, m, "")));
        BasicBlocks blocks = BasicBlocks.of(m, false);
        assertEquals(6, blocks.count());
        assertEquals(List.of(1, 1, 2, 5, 3, 2), sizes(blocks));
        // labels belong to the block of the next instruction
        assertEquals(2, blocks.blockAt(m.instructions.indexOf(m.instructions.get(3))));
    }

    @Test
    void preciseBasicBlocksAlsoEndAfterInstructionsThatMayThrow() {
        assertEquals(List.of("goto .. goto", "iinc .. iinc", "iload .. ifgt", "bipush .. idiv", "istore .. goto",
            "pop .. istore", "iload .. ireturn"), render(new PreciseBasicBlockMarker().mark(OWNER, loopAndTry(), "")));
    }

    private static List<Integer> sizes(BasicBlocks b) {
        List<Integer> s = new ArrayList<>();
        for (int i = 0; i < b.count(); i++) {
            s.add(b.size(i));
        }
        return s;
    }

    @Test
    void bodyHandlerAndBytecodeMarkers() {
        MethodNode m = loopAndTry();
        List<MarkedRegion> body = new BodyMarker().mark(OWNER, m, "");
        assertEquals(1, body.size());
        assertSame(m.instructions.getFirst(), body.get(0).start());
        assertEquals(List.of("ireturn"), body.get(0).ends().stream().map(MarkersTest::name).toList());
        assertEquals("ireturn", name(body.get(0).exceptionEnd()));
        assertEquals(true, body.get(0).isWholeBody());
        assertEquals(List.of("pop .. istore"), render(new ExceptionHandlerMarker().mark(OWNER, m, "")));
        assertEquals(List.of("iload .. iload", "iload .. iload", "iload .. iload"),
            render(new BytecodeMarker().mark(OWNER, m, "iload")));
        assertEquals(List.of("idiv .. idiv", "istore .. istore", "istore .. istore"),
            render(new BytecodeMarker().mark(OWNER, m, " IDIV , istore")));
    }

    @Test
    void bytecodeMarkerArguments() {
        assertEquals("unknown opcode 'getfeld' in \"getfield,getfeld\" (expected mnemonics such as getfield,putfield)",
            assertThrows(IllegalArgumentException.class, () -> new BytecodeMarker().checkArgs("getfield,getfeld"))
                .getMessage());
        assertEquals("BytecodeMarker needs an opcode list, e.g. \"getfield,putfield\"",
            assertThrows(IllegalArgumentException.class, () -> new BytecodeMarker().checkArgs(" , ")).getMessage());
        assertEquals(Opcodes.INVOKEDYNAMIC, OpcodeNames.opcode("invokedynamic"));
        assertEquals(Opcodes.IF_ACMPNE, OpcodeNames.opcode("IF_ACMPNE"));
        assertEquals(-1, OpcodeNames.opcode("ldc_w"));
        // every mnemonic ASM prints is known, with its opcode; ldc_w, iload_0, wide, goto_w... have no tree node
        List<String> wrong = new ArrayList<>();
        int known = 0;
        for (int op = 0; op < Printer.OPCODES.length; op++) {
            String name = Printer.OPCODES[op];
            if (!name.isEmpty()) {
                known++;
                if (OpcodeNames.opcode(name) != op) {
                    wrong.add(name);
                }
            }
        }
        List<String> noTreeNode = new ArrayList<>(List.of("LDC_W", "LDC2_W"));
        for (String kind : List.of("LOAD", "STORE")) {
            for (String t : List.of("I", "L", "F", "D", "A")) {
                for (int i = 0; i < 4; i++) {
                    noTreeNode.add(t + kind + "_" + i);
                }
            }
        }
        noTreeNode.add("WIDE");
        wrong.sort(null);
        noTreeNode.sort(null);
        assertEquals(noTreeNode, wrong);
        assertEquals(200, known);
    }

    /** Child(String s) { this.s = s; super(new Object()); return; } with a nested `new` before the super call. */
    @Test
    void afterInitStartsAfterTheSuperCall() {
        MethodNode m = new MethodNode(Opcodes.ACC_PUBLIC, "<init>", "(Ljava/lang/String;)V", null, null);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitFieldInsn(Opcodes.PUTFIELD, "t/Owner", "s", "Ljava/lang/String;");
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitTypeInsn(Opcodes.NEW, "t/Base");
        m.visitInsn(Opcodes.DUP);
        m.visitMethodInsn(Opcodes.INVOKESPECIAL, "t/Base", "<init>", "()V", false);
        m.visitMethodInsn(Opcodes.INVOKESPECIAL, "t/Base", "<init>", "(Ljava/lang/Object;)V", false);
        m.visitInsn(Opcodes.RETURN);
        MethodInsnNode call = Constructors.initCall(OWNER, m);
        assertEquals("(Ljava/lang/Object;)V", call.desc);
        List<MarkedRegion> r = new AfterInitBodyMarker().mark(OWNER, m, "");
        assertSame(call.getNext(), r.get(0).start());
        assertEquals(List.of("return .. return"), render(r));
        // a plain method: the whole body; a constructor whose super call cannot be found: nothing
        assertSame(loopAndTry().instructions.getFirst().getClass(), new AfterInitBodyMarker().mark(OWNER, loopAndTry(), "")
            .get(0).start().getClass());
        MethodNode broken = new MethodNode(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        broken.visitInsn(Opcodes.RETURN);
        assertNull(Constructors.initCall(OWNER, broken));
        assertEquals(List.of(), new AfterInitBodyMarker().mark(OWNER, broken, ""));
    }

    @Test
    void regionsRejectFramesAndLabelEnds() {
        MethodNode m = loopAndTry();
        LabelNode label = (LabelNode) m.instructions.get(1);
        assertEquals("region ends must be instructions, not labels/frames/lines", assertThrows(
            IllegalArgumentException.class, () -> new MarkedRegion(m.instructions.getFirst(), label)).getMessage());
        assertEquals("a region cannot start at a frame node", assertThrows(IllegalArgumentException.class,
            () -> new MarkedRegion(new org.objectweb.asm.tree.FrameNode(Opcodes.F_NEW, 0, null, 0, null),
                m.instructions.getFirst())).getMessage());
    }
}
