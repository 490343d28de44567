package io.taper.api;

import java.util.function.Consumer;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Writes a class with {@code COMPUTE_MAXS} computed over the control-flow graph, whatever its version. Every
 * weaver and transform that lets ASM compute stack sizes writes through here.
 *
 * <p>For a class of version 51 or later, ASM's {@code ClassWriter} computes the maximum stack size by a
 * linear scan that trusts a stack map frame at every jump target. A class the JVM reconstitutes for a
 * retransformation has no frames at all when it was loaded without verification (boot classes), and weaving
 * adds frames at most where it adds handlers. The scan then underestimates: woven
 * {@code ServiceLoader.loadProvider} declared a stack of 4 where its code needs 6. The interpreter does not
 * check that, and neither does the verifier (with {@code -Xverify:all} the JVM keeps the frames, so the bytes
 * differ), but HotSpot's oop-map generator does, and stopped the JVM with "Illegal class file encountered"
 * when a garbage collection found that method on a thread's stack. The control-flow computation, which ASM
 * uses for versions before 51, needs no frames. So the writer is told version 50 (the last whose other
 * behaviour in ASM is that of later versions: it still writes {@code StackMapTable}) and the real version
 * goes back into the bytes afterwards.
 */
public final class ControlFlowMaxs {

    private ControlFlowMaxs() {
    }

    /**
     * The class {@code write} sends to a {@code COMPUTE_MAXS} writer (copying {@code reader}'s constant pool
     * when it is not null), as bytes with its real version.
     */
    public static byte[] write(ClassReader reader, Consumer<ClassVisitor> write) {
        ClassWriter writer = reader == null ? new ClassWriter(ClassWriter.COMPUTE_MAXS)
            : new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        return write(writer, write);
    }

    /** As {@link #write(ClassReader, Consumer)}, into a writer of the caller's, made with {@code COMPUTE_MAXS}. */
    public static byte[] write(ClassWriter writer, Consumer<ClassVisitor> write) {
        int[] version = {-1};
        write.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int v, int access, String name, String signature, String superName,
                              String[] interfaces) {
                version[0] = v;
                super.visit(writesAs(v), access, name, signature, superName, interfaces);
            }
        });
        if (version[0] < 0) {
            throw new IllegalStateException("no class was written");
        }
        return withVersion(writer.toByteArray(), version[0]);
    }

    /** A visitor in front of {@code writer} (made with {@code COMPUTE_MAXS}) that hides a version above 50. */
    public static ClassVisitor into(ClassWriter writer) {
        return new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                super.visit(writesAs(version), access, name, signature, superName, interfaces);
            }
        };
    }

    /** The version the writer is told: 50 for any later version. */
    static int writesAs(int version) {
        return (version & 0xFFFF) > Opcodes.V1_6 ? Opcodes.V1_6 : version;
    }

    /** The written class with its real version (minor in the high 16 bits, as ASM has it) put back. */
    public static byte[] withVersion(byte[] written, int version) {
        int minor = version >>> 16;
        int major = version & 0xFFFF;
        written[4] = (byte) (minor >>> 8);
        written[5] = (byte) minor;
        written[6] = (byte) (major >>> 8);
        written[7] = (byte) major;
        return written;
    }
}
