package io.taper.weaver.oopmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.testing.JavaBaseClasses;
import io.taper.weaver.OopMapCheck;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodNode;

/** The oop-map rules on planted methods (each breaks one rule, or looks as if it did and does not) and on java.base. */
class OopMapCheckTest {

    private static MethodNode method(String desc, int access, int maxStack, int maxLocals, Consumer<MethodVisitor> code) {
        MethodNode m = new MethodNode(Opcodes.ASM9, access, "planted", desc, null, null);
        m.visitCode();
        code.accept(m);
        m.visitMaxs(maxStack, maxLocals);
        m.visitEnd();
        return m;
    }

    private static MethodNode staticMethod(String desc, int maxStack, int maxLocals, Consumer<MethodVisitor> code) {
        return method(desc, Opcodes.ACC_STATIC, maxStack, maxLocals, code);
    }

    @Test
    void aStackDeeperThanDeclaredIsAnOverflowAtTheInstructionThatPushesPastIt() {
        MethodNode m = staticMethod("()V", 1, 0, mv -> {
            mv.visitInsn(Opcodes.ICONST_1);
            mv.visitInsn(Opcodes.ICONST_2);
            mv.visitInsn(Opcodes.POP2);
            mv.visitInsn(Opcodes.RETURN);
        });
        assertEquals("planted()V at instruction 1: stack overflow: max_stack 1 is too small",
            String.valueOf(OopMapCheck.check(m)));
        m.maxStack = 2;
        assertNull(OopMapCheck.check(m));
    }

    /** The same local an int on one path, a reference on the other, then loaded as a reference. */
    private static MethodNode refValJoin(boolean secondPathStores) {
        return staticMethod("(Z)V", 1, 2, mv -> {
            Label other = new Label();
            Label join = new Label();
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitJumpInsn(Opcodes.IFEQ, other);
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitVarInsn(Opcodes.ISTORE, 1);
            mv.visitJumpInsn(Opcodes.GOTO, join);
            mv.visitLabel(other);
            if (secondPathStores) {
                mv.visitInsn(Opcodes.ACONST_NULL);
                mv.visitVarInsn(Opcodes.ASTORE, 1);
            }
            mv.visitLabel(join);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitInsn(Opcodes.POP);
            mv.visitInsn(Opcodes.RETURN);
        });
    }

    @Test
    void aReferenceLoadOfALocalThatMayHoldAValueNeedsARewriteTheJvmDoesNotDo() {
        assertEquals("planted(Z)V at instruction 9: a local loaded as a reference may hold a value or a return"
            + " address (local 1): the JVM would have to rewrite the method", String.valueOf(OopMapCheck.check(
                refValJoin(true))));
    }

    @Test
    void aReferenceLoadOfALocalThatMayHoldNothingIsNoConflict() {
        // uninitialised on one path: HotSpot sets such a local to null at entry and interprets again
        MethodNode m = staticMethod("(Z)V", 1, 2, mv -> {
            Label join = new Label();
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitJumpInsn(Opcodes.IFEQ, join);
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitVarInsn(Opcodes.ASTORE, 1);
            mv.visitLabel(join);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitInsn(Opcodes.POP);
            mv.visitInsn(Opcodes.RETURN);
        });
        assertNull(OopMapCheck.check(m));
    }

    /**
     * Local 1 holds a reference at a call that can trap, then an int; with {@code overwrite}, a reference again before
     * the next call. The handler loads it as a reference.
     */
    private static MethodNode handlerLoadsLocal(boolean overwrite) {
        return staticMethod("()V", 1, 2, mv -> {
            Label start = new Label();
            Label end = new Label();
            Label handler = new Label();
            Label done = new Label();
            mv.visitTryCatchBlock(start, end, handler, null);
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitVarInsn(Opcodes.ASTORE, 1);
            mv.visitLabel(start);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Thread", "yield", "()V", false);
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitVarInsn(Opcodes.ISTORE, 1);
            if (overwrite) {
                mv.visitInsn(Opcodes.ACONST_NULL);
                mv.visitVarInsn(Opcodes.ASTORE, 1);
            }
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Thread", "yield", "()V", false);
            mv.visitLabel(end);
            mv.visitJumpInsn(Opcodes.GOTO, done);
            mv.visitLabel(handler);
            mv.visitInsn(Opcodes.POP);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitInsn(Opcodes.POP);
            mv.visitLabel(done);
            mv.visitInsn(Opcodes.RETURN);
        });
    }

