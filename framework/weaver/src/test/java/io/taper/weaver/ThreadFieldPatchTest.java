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
        String out = runPatched(dir, "Probe", """
            public class Probe {
                public static void main(String[] a) throws Exception {
                    java.lang.reflect.Field f = Thread.class.getField("taperCounts");
                    Thread t = new Thread(() -> { });
                    long[] mine = (long[]) f.get(Thread.currentThread());
                    long[] its = (long[]) f.get(t);
                    System.out.println(mine.length + " " + its.length + " " + (mine != its));
                }
            }
            """, "-Xverify:all");
        assertEquals("0 0 true", out);
    }

    /**
     * What woven code does, by hand: fetch the thread's array (growing it as the rare path does), keep it, count. An
     * array that grows under a method that fetched it before goes on counting there, and the sums read both.
     */
    @Test
    void anArrayFetchedBeforeTheThreadsArrayGrewStillCounts(@TempDir Path dir) throws Exception {
        String out = runPatched(dir, "Grows", """
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
            """, "-Xverify:all", "-Xbootclasspath/a:" + runtime(), "-cp", runtime());
        // two counts in the held array, five from the other thread; the grown array is new, not a copy
        assertEquals("7 1 true true 1024 100001", out);
    }

    /**
     * What woven entry counting does, by hand, on threads past the counters' budget (a 32 MiB heap, whose quarter
     * holds two threads' arrays): they share one array, and counting through {@code counted} loses no increment of
     * one counter that all of them hit at once; counting through {@code grown} shares with plain increments, and the
     * figures say so.
     */
    @Test
    void threadsPastTheBudgetCountExactlyThroughCounted(@TempDir Path dir) throws Exception {
        String out = runPatched(dir, "Past", """
            import io.taper.runtime.state.ThreadFieldCounters;
            import java.lang.reflect.Field;
            import java.util.concurrent.CyclicBarrier;
            import java.util.concurrent.TimeUnit;
            public class Past {
                static final int C = 400_000;
                static Field f;
                static void count(boolean once, int c) throws Exception {
                    long[] a = (long[]) f.get(Thread.currentThread());
                    if (a.length <= c) {
                        a = once ? ThreadFieldCounters.counted(c) : ThreadFieldCounters.grown(c);
                    }
                    ThreadFieldCounters.add(a, c);
                }
                static long[] run(boolean once, int c, int threads, int n) throws Exception {
                    CyclicBarrier all = new CyclicBarrier(threads + 1);
                    Thread[] ts = new Thread[threads];
                    for (int i = 0; i < threads; i++) {
                        ts[i] = new Thread(() -> {
                            try {
                                count(once, c);
                                all.await(60, TimeUnit.SECONDS);   // every array is made before any counts on
                                for (int k = 1; k < n; k++) {
                                    count(once, c);
                                }
                                all.await(60, TimeUnit.SECONDS);
                                all.await(60, TimeUnit.SECONDS);   // alive until the sums are read: no array is swept
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
                        ts[i].start();
                    }
                    all.await(60, TimeUnit.SECONDS);
                    all.await(60, TimeUnit.SECONDS);
                    long sum = ThreadFieldCounters.sum(c, 1)[0];
                    long[] g = ThreadFieldCounters.figures();
                    all.await(60, TimeUnit.SECONDS);
                    for (Thread t : ts) {
                        t.join();
                    }
                    return new long[] {sum, g[4], g[5]};
                }
                public static void main(String[] a) throws Exception {
                    Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
                        e.printStackTrace();
                        System.exit(3);
                    });
                    f = Thread.class.getField("taperCounts");
                    io.taper.runtime.StateBudget.set(1 << 20);
                    long[] exact = run(true, C, 16, 50_000);
                    System.out.println(exact[0] + " " + (exact[1] >= 12 ? "shared" : "only " + exact[1]) + " "
                        + exact[2]);
                    long[] plain = run(false, C + 1, 16, 1_000);
                    System.out.println((plain[0] <= 16_000) + " " + (plain[2] >= 12 ? "shared" : "only " + plain[2]));
                }
            }
            """, "-Xmx32m", "-Xbootclasspath/a:" + runtime(), "-cp", runtime());
        // sixteen threads, 50,000 counts each, at least twelve of them in the shared array: none lost
        assertEquals("800000 shared 0\ntrue shared", out);
    }

    /**
     * What a detach's reset leaves: no thread's array, no shared one, no figure, every registered thread's field empty
     * again (the bytes of a fresh start), and the next session's counts from zero. Three threads and main count past
     * the budget of a 32 MiB heap (its quarter holds two threads' arrays), so two of them share; after the reset the
     * three count again and register anew, and only one of them shares.
     */
    @Test
    void aResetLeavesTheCountersAsAtTheStartAndTheNextSessionCountsFromZero(@TempDir Path dir) throws Exception {
        String out = runPatched(dir, "Reset", """
            import io.taper.runtime.state.ThreadFieldCounters;
            import java.lang.reflect.Field;
            import java.util.concurrent.CyclicBarrier;
            import java.util.concurrent.TimeUnit;
            public class Reset {
                static final int C = 400_000;
                static Field f;
                static void count() throws Exception {
                    long[] a = (long[]) f.get(Thread.currentThread());
                    if (a.length <= C) {
                        a = ThreadFieldCounters.counted(C);
                    }
                    ThreadFieldCounters.add(a, C);
                }
                static String state() throws Exception {
                    long[] g = ThreadFieldCounters.figures();
                    return ThreadFieldCounters.sum(C, 1)[0] + " " + g[0] + "," + g[2] + "," + g[4] + " "
                        + ((long[]) f.get(Thread.currentThread())).length;
                }
                public static void main(String[] a) throws Exception {
                    f = Thread.class.getField("taperCounts");
                    long fresh = ThreadFieldCounters.bytes();
                    io.taper.runtime.StateBudget.set(1 << 20);
                    CyclicBarrier all = new CyclicBarrier(4);
                    Thread[] ts = new Thread[3];
                    count();
                    for (int i = 0; i < ts.length; i++) {
                        ts[i] = new Thread(() -> {
                            try {
                                count();
                                all.await(60, TimeUnit.SECONDS);
                                all.await(60, TimeUnit.SECONDS);   // main resets meanwhile
                                count();
                                all.await(60, TimeUnit.SECONDS);
                                all.await(60, TimeUnit.SECONDS);   // alive until main has read the figures
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
                        ts[i].start();
                    }
                    all.await(60, TimeUnit.SECONDS);
                    System.out.println(state());
                    ThreadFieldCounters.reset();
                    System.out.println(state() + " " + (ThreadFieldCounters.bytes() == fresh));
                    all.await(60, TimeUnit.SECONDS);
                    all.await(60, TimeUnit.SECONDS);
                    System.out.println(state());
                    all.await(60, TimeUnit.SECONDS);
                    for (Thread t : ts) {
                        t.join();
                    }
                }
            }
            """, "-Xmx32m", "-Xbootclasspath/a:" + runtime(), "-cp", runtime());
        // counts, then threads registered, live and sharing, then the length of main's field
        assertEquals("4 4,4,2 400001\n0 0,0,0 0 true\n3 3,3,1 0", out);
    }

    /**
     * Runs the source file of class {@code main} in a forked JVM whose {@code java.base} has the patched {@code Thread}
     * (under {@code dir}), with {@code options}; asserts it exits 0 and returns its output, stripped.
     */
    private static String runPatched(Path dir, String main, String source, String... options) throws Exception {
        Path target = dir.resolve("java/lang/Thread.class");
        Files.createDirectories(target.getParent());
        Files.write(target, ThreadFieldPatch.addTo(jdkThread()));
        Path src = dir.resolve("src/" + main + ".java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
            .toString(), "-Xshare:off", "--patch-module", "java.base=" + dir));
        command.addAll(List.of(options));
        command.add(src.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    /** The runtime's classes (a jar or a directory), for the forked JVM's boot and class paths. */
    private static String runtime() throws Exception {
        return Path.of(io.taper.runtime.state.ThreadFieldCounters.class.getProtectionDomain().getCodeSource()
            .getLocation().toURI()).toString();
    }

    @Test
    void refusesOtherClassesAndAThreadThatHasTheFieldAlready() throws Exception {
        byte[] patched = ThreadFieldPatch.addTo(jdkThread());
        assertThrows(IllegalArgumentException.class, () -> ThreadFieldPatch.addTo(patched));
        byte[] object = Files.readAllBytes(Paths.get(URI.create("jrt:/java.base/java/lang/Object.class")));
        assertThrows(IllegalArgumentException.class, () -> ThreadFieldPatch.addTo(object));
    }
}
