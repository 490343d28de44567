package io.taper.analysis.coverage.weave;

import org.jacoco.core.internal.instr.IProbeArrayStrategy;
import org.jacoco.core.internal.instr.InstrSupport;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * How a woven method gets its class's probe array: a call to {@code ProbeArrays.probes} with the class's slot and
 * probe count as constants (about ten bytes of code: few enough to keep small methods under the JIT's inlining
 * limits; the class's name and id travel with the class as facts instead). The slot is an {@code ldc} of a constant
 * of its own, so that a later run can take the woven class from the cache and write its own slot into it. Nothing is added to the class (JaCoCo adds a field and
 * a method, which reflection and serialisation see).
 */
final class ProbeArrayFetch implements IProbeArrayStrategy {

    static final String OWNER = "io/taper/runtime/state/ProbeArrays";
    static final String NAME = "probes";
    static final String DESC = "(II)[Z";

    private final int slot;
    private final int count;
    private final String className;

    ProbeArrayFetch(int slot, int count, String className) {
        this.slot = slot;
        this.count = count;
        this.className = className;
    }

    @Override
    public int storeInstance(MethodVisitor mv, boolean clinit, int variable) {
        mv.visitLdcInsn(slot);
        InstrSupport.push(mv, count);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, OWNER, NAME, DESC, false);
        mv.visitVarInsn(Opcodes.ASTORE, variable);
        return 2;
    }

    @Override
    public void addMembers(ClassVisitor cv, int probeCount) {
        if (probeCount != count) {
            throw new IllegalStateException(className + ": " + probeCount + " probes woven, " + count + " counted");
        }
    }
}