    @Test
    void aHandlerGetsTheLocalsBeforeEveryInstructionThatCanTrapInItsRange() {
        // the second call can trap with an int in local 1: the handler's aload sees a reference or a value
        assertEquals("planted()V at instruction 11: a local loaded as a reference may hold a value or a return"
            + " address (local 1): the JVM would have to rewrite the method",
            String.valueOf(OopMapCheck.check(handlerLoadsLocal(false))));
    }

    @Test
    void instructionsThatCannotTrapGiveTheirHandlerNothing() {
        // the int is overwritten before the next instruction that can trap: the handler sees references only
        assertNull(OopMapCheck.check(handlerLoadsLocal(true)));
    }

    @Test
    void theStackHeightMustAgreeWherePathsJoin() {
        MethodNode m = staticMethod("(Z)V", 2, 1, mv -> {
            Label join = new Label();
            mv.visitInsn(Opcodes.ICONST_1);
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitJumpInsn(Opcodes.IFEQ, join);
            mv.visitInsn(Opcodes.POP);
            mv.visitLabel(join);
            mv.visitInsn(Opcodes.RETURN);
        });
        assertEquals("planted(Z)V at instruction 3: stack height conflict at instruction 4: 0 vs. 1",
            String.valueOf(OopMapCheck.check(m)));
    }

    @Test
    void codeMustNotFallOffItsEnd() {
        MethodNode m = staticMethod("()V", 1, 0, mv -> {
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitInsn(Opcodes.POP);
        });
        assertEquals("planted()V at instruction 1: code falls off its end", String.valueOf(OopMapCheck.check(m)));
    }

    @Test
    void localsLieWithinMaxLocalsAndStoresTakeTheirOwnKind() {
        assertEquals("planted()V at instruction 0: local 3 outside max_locals 1", String.valueOf(OopMapCheck.check(
            staticMethod("()V", 1, 1, mv -> {
                mv.visitVarInsn(Opcodes.ILOAD, 3);
                mv.visitInsn(Opcodes.POP);
                mv.visitInsn(Opcodes.RETURN);
            }))));
        assertEquals("planted()V at instruction 1: wrong kind on the stack: a reference where a value is taken",
            String.valueOf(OopMapCheck.check(staticMethod("()V", 1, 1, mv -> {
                mv.visitInsn(Opcodes.ACONST_NULL);
                mv.visitVarInsn(Opcodes.ISTORE, 0);
                mv.visitInsn(Opcodes.RETURN);
            }))));
        assertEquals("planted(J)V at instruction 0: max_locals 1 below the arguments' 2",
            String.valueOf(OopMapCheck.check(staticMethod("(J)V", 0, 1, mv -> mv.visitInsn(Opcodes.RETURN)))));
    }

    @Test
    void aJsrSubroutineReturnsToEachCallersNextInstruction() {
        MethodNode m = staticMethod("()I", 1, 2, mv -> {
            Label sub = new Label();
            mv.visitJumpInsn(Opcodes.JSR, sub);
            mv.visitJumpInsn(Opcodes.JSR, sub);
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitInsn(Opcodes.IRETURN);
            mv.visitLabel(sub);
            mv.visitVarInsn(Opcodes.ASTORE, 1);
            mv.visitVarInsn(Opcodes.RET, 1);
        });
        assertNull(OopMapCheck.check(m));
    }

    /** The rules must not reject what the JDK itself ships: every method of every java.base class conforms. */
    @Test
    void everyMethodOfJavaBaseConforms() throws IOException {
        Map<String, byte[]> classes = JavaBaseClasses.read();
        List<String> violations = new ArrayList<>();
        classes.forEach((name, bytes) -> OopMapCheck.check(bytes).forEach(v -> violations.add(name + " " + v)));
        assertTrue(classes.size() > 5000, "classes " + classes.size());
        assertEquals(List.of(), violations);
    }
}
