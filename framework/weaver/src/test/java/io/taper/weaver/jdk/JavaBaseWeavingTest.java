package io.taper.weaver.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.weaver.AnalysisSpec;
import io.taper.weaver.Deployment;
import io.taper.weaver.Fallback;
import io.taper.weaver.WeaveRequest;
import io.taper.weaver.WeaveResult;
import io.taper.weaver.Weaver;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * Weaves every class of java.base (from the running JDK's jrt: file system) and checks the result twice:
 * with {@link CheckClassAdapter} (data flow; its SimpleVerifier loads JDK classes to answer hierarchy
 * questions, fine in a test) and with HotSpot's own verifier, which also checks the stack map frames: the
 * woven classes are patched into a forked JVM's java.base and linked under {@code -Xverify:all} (all but
 * the classes that JVM loads before main: woven code cannot run before the boot class path append is
 * usable). Prints the throughput figure: classes woven per second, one thread, warm.
 */
class JavaBaseWeavingTest {

    private static final List<String> NAMES = new ArrayList<>();
    private static final List<byte[]> CLASSES = new ArrayList<>();

    @BeforeAll
    static void readJavaBase() throws IOException {
        io.taper.testing.JavaBaseClasses.read().forEach((name, bytes) -> {
            NAMES.add(name);
            CLASSES.add(bytes);
        });
    }

    @Test
    void everyBasicBlockAndFieldAccess() throws Exception {
        Outcome o = weaveAll(JdkSnippets.class, Path.of("target", "java-base-blocks"), true);
        System.out.printf("java.base, a snippet at every basic block and field access: %s%n", o);
        assertEquals(List.of(), o.failures, "failures");
        assertEquals(List.of(), o.verifyErrors, "CheckClassAdapter errors");
        assertEquals(List.of(), o.fallbacks, "fallbacks");
        assertTrue(o.woven > 5000, "woven " + o.woven);
        assertEquals(linkedSummary(o), hotspotVerify(o.patchDir));
        // the machine may be shared: the weaving thread's CPU time gives classes per second of one core;
        // wall time is printed too
        double[] cpuRates = new double[3];
        double[] wallRates = new double[3];
        for (int pass = 0; pass < cpuRates.length; pass++) {
            double[] r = timedPass(JdkSnippets.class);
            cpuRates[pass] = r[0];
            wallRates[pass] = r[1];
        }
        System.out.printf("FIGURE java.base weaving, one thread: median %.0f classes per CPU-second (passes %s),"
                + " wall %s classes/s; %d classes, %d sites%n", median(cpuRates), rounded(cpuRates),
            rounded(wallRates), CLASSES.size(), o.sites);
    }

    @Test
    void exitHandlersSyntheticLocalsAndEntryCopies() throws Exception {
        // HotSpot's verifier only: it checks the added handler frames, which CheckClassAdapter ignores
        Outcome o = weaveAll(JdkExitSnippets.class, Path.of("target", "java-base-exits"), false);
        System.out.printf("java.base, @After body (@Thrown/@Return/@This/@Arg, synthetic local) + @After every block: %s%n", o);
        assertEquals(List.of(), o.failures, "failures");
        assertTrue(o.woven > 5000, "woven " + o.woven);
        assertEquals(linkedSummary(o), hotspotVerify(o.patchDir));
    }

    static final class Outcome {
        int woven;
        int unchanged;
        long sites;
        boolean checked;
        Path patchDir;
        final List<String> failures = new ArrayList<>();
        final List<String> verifyErrors = new ArrayList<>();
        final List<Fallback> fallbacks = new ArrayList<>();

        @Override
        public String toString() {
            return String.format("%d classes: %d woven, %d unchanged, %d failed, %d sites, %s, %d fallbacks %s",
                CLASSES.size(), woven, unchanged, failures.size(), sites,
                checked ? verifyErrors.size() + " CheckClassAdapter errors" : "HotSpot verifier only",
                fallbacks.size(), fallbacks);
        }
    }

    private static String linkedSummary(Outcome o) {
        return "linked=" + NAMES.size() + " verifyErrors=0 otherErrors=0";
    }

