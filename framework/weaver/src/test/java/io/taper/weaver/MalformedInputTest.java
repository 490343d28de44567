package io.taper.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.taper.api.Before;
import io.taper.api.Guard;
import io.taper.api.StaticContext;
import io.taper.api.marker.MarkedRegion;
import io.taper.api.marker.Marker;
import io.taper.weaver.snippets.DeploySnippets;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/** Bad input and failing analysis code give FAILED or UNCHANGED results with a message, never an exception. */
class MalformedInputTest {

    private static final String DEPLOYED = "validation/targets/Deployed";
    private final Weaver weaver = Weaver.create(AnalysisSpec.of("t", List.of(DeploySnippets.class), List.of()));

    private WeaveResult weave(String name, byte[] bytes) {
        return weaver.weave(new WeaveRequest(0, name, bytes, Deployment.ALL_ENABLED));
    }

    private static void assertFailed(String message, WeaveResult r) {
        assertEquals(WeaveResult.Status.FAILED, r.status());
        assertNull(r.bytes());
        assertEquals(List.of(), r.sites());
        assertEquals(message, r.error());
    }

    @Test
    void unparseableBytesFail() throws IOException {
        assertFailed("a/B: no class bytes", weave("a/B", new byte[0]));
        assertFailed("a/B: no class bytes", weave("a/B", null));
        assertFailed("a/B: cannot parse class file (5 bytes): java.lang.ArrayIndexOutOfBoundsException: "
            + "Index 6 out of bounds for length 5", weave("a/B", new byte[] {1, 2, 3, 4, 5}));
        byte[] future = SitesAndDeploymentTest.classBytes(DEPLOYED);
        future[7] = 99;  // major version 99
        assertFailed("validation/targets/Deployed: cannot parse class file (" + future.length + " bytes): "
            + "java.lang.IllegalArgumentException: Unsupported class file version 99.0", weave(DEPLOYED, future));
        byte[] truncated = Arrays.copyOf(SitesAndDeploymentTest.classBytes(DEPLOYED), 200);
        WeaveResult r = weave(DEPLOYED, truncated);
        assertEquals(WeaveResult.Status.FAILED, r.status());
        assertEquals("validation/targets/Deployed: cannot parse class file (200 bytes): "
            + "java.lang.ArrayIndexOutOfBoundsException", r.error().substring(0, r.error().indexOf(':',
            r.error().indexOf("ArrayIndex"))));
    }

    @Test
    void theNameComesFromTheBytesWhenNotGiven() throws IOException {
        WeaveResult r = weave(null, SitesAndDeploymentTest.classBytes(DEPLOYED));
        assertEquals(WeaveResult.Status.WOVEN, r.status());
        assertEquals(DEPLOYED, r.sites().get(0).className());
    }

