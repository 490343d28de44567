package io.taper.api;

import org.objectweb.asm.MethodVisitor;
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
