package io.taper.analysis.coverage.weave;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.api.ClassTransform;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.jacoco.core.internal.data.CRC64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.util.CheckClassAdapter;

/** The coverage weave, bytes in and bytes out, on real libraries' classes, checked by ASM's verifier. */
class CoverageTransformTest {

    @TempDir
    Path out;

    private final List<CoverageTransform> transforms = new ArrayList<>();

    private CoverageTransform transform(boolean adaptive) throws Exception {
        CoverageTransform t = new CoverageTransform();
        t.init(new ClassTransform.Context(adaptive, out, Map.of()));
        transforms.add(t);
        return t;
    }

    /** As the server does when it stops: the class files are written by a thread of their own until then. */
    @org.junit.jupiter.api.AfterEach
    void closeTransforms() {
        transforms.forEach(CoverageTransform::close);
    }

    /** Every class of ASM's and JaCoCo's jars: complex code (switches, handlers, long methods, every Java version). */
    static List<byte[]> realClasses() throws IOException {
        List<byte[]> all = new ArrayList<>();
        for (Class<?> anchor : List.of(ClassReader.class, CRC64.class)) {
            Path jar = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().getPath());
            try (JarFile jf = new JarFile(jar.toFile())) {
                for (Enumeration<JarEntry> en = jf.entries(); en.hasMoreElements(); ) {
                    JarEntry e = en.nextElement();
                    if (e.getName().endsWith(".class") && !e.getName().contains("module-info")) {
                        try (InputStream in = jf.getInputStream(e)) {
                            all.add(in.readAllBytes());
                        }
                    }
                }
            }
        }
        return all;
    }

    @Test
    void wovenClassesVerifyInBothModes() throws Exception {
        List<byte[]> classes = realClasses();
        assertTrue(classes.size() > 200, "classes: " + classes.size());
        for (boolean adaptive : new boolean[] {false, true}) {
            CoverageTransform t = transform(adaptive);
            int woven = 0;
            for (byte[] original : classes) {
                String name = new ClassReader(original).getClassName();
                ClassTransform.Woven w = t.transform(new ClassTransform.Request(1, name, original, false));
                if (w == null) {
                    continue;
                }
                byte[] b = w.bytes();
                assertEquals(Long.toString(CRC64.classId(original), 16), Long.toString(
                    Long.parseUnsignedLong(w.facts().get(io.taper.analysis.coverage.CoverageResults.CLASS_ID), 16), 16));
                woven++;
                StringWriter problems = new StringWriter();
                CheckClassAdapter.verify(new ClassReader(b), getClass().getClassLoader(), false, new PrintWriter(problems));
                assertEquals("", problems.toString(), name + (adaptive ? " (adaptive)" : " (fixed)"));
            }
            assertTrue(woven > 150, "woven: " + woven);
            assertEquals((long) woven, t.stats().get("classesWoven"));
            t.close();   // a run's server stops before the next one starts on the same directory
        }
    }

    @Test
    void adaptiveProbesSetTheirFlagOnlyWhileItIsFalse() throws Exception {
        byte[] original = bytesOf(ClassReader.class);
        String name = "org/objectweb/asm/ClassReader";
        ClassNode fixed = node(transform(false).transform(new ClassTransform.Request(1, name, original, false)).bytes());
        ClassNode adaptive = node(transform(true).transform(new ClassTransform.Request(1, name, original, false)).bytes());
        int probes = CoverageTransform.countProbes(new ClassReader(original), Opcodes.V1_8);
        assertTrue(probes > 100, "probes: " + probes);
        int stores = 0;
        int guarded = 0;
        for (int i = 0; i < fixed.methods.size(); i++) {
            stores += probeStores(fixed.methods.get(i)).size();
            for (AbstractInsnNode store : probeStores(adaptive.methods.get(i))) {
                // aload V; push i; baload; ifne skip; aload V; push i; iconst_1; bastore
                AbstractInsnNode jump = store.getPrevious().getPrevious().getPrevious().getPrevious();
                assertEquals(Opcodes.IFNE, jump.getOpcode(), adaptive.methods.get(i).name);
                assertEquals(Opcodes.BALOAD, jump.getPrevious().getOpcode());
                guarded++;
            }
        }
        assertEquals(probes, stores, "a fixed probe per JaCoCo probe");
        assertEquals(probes, guarded, "every adaptive probe guarded");
    }

    /** The probe stores of a method: bastore into the local its probe array was stored in. */
    private static List<AbstractInsnNode> probeStores(MethodNode m) {
        List<AbstractInsnNode> out = new ArrayList<>();
        int local = -1;
        for (AbstractInsnNode n : m.instructions) {
            if (n instanceof MethodInsnNode mi && mi.owner.equals(ProbeArrayFetch.OWNER) && n.getNext() instanceof VarInsnNode v) {
                local = v.var;
            }
            if (n.getOpcode() == Opcodes.BASTORE && local >= 0
                && n.getPrevious().getPrevious().getPrevious() instanceof VarInsnNode v && v.var == local) {
                out.add(n);
            }
        }
        return out;
    }

    @Test
    void theJdkAndClassesWithoutCodeAreLeftAlone() throws Exception {
        CoverageTransform t = transform(true);
        byte[] list = bytesOf(java.util.ArrayList.class);
        assertTrue(t.transform(new ClassTransform.Request(0, "org/x/ArrayList", list, false)) == null, "bootstrap loader");
        assertTrue(t.transform(new ClassTransform.Request(3, "java/util/ArrayList", list, false)) == null, "JDK package");
        assertTrue(t.transform(new ClassTransform.Request(1, "org/jacoco/core/data/IExecutionDataVisitor",
            bytesOf(org.jacoco.core.data.IExecutionDataVisitor.class), false)) == null, "an interface without code");
        assertTrue(t.transform(new ClassTransform.Request(1, "", bytesOf(ClassReader.class), false)) == null, "no name");
        assertEquals(3L, t.stats().get("classesSkippedJdk"));
        assertEquals(1L, t.stats().get("classesWithoutProbes"));
        assertEquals(0L, t.stats().get("classesWoven"));
    }

    @Test
    void theOriginalClassFilesAreKeptForTheReports() throws Exception {
        CoverageTransform t = transform(false);
        byte[] original = bytesOf(ClassVisitor.class);
        assertNotNull(t.transform(new ClassTransform.Request(1, "org/objectweb/asm/ClassVisitor", original, false)));
        assertNotNull(t.transform(new ClassTransform.Request(2, "org/objectweb/asm/ClassVisitor", original, false)));
        // another class of the same name (another loader, other bytes): JaCoCo cannot report both; the first stays
        byte[] other = bytesOf(ClassReader.class);
        t.transform(new ClassTransform.Request(3, "org/objectweb/asm/ClassVisitor", other, false));
        t.close();   // the files are written off the class loads: all of them by now
        try (JarFile kept = new JarFile(out.resolve(CoverageTransform.CLASSES_JAR).toFile())) {
            assertEquals(1, kept.size());
            try (InputStream in = kept.getInputStream(kept.getEntry("org/objectweb/asm/ClassVisitor.class"))) {
                assertArrayEquals(original, in.readAllBytes());
            }
        }
        assertEquals(1L, t.stats().get("sameNameOtherClass"));
        assertEquals(1, t.stats().get("classFilesKept"));
    }

    @Test
    void aClassGetsOneSlotPerLoaderAndTheSameOneWhenRetransformed() throws Exception {
        CoverageTransform t = transform(false);
        byte[] original = bytesOf(ClassVisitor.class);
        String name = "org/objectweb/asm/ClassVisitor";
        ClassTransform.Woven first = t.transform(new ClassTransform.Request(1, name, original, false));
        int a = slotOf(first.bytes());
        int b = slotOf(t.transform(new ClassTransform.Request(2, name, original, false)).bytes());
        int again = slotOf(t.transform(new ClassTransform.Request(1, name, original, true)).bytes());
        assertEquals(a, again);
        assertTrue(a != b);
        assertEquals(Integer.toString(a), first.facts().get(io.taper.analysis.coverage.CoverageResults.SLOT));
    }

    /**
     * The fetch every woven method calls is forced inline (the runtime is on the boot class path, where HotSpot
     * honours the JDK's inlining annotations): left to the heuristics, C1 refused it at most call sites and C2 at its
     * cold ones, and a fetch left as a call returns an array the JIT does not know, so the adaptive probes of that
     * compiled method are never folded away.
     */
    @Test
    void theProbeArrayFetchIsForcedInline() throws Exception {
        MethodNode fetch = node(bytesOf(io.taper.runtime.state.ProbeArrays.class)).methods.stream()
            .filter(m -> m.name.equals(ProbeArrayFetch.NAME) && m.desc.equals(ProbeArrayFetch.DESC))
            .findFirst().orElseThrow();
        assertTrue(fetch.visibleAnnotations != null && fetch.visibleAnnotations.stream()
            .anyMatch(a -> a.desc.equals("Ljdk/internal/vm/annotation/ForceInline;")), "annotated @ForceInline");
    }

    /** The slot constant the woven fetch pushes first (an ldc of its own constant, for the cache to rewrite). */
    private static int slotOf(byte[] woven) {
        for (MethodNode m : node(woven).methods) {
            for (AbstractInsnNode n : m.instructions) {
                if (n instanceof MethodInsnNode mi && mi.owner.equals(ProbeArrayFetch.OWNER)) {
                    AbstractInsnNode push = n.getPrevious().getPrevious();
                    return (Integer) ((org.objectweb.asm.tree.LdcInsnNode) push).cst;
                }
            }
        }
        throw new AssertionError("no probe array fetch");
    }

    private static ClassNode node(byte[] b) {
        ClassNode cn = new ClassNode();
        new ClassReader(b).accept(cn, 0);
        return cn;
    }

    static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }
}
