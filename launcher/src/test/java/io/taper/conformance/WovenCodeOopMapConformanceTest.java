package io.taper.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.protocol.TaperConfig;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.server.internal.PreparedAnalysis;
import io.taper.server.internal.ServerStats;
import io.taper.server.internal.WeaveHandler;
import io.taper.server.internal.WeaverSetup;
import io.taper.testing.JavaBaseClasses;
import io.taper.weaver.OopMapCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;

/**
 * Every analysis in every mode weaves all of java.base as the JVM hands it over for the start-up retransformation
 * (no stack map frames), and every library on this module's test class path the same way, through the server's own
 * weaving path (coverage, like JaCoCo, leaves the JDK's classes alone), and every woven method keeps HotSpot's oop-map
 * rules: the server's check ({@code oopMapCheck} in its figures) kept no method original and failed no class, and
 * the answers, checked again here, break no rule. A method that broke one would stop the observed JVM at the first
 * garbage collection that found it on a stack.
 */
class WovenCodeOopMapConformanceTest {

    private static final List<String> NAMES = new ArrayList<>();
    private static final List<byte[]> FRAMELESS = new ArrayList<>();
    /** Per class: 0 for java.base's (the boot loader), 1 for the libraries' (an application loader). */
    private static final List<Integer> LOADERS = new ArrayList<>();

    private static void add(String name, byte[] bytes, int loader) {
        NAMES.add(name);
        ClassWriter w = new ClassWriter(0);
        new ClassReader(bytes).accept(w, ClassReader.SKIP_FRAMES);
        FRAMELESS.add(w.toByteArray());
        LOADERS.add(loader);
    }

    @BeforeAll
    static void readJavaBase() throws IOException {
        for (Map.Entry<String, byte[]> c : JavaBaseClasses.read().entrySet()) {
            add(c.getKey(), c.getValue(), 0);
        }
        // the libraries this module's tests run on (ASM, picocli, Gson, JaCoCo, JUnit...): compiled by other hands
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (!entry.endsWith(".jar")) {
                continue;
            }
            try (java.util.jar.JarFile jar = new java.util.jar.JarFile(entry)) {
                for (java.util.jar.JarEntry e : (Iterable<java.util.jar.JarEntry>) jar.stream()::iterator) {
                    String n = e.getName();
                    if (n.endsWith(".class") && !n.endsWith("module-info.class") && !n.startsWith("META-INF/")) {
                        try (java.io.InputStream in = jar.getInputStream(e)) {
                            add(n.substring(0, n.length() - ".class".length()), in.readAllBytes(), 1);
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    // the least each weaves: coverage leaves the JDK alone, SFA classes without instance field accesses
    @CsvSource({"method-count,fixed,5000", "method-count,adaptive,5000", "bytecode-count,fixed,5000",
        "bytecode-count,adaptive,5000", "coverage,fixed,1500", "coverage,adaptive,1500", "method-time,fixed,5000",
        "method-time,adaptive,5000", "sfa,fixed,3500", "sfa,adaptive,3500"})
    void everyWovenMethodKeepsHotSpotsOopMapRules(String analysis, String mode, int least,
        @org.junit.jupiter.api.io.TempDir Path work) throws Exception {
        Path jar = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent().resolve("analyses/" + analysis + "/target/taper-analysis-" + analysis + ".jar");
        TaperConfig config = TaperConfig.of(Map.of(TaperConfig.ANALYSIS_NAME, analysis,
            TaperConfig.ANALYSIS_JAR, jar.toString(), TaperConfig.MODE, mode, TaperConfig.WORK, work.toString(),
            TaperConfig.OUT, work.toString(), TaperConfig.CACHE, TaperConfig.OFF, TaperConfig.THREAD_FIELD, "true"));
        ServerStats stats = new ServerStats();
        PreparedAnalysis prepared = WeaverSetup.prepare(config, 0, stats);
        WeaveHandler engine = prepared.engine();
        AtomicInteger woven = new AtomicInteger();
        ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
        try {
            IntStream.range(0, NAMES.size()).parallel().forEach(i -> {
                WeaveHandler.Outcome o = engine.weave(new Weave(i, LOADERS.get(i), NAMES.get(i), true, new int[0], Map.of(),
                    FRAMELESS.get(i)));
                if (o.status() == WeaveStatus.WOVEN) {
                    woven.incrementAndGet();
                    OopMapCheck.check(o.bytes()).forEach(v -> problems.add(NAMES.get(i) + "." + v));
                }
            });
        } finally {
            engine.close();
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> check = (Map<String, Object>) stats.toMap().get("oopMapCheck");
        System.out.printf("java.base and libraries, %s %s: %d classes woven, oop-map check %s%n", analysis, mode, woven.get(), check);
        assertEquals(List.of(), List.copyOf(problems));
        assertEquals(0L, check.get("methodsKeptOriginal"), "methods the server had to keep original");
        assertEquals(0L, check.get("classesFailed"), "classes the server failed");
        assertEquals((long) woven.get(), check.get("classesChecked"));
        assertTrue(woven.get() >= least, "woven " + woven.get());
    }
}
