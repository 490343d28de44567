package io.taper.weaver.oopmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.api.ControlFlowMaxs;
import io.taper.testing.ForkedJvm;
import io.taper.weaver.OopMapCheck;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The crash woven JDK code caused: a class the JVM hands over for retransformation without stack map frames, woven
 * with ASM's {@code COMPUTE_MAXS} as it stood, declares too small a stack; nothing checks until a garbage collection
 * finds a thread in it and HotSpot's oop-map generator stops the JVM. Woven through {@link ControlFlowMaxs}, the
 * same class declares what it needs, and the check of HotSpot's rules tells the two apart.
 */
class FramelessWeavingCrashTest {

    private static final String FIXTURE = "io/taper/weaver/oopmap/ParkedFixture";

    private static byte[] resource(String internalName) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    private static byte[] jdkClass(String internalName) throws IOException {
        try (InputStream in = Object.class.getResourceAsStream("/" + internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    /** What the JVM hands over for an unverified class: no frames. */
    static byte[] frameless(byte[] b) {
        ClassWriter w = new ClassWriter(0);
        new ClassReader(b).accept(w, ClassReader.SKIP_FRAMES);
        return w.toByteArray();
    }

    /** An entry counter's shape in front of every method: three stack slots, no jump. */
    private static ClassVisitor prologue(ClassVisitor next) {
        return new ClassVisitor(Opcodes.ASM9, next) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, desc, sig, exc)) {
                    @Override
                    public void visitCode() {
                        super.visitCode();
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Thread", "currentThread",
                            "()Ljava/lang/Thread;", false);
                        super.visitInsn(Opcodes.ICONST_1);
                        super.visitInsn(Opcodes.ICONST_2);
                        super.visitInsn(Opcodes.POP2);
                        super.visitInsn(Opcodes.POP);
                    }
                };
            }
        };
    }

    /** Woven as the counting transforms wove before: a plain {@code COMPUTE_MAXS} writer. */
    static byte[] wovenAsBefore(byte[] frameless) {
        ClassReader r = new ClassReader(frameless);
        ClassWriter w = new ClassWriter(r, ClassWriter.COMPUTE_MAXS);
        r.accept(prologue(w), 0);
        return w.toByteArray();
    }

    static byte[] wovenNow(byte[] frameless) {
        ClassReader r = new ClassReader(frameless);
        return ControlFlowMaxs.write(r, w -> r.accept(prologue(w), 0));
    }

    @Test
    void serviceLoaderWovenAsBeforeBreaksTheRulesInLoadProviderAndWovenNowDoesNot() throws IOException {
        byte[] frameless = frameless(jdkClass("java/util/ServiceLoader"));
        List<String> before = OopMapCheck.check(wovenAsBefore(frameless)).stream()
            .map(v -> v.method() + ": " + v.rule().replaceAll("max_stack \\d+", "max_stack N")).toList();
        assertTrue(before.contains("loadProvider: stack overflow: max_stack N is too small"), before.toString());
        assertEquals(List.of(), OopMapCheck.check(wovenNow(frameless)));
        assertEquals(List.of(), OopMapCheck.check(frameless), "the class as the JVM hands it over");
    }

    private static ForkedJvm.Result runParked(Path dir, String name, byte[] fixture) throws Exception {
        Path boot = dir.resolve(name + "-boot");
        Path file = boot.resolve(FIXTURE + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, fixture);
        String six = FIXTURE + "$Six";
        Files.write(boot.resolve(six + ".class"), resource(six));
        // boot classes are not verified: the frameless woven class loads as the retransformed JDK class did
        return ForkedJvm.of("-Xint", "-Xmx64m", "-XX:+UseSerialGC", "-Xbootclasspath/a:" + boot)
            .add(FIXTURE.replace('/', '.'), "8").mergeErrors().timeoutSeconds(60).run(dir, name);
    }

    @Test
    void aCollectionWhileThreadsParkInTheClassWovenAsBeforeStopsTheJvmAndWovenNowItRuns() throws Exception {
        Path dir = Path.of("target", "oopmap-crash");
        byte[] frameless = frameless(resource(FIXTURE));
        byte[] before = wovenAsBefore(frameless);
        assertEquals("parked", OopMapCheck.check(before).get(0).method(), "the fixture has the crash's shape");

        ForkedJvm.Result crashed = runParked(dir, "woven-as-before", before);
        assertNotEquals(0, crashed.exitCode(), crashed.output());
        assertTrue(crashed.output().contains("Illegal class file encountered"), crashed.output());

        byte[] now = wovenNow(frameless);
        assertEquals(List.of(), OopMapCheck.check(now));
        ForkedJvm.Result ran = runParked(dir, "woven-now", now);
        assertEquals(0, ran.exitCode(), ran.output());
        assertEquals("returned=8", ran.stdout().strip());
    }
}
