package io.taper.analysis.bytecodecount.weave;

import io.taper.api.ThreadCounterCode;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.InstructionAdapter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Where a class's counters are and how woven code reaches them: the thread's array of the class by slot
 * ({@code ThreadCounters.counters(slot, size)}, counters from 0), or, in a JVM whose {@code Thread} has the counters'
 * field, the thread's one array ({@code Thread.currentThread().taperCounts}, tested for length by the method's own
 * code) with the class's counters from {@code base}. Slot and base-relative counter numbers are {@code ldc} constants
 * of their own: the woven-class cache writes a later run's numbers into them.
 *
 * @param base the class's first counter in the thread's field array, or -1 to count by slot
 */
record CounterArray(ClassNode owner, int slot, int size, int base) {

    /** Leaves the array the method counts into on the stack (the whole class's counters available in it). */
    void fetch(InstructionAdapter c, MethodNode m) {
        if (base < 0) {
            c.getDelegate().visitLdcInsn(slot);
            c.iconst(size);
            c.invokestatic(ThreadCounterCode.OWNER, "counters", "(II)[J", false);
        } else {
            ThreadCounterCode.fieldArray(c.getDelegate(), base + size - 1, frames(), entryLocals(m));
        }
    }

    /** Pushes counter {@code counter}'s index into the fetched array. */
    void index(InstructionAdapter c, int counter) {
        if (base < 0) {
            c.iconst(counter);
        } else {
            c.getDelegate().visitLdcInsn(base + counter);
        }
    }

    /** Code that counts one entry of a method: no local, no frame but, through the field, the join's. */
    void countEntry(MethodNode scratch, MethodNode m, int counter) {
        if (base < 0) {
            ThreadCounterCode.count(scratch, slot, size, counter);
        } else {
            ThreadCounterCode.fieldArray(scratch, base + counter, frames(), entryLocals(m));
            scratch.visitLdcInsn(base + counter);
            scratch.visitMethodInsn(Opcodes.INVOKESTATIC, ThreadCounterCode.FIELD_OWNER, "add", "([JI)V", false);
        }
    }

    private boolean frames() {
        return (owner.version & 0xFFFF) >= Opcodes.V1_6;
    }

    /** The entry frame's locals as an expanded frame names them (the woven class was read with expanded frames). */
    private Object[] entryLocals(MethodNode m) {
        List<Object> locals = new ArrayList<>();
        if ((m.access & Opcodes.ACC_STATIC) == 0) {
            boolean uninitialised = "<init>".equals(m.name) && !"java/lang/Object".equals(owner.name);
            locals.add(uninitialised ? Opcodes.UNINITIALIZED_THIS : owner.name);
        }
        for (Type t : Type.getArgumentTypes(m.desc)) {
            switch (t.getSort()) {
                case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> locals.add(Opcodes.INTEGER);
                case Type.FLOAT -> locals.add(Opcodes.FLOAT);
                case Type.LONG -> locals.add(Opcodes.LONG);
                case Type.DOUBLE -> locals.add(Opcodes.DOUBLE);
                case Type.ARRAY -> locals.add(t.getDescriptor());
                default -> locals.add(t.getInternalName());
            }
        }
        return locals.toArray();
    }
}
