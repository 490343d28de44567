package io.taper.analysis.coverage.weave;

import org.jacoco.core.internal.instr.IProbeArrayStrategy;
import org.jacoco.core.internal.instr.InstrSupport;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * How a woven method gets its class's probe array: a call to {@code CoverageProbes.probes} with the class's slot,
 * probe count, JaCoCo id and name as constants. Nothing is added to the class (JaCoCo adds a field and a method,
 * which reflection and serialisation see).
 */
final class ProbeArrayFetch implements IProbeArrayStrategy {

    static final String OWNER = "io/taper/analysis/coverage/CoverageProbes";
    static final String NAME = "probes";
    static final String DESC = "(IIJLjava/lang/String;)[Z";

    private final int slot;
    private final int count;
    private final long classId;
    private final String className;

    ProbeArrayFetch(int slot, int count, long classId, String className) {
        this.slot = slot;
        this.count = count;
        this.classId = classId;
        this.className = className;
    }

    @Override
    public int storeInstance(MethodVisitor mv, boolean clinit, int variable) {
        InstrSupport.push(mv, slot);
        InstrSupport.push(mv, count);
        mv.visitLdcInsn(classId);
        mv.visitLdcInsn(className);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, OWNER, NAME, DESC, false);
        mv.visitVarInsn(Opcodes.ASTORE, variable);
        return 5;   // int, int, long (2), reference
    }

    @Override
    public void addMembers(ClassVisitor cv, int probeCount) {
        if (probeCount != count) {
            throw new IllegalStateException(className + ": " + probeCount + " probes woven, " + count + " counted");
        }
    }
}
