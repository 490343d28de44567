package io.taper.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.CheckClassAdapter;

class ThreadFieldPatchTest {

    private static byte[] jdkThread() throws Exception {
        return Files.readAllBytes(Paths.get(URI.create("jrt:/java.base/java/lang/Thread.class")));
    }

    @Test
    void addsOnePublicLongArrayFieldThatEveryConstructorReachingObjectSets() throws Exception {
        byte[] patched = ThreadFieldPatch.addTo(jdkThread());
        ClassNode cn = new ClassNode();
        new ClassReader(patched).accept(cn, 0);
        List<FieldNode> added = new ArrayList<>();
        for (FieldNode f : cn.fields) {
            if (f.name.equals(ThreadFieldPatch.FIELD)) {
                added.add(f);
            }
        }
        assertEquals(1, added.size());
        assertEquals("[J", added.get(0).desc);
        assertEquals(Opcodes.ACC_PUBLIC, added.get(0).access);
        int constructors = 0;
        int setting = 0;
        for (MethodNode m : cn.methods) {
            if (!m.name.equals("<init>")) {
                continue;
            }
            constructors++;
            boolean callsObject = false;
            boolean sets = false;
            for (AbstractInsnNode n : m.instructions) {
                if (n instanceof org.objectweb.asm.tree.MethodInsnNode mi && mi.owner.equals("java/lang/Object")
                        && mi.name.equals("<init>")) {
                    callsObject = true;
                }
                if (n instanceof FieldInsnNode fi && fi.getOpcode() == Opcodes.PUTFIELD
                        && fi.name.equals(ThreadFieldPatch.FIELD)) {
                    sets = true;
                }
            }
            assertEquals(callsObject, sets, m.name + m.desc);
            setting += sets ? 1 : 0;
        }
        assertTrue(constructors > 1 && setting >= 1, constructors + " constructors, " + setting + " setting");
        StringWriter problems = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(patched), false, new PrintWriter(problems));
        assertEquals("", problems.toString());
    }

    @Test
    void aForkedJvmWithThePatchedJavaBaseSeesTheFieldOnEveryThread(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("java/lang/Thread.class");
        Files.createDirectories(target.getParent());
        Files.write(target, ThreadFieldPatch.addTo(jdkThread()));
        Path src = dir.resolve("src/Probe.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
            public class Probe {
                public static void main(String[] a) throws Exception {
                    java.lang.reflect.Field f = Thread.class.getField("taperCounts");
                    Thread t = new Thread(() -> { });
                    long[] mine = (long[]) f.get(Thread.currentThread());
                    long[] its = (long[]) f.get(t);
                    System.out.println(mine.length + " " + its.length + " " + (mine != its));
                }
            }
            """);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xshare:off", "-Xverify:all", "--patch-module", "java.base=" + dir,
                src.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertEquals(0, p.waitFor(), out);
        assertEquals("0 0 true", out);
    }

    /**
     * What woven code does, by hand: fetch the thread's array (growing it as the rare path does), keep it, count. An
     * array that grows under a method that fetched it before goes on counting there, and the sums read both.
     */
    @Test
    void anArrayFetchedBeforeTheThreadsArrayGrewStillCounts(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("java/lang/Thread.class");
        Files.createDirectories(target.getParent());
        Files.write(target, ThreadFieldPatch.addTo(jdkThread()));
        Path src = dir.resolve("src/Grows.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
            import io.taper.runtime.state.ThreadFieldCounters;
            public class Grows {
                public static void main(String[] a) throws Exception {
                    long[] held = ThreadFieldCounters.grown(10);
                    held[10]++;
                    long[] grown = ThreadFieldCounters.grown(100_000);
                    grown[100_000]++;
                    held[10]++;
                    Thread t = new Thread(() -> ThreadFieldCounters.grown(10)[10] += 5);
                    t.start();
                    t.join();
                    Object field = Thread.class.getField("taperCounts").get(Thread.currentThread());
                    System.out.println(ThreadFieldCounters.sum(10, 1)[0] + " " + ThreadFieldCounters.sum(100_000, 1)[0]
                        + " " + (held != grown) + " " + (field == grown) + " " + held.length + " " + grown.length);
                }
            }
            """);
        Path runtime = Path.of(io.taper.runtime.state.ThreadFieldCounters.class.getProtectionDomain().getCodeSource()
            .getLocation().toURI());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xshare:off", "-Xverify:all", "--patch-module", "java.base=" + dir,
            "-Xbootclasspath/a:" + runtime, "-cp", runtime.toString(), src.toString()).redirectErrorStream(true)
            .start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertEquals(0, p.waitFor(), out);
        // two counts in the held array, five from the other thread; the grown array is new, not a copy
        assertEquals("7 1 true true 1024 100001", out);
    }

    @Test
    void refusesOtherClassesAndAThreadThatHasTheFieldAlready() throws Exception {
        byte[] patched = ThreadFieldPatch.addTo(jdkThread());
        assertThrows(IllegalArgumentException.class, () -> ThreadFieldPatch.addTo(patched));
        byte[] object = Files.readAllBytes(Paths.get(URI.create("jrt:/java.base/java/lang/Object.class")));
        assertThrows(IllegalArgumentException.class, () -> ThreadFieldPatch.addTo(object));
    }
}