    private static Outcome weaveAll(Class<?> snippets, Path patchDir, boolean checkClassAdapter) throws IOException {
        Weaver weaver = Weaver.create(AnalysisSpec.of("jdk", List.of(snippets), List.of()));
        Outcome o = new Outcome();
        o.patchDir = patchDir;
        o.checked = checkClassAdapter;
        Set<String> startup = startupClasses();
        List<byte[]> toCheck = new ArrayList<>();
        for (int i = 0; i < CLASSES.size(); i++) {
            WeaveResult r = weaver.weave(new WeaveRequest(0, null, CLASSES.get(i), Deployment.ALL_ENABLED));
            o.fallbacks.addAll(r.fallbacks());
            o.sites += r.sites().size();
            switch (r.status()) {
                case WOVEN -> {
                    o.woven++;
                    if (checkClassAdapter) {
                        toCheck.add(r.bytes());
                    }
                    if (!startup.contains(NAMES.get(i))) {
                        Path f = patchDir.resolve(NAMES.get(i) + ".class");
                        Files.createDirectories(f.getParent());
                        Files.write(f, r.bytes());
                    }
                }
                case UNCHANGED -> o.unchanged++;
                default -> o.failures.add(r.error());
            }
        }
        // checking is test work, not weaving: use both cores
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try {
            o.verifyErrors.addAll(pool.submit(() -> toCheck.parallelStream().map(JavaBaseWeavingTest::verify)
                .filter(java.util.Objects::nonNull).limit(20).toList()).get());
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdown();
        }
        return o;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static String rounded(double[] values) {
        return Arrays.toString(Arrays.stream(values).mapToLong(Math::round).toArray());
    }

    /** @return {classes per CPU-second of this thread, classes per wall-clock second} */
    private static double[] timedPass(Class<?> snippets) {
        Weaver weaver = Weaver.create(AnalysisSpec.of("jdk", List.of(snippets), List.of()));
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        int woven = 0;
        for (byte[] bytes : CLASSES) {
            if (weaver.weave(new WeaveRequest(0, null, bytes, Deployment.ALL_ENABLED)).status()
                == WeaveResult.Status.WOVEN) {
                woven++;
            }
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
        assertTrue(woven > 5000);
        return new double[] {CLASSES.size() / cpu, CLASSES.size() / wall};
    }

    /**
     * @return null if the class verifies, else the start of CheckClassAdapter's report. jlink's generated
     *     {@code java/lang/invoke/*$Holder} classes carry ACC_PRIVATE, which CheckClassAdapter's structural
     *     check rejects (original and woven alike); the flag is cleared before checking.
     */
    static String verify(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        if ((reader.getAccess() & Opcodes.ACC_PRIVATE) != 0) {
            ClassWriter cw = new ClassWriter(reader, 0);
            reader.accept(new ClassVisitor(Opcodes.ASM9, cw) {
                @Override
                public void visit(int v, int access, String n, String s, String sup, String[] itf) {
                    super.visit(v, access & ~Opcodes.ACC_PRIVATE, n, s, sup, itf);
                }
            }, 0);
            reader = new ClassReader(cw.toByteArray());
        }
        StringWriter sw = new StringWriter();
        try {
            CheckClassAdapter.verify(reader, ClassLoader.getPlatformClassLoader(), false, new PrintWriter(sw));
        } catch (RuntimeException e) {
            return reader.getClassName() + ": " + e;
        }
        String out = sw.toString();
        return out.isEmpty() ? null : reader.getClassName() + ": " + out.substring(0, Math.min(out.length(), 1500));
    }

    /** Classes a JVM with a patched java.base loads before main (computed with an empty patch). */
    private static Set<String> startupClasses() throws IOException {
        Path empty = Files.createDirectories(Path.of("target", "java-base-empty-patch"));
        String out = fork(List.of("--patch-module", "java.base=" + empty, "-Xshare:off", "-Xlog:class+load=info",
            "-cp", testClasses(), LinkAll.class.getName(), "/dev/null"));
        Set<String> startup = new HashSet<>();
        for (String line : out.split("\n")) {
            int at = line.indexOf("[class,load] ");
            if (at >= 0) {
                String rest = line.substring(at + "[class,load] ".length());
                startup.add(rest.substring(0, rest.indexOf(' ')).replace('.', '/'));
            }
        }
        assertTrue(startup.contains("java/lang/Object"), out);
        return startup;
    }

    /** Links every java.base class in a JVM whose java.base is patched with the woven classes. */
    private static String hotspotVerify(Path patchDir) throws IOException {
        Path names = Path.of("target", "java-base-names.txt");
        Files.write(names, NAMES.stream().map(n -> n.replace('/', '.')).toList());
        String out = fork(List.of("--patch-module", "java.base=" + patchDir, "-Xverify:all", "-Xshare:off",
            "-Xbootclasspath/a:" + testClasses(), "-cp", testClasses(), LinkAll.class.getName(), names.toString()));
        String[] lines = out.strip().split("\n");
        String last = lines[lines.length - 1];
        if (!last.startsWith("linked=") || !last.endsWith("verifyErrors=0 otherErrors=0")) {
            System.out.println(out.substring(0, Math.min(out.length(), 5000)));
        }
        return last;
    }

    private static String fork(List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (InputStream in = p.getInputStream()) {
            String out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static String testClasses() {
        try {
            return Path.of(JavaBaseWeavingTest.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
