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
 * ({@code ThreadCounters.counters(slot, size)}), or, in a JVM whose {@code Thread} has the counters' field, the class's
 * page of the thread's table ({@code page(Thread.currentThread().taperCounts, slot)}, tested for length by the
 * method's own code); counters from 0 either way. The slot is an {@code ldc} constant of its own: the woven-class
 * cache writes a later run's slot into it.
 *
 * @param inField whether the class counts through the thread's field
 */
record CounterArray(ClassNode owner, int slot, int size, boolean inField) {

    /** Leaves the array the method counts into on the stack (the whole class's counters available in it). */
    void fetch(InstructionAdapter c, MethodNode m) {
        if (inField) {
            ThreadCounterCode.fieldArray(c.getDelegate(), slot, size, frames(), entryLocals(m));
        } else {
            c.getDelegate().visitLdcInsn(slot);
            c.iconst(size);
            c.invokestatic(ThreadCounterCode.OWNER, "counters", "(II)[J", false);
        }
    }

    /** Pushes counter {@code counter}'s index into the fetched array. */
    void index(InstructionAdapter c, int counter) {
        c.iconst(counter);
    }

    /** Code that counts one entry of a method: no local, no frame but, through the field, the join's. */
    void countEntry(MethodNode scratch, MethodNode m, int counter) {
        if (inField) {
            ThreadCounterCode.fieldArray(scratch, slot, size, frames(), entryLocals(m));
            new InstructionAdapter(scratch).iconst(counter);
            scratch.visitMethodInsn(Opcodes.INVOKESTATIC, ThreadCounterCode.FIELD_OWNER, "add", "([JI)V", false);
        } else {
            ThreadCounterCode.count(scratch, slot, size, counter);
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