    @Test
    void neverWovenOwnAndModuleClassesStayUnchanged() throws IOException {
        byte[] taper = SitesAndDeploymentTest.classBytes("io/taper/weaver/Weaver");
        assertSame(taper, weave("io/taper/weaver/Weaver", taper).bytes());
        assertEquals(WeaveResult.Status.UNCHANGED, weave("io/taper/weaver/Weaver", taper).status());
        byte[] own = SitesAndDeploymentTest.classBytes("io/taper/weaver/snippets/DeploySnippets");
        assertEquals(WeaveResult.Status.UNCHANGED, weave(null, own).status());
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_MODULE, "module-info", null, null, null);
        cw.visitModule("m", 0, null).visitEnd();
        cw.visitEnd();
        WeaveResult module = weave("module-info", cw.toByteArray());
        assertEquals(WeaveResult.Status.UNCHANGED, module.status());
    }

    /** A guard that throws: the class fails (loudly), the weaver keeps working. */
    public static class Throwing implements Guard {
        @Override
        public boolean accept(StaticContext context) {
            throw new IllegalStateException("guard bug in " + context.method().name);
        }
    }

    public static class GuardedSnippets {
        @Before(scope = "validation.targets.Deployed.alpha", guard = Throwing.class)
        public static void enter() {
        }
    }

    /** A marker whose region starts after its end. */
    public static class Backwards implements Marker {
        @Override
        public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
            return List.of(new MarkedRegion(method.instructions.getLast(), List.of(method.instructions.getFirst()
                .getNext() == null ? method.instructions.getLast() : firstInsn(method)), firstInsn(method)));
        }

        private static org.objectweb.asm.tree.AbstractInsnNode firstInsn(MethodNode m) {
            return io.taper.api.marker.Instructions.firstInstruction(m.instructions.getFirst());
        }
    }

    public static class BackwardsSnippets {
        @io.taper.api.After(marker = Backwards.class, scope = "validation.targets.Deployed.alpha")
        public static void exit() {
        }
    }

    @Test
    void failingAnalysisCodeFailsTheClassOnly() throws IOException {
        Weaver w = Weaver.create(AnalysisSpec.of("t", List.of(GuardedSnippets.class), List.of()));
        byte[] bytes = SitesAndDeploymentTest.classBytes(DEPLOYED);
        assertFailed("validation/targets/Deployed: weaving failed: java.lang.IllegalStateException: guard bug in alpha",
            w.weave(new WeaveRequest(0, DEPLOYED, bytes, Deployment.ALL_ENABLED)));
        assertEquals(WeaveResult.Status.UNCHANGED,
            w.weave(new WeaveRequest(0, "validation/targets/WideLocals",
                SitesAndDeploymentTest.classBytes("validation/targets/WideLocals"), Deployment.ALL_ENABLED)).status());
    }

    public static class FieldNames {
        @Before(marker = io.taper.api.marker.BytecodeMarker.class, args = "getstatic", scope = "big.Pool.*")
        public static void read(@io.taper.api.Static(io.taper.api.StaticKey.FIELD_NAME) String name) {
        }
    }

    /**
     * 21,000 static fields each read once: about 63,000 constant-pool entries. Folding each field name into
     * the woven code adds a string constant per field, past the 65,535 limit: the class stays as it was.
     */
    @Test
    void aClassThatWouldOverflowTheConstantPoolStaysUnchanged() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "big/Pool", null, "java/lang/Object", null);
        int fields = 21_000;
        for (int i = 0; i < fields; i++) {
            cw.visitField(Opcodes.ACC_STATIC, "f" + i, "I", null, null).visitEnd();
        }
        for (int m = 0; m < fields / 500; m++) {
            org.objectweb.asm.MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "m" + m, "()V", null, null);
            mv.visitCode();
            for (int i = m * 500; i < (m + 1) * 500; i++) {
                mv.visitFieldInsn(Opcodes.GETSTATIC, "big/Pool", "f" + i, "I");
                mv.visitInsn(Opcodes.POP);
            }
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        byte[] bytes = cw.toByteArray();
        WeaveResult r = Weaver.create(AnalysisSpec.of("t", List.of(FieldNames.class), List.of()))
            .weave(new WeaveRequest(0, null, bytes, Deployment.ALL_ENABLED));
        assertEquals(WeaveResult.Status.UNCHANGED, r.status());
        assertSame(bytes, r.bytes());
        assertEquals(List.of(), r.sites());
        assertEquals(1, r.fallbacks().size());
        assertEquals("big/Pool: class would exceed the constant pool limit (", r.fallbacks().get(0).toString()
            .substring(0, "big/Pool: class would exceed the constant pool limit (".length()));
    }

    @Test
    void aRegionThatEndsBeforeItStartsHasNoExceptionalExit() throws IOException {
        Weaver w = Weaver.create(AnalysisSpec.of("t", List.of(BackwardsSnippets.class), List.of()));
        WeaveResult r = w.weave(new WeaveRequest(0, DEPLOYED, SitesAndDeploymentTest.classBytes(DEPLOYED),
            Deployment.ALL_ENABLED));
        assertEquals(WeaveResult.Status.WOVEN, r.status());
        assertEquals(1, r.sites().size());
    }
}
