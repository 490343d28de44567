package io.taper.api;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.InstructionAdapter;

/**
 * The code a {@link ClassTransform} weaves to count into the runtime's per-thread counter arrays
 * ({@code io.taper.runtime.state.ThreadCounters}, which an analysis turns on with {@code thread.counters=true}).
 */
public final class ThreadCounterCode {

    /** The runtime class the woven code calls. */
    public static final String OWNER = "io/taper/runtime/state/ThreadCounters";

    private ThreadCounterCode() {
    }

    /** The runtime class of the counters a field of {@code java.lang.Thread} holds. */
    public static final String FIELD_OWNER = "io/taper/runtime/state/ThreadFieldCounters";

    /**
     * The transform option that says the observed JVM's {@code Thread} has the counters' field (the launcher patched
     * {@code java.base}): count through {@link #countThroughField} and {@link #fieldArray}.
     */
    public static final String FIELD_OPTION = "thread.field";

    /**
     * {@code a = Thread.currentThread().taperCounts; if (a.length <= counter) a = grown(counter); add(a, counter)}:
     * for a JVM whose {@code java.base} is patched with the field. The length test is the woven method's own, so
     * the JIT compiles its rare path on the method's own profile. At a method's first instruction only: the frame at
     * the join is the entry frame with the array on the stack.
     *
     * @param counter the counter's number in the thread's array (a run number: an {@code ldc} of its own)
     * @param frames  whether the class file has stack map frames (version 50 and later)
     */
    public static void countThroughField(MethodVisitor mv, int counter, boolean frames) {
        fieldArray(mv, counter, frames, null, "counted");
        mv.visitLdcInsn(counter);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, FIELD_OWNER, "add", "([JI)V", false);
    }

    /**
     * {@code a = Thread.currentThread().taperCounts; if (a.length <= last) a = grown(last)}, the array left on the
     * stack: at a method's first instruction only.
     *
     * @param last        the highest counter the method increments (a run number: an {@code ldc} of its own)
     * @param frames      whether the class file has stack map frames (version 50 and later)
     * @param entryLocals the entry frame's locals, expanded ({@code F_NEW}: for a method read with expanded frames),
     *                    or null for a compressed frame that repeats them ({@code F_SAME1})
     */
    public static void fieldArray(MethodVisitor mv, int last, boolean frames, Object[] entryLocals) {
        fieldArray(mv, last, frames, entryLocals, "grown");
    }

    /**
     * {@link #fieldArray}, with the rare path {@code rare}: {@code grown} for an array the code keeps for several
     * counts, {@code counted} for one count of {@code last} and no more (exact past the counters' budget).
     */
    private static void fieldArray(MethodVisitor mv, int last, boolean frames, Object[] entryLocals, String rare) {
        Label join = new Label();
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Thread", "currentThread", "()Ljava/lang/Thread;", false);
        mv.visitFieldInsn(Opcodes.GETFIELD, "java/lang/Thread", "taperCounts", "[J");
        mv.visitInsn(Opcodes.DUP);
        mv.visitInsn(Opcodes.ARRAYLENGTH);
        mv.visitLdcInsn(last);
        mv.visitJumpInsn(Opcodes.IF_ICMPGT, join);
        mv.visitInsn(Opcodes.POP);
        mv.visitLdcInsn(last);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, FIELD_OWNER, rare, "(I)[J", false);
        mv.visitLabel(join);
        if (frames && entryLocals == null) {
            mv.visitFrame(Opcodes.F_SAME1, 0, null, 1, new Object[] {"[J"});
        } else if (frames) {
            mv.visitFrame(Opcodes.F_NEW, entryLocals.length, entryLocals, 1, new Object[] {"[J"});
        }
    }

    /**
     * {@code ThreadCounters.count(slot, size, counter)}: one counter's increment as a call, about ten bytes at a stack
     * depth of three, with no local and no frame to change. The slot is pushed by an {@code ldc} of a constant of its
     * own (the shortest push would not be: the woven-class cache writes a later run's slot into that constant); the
     * size and the counter by the shortest push.
     */
    public static void count(MethodVisitor mv, int slot, int size, int counter) {
        InstructionAdapter c = new InstructionAdapter(mv);
        mv.visitLdcInsn(slot);
        c.iconst(size);
        c.iconst(counter);
        c.invokestatic(OWNER, "count", "(III)V", false);
    }
}
