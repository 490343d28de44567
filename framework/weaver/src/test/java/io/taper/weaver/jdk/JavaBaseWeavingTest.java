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
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * Weaves every class of java.base (from the running JDK's jrt: file system) and verifies every woven
 * class with {@link CheckClassAdapter} (its SimpleVerifier answers hierarchy questions by loading JDK
 * classes, which is fine in a test). Prints the throughput figure: classes woven per second, one thread.
 */
class JavaBaseWeavingTest {

    private static final List<byte[]> CLASSES = new ArrayList<>();

    @BeforeAll
    static void readJavaBase() throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        try (Stream<Path> files = Files.walk(jrt.getPath("/modules/java.base"))) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (p.toString().endsWith(".class")) {
                    CLASSES.add(Files.readAllBytes(p));
                }
            }
        }
    }

    @Test
    void everyBasicBlockAndFieldAccess() {
        Outcome o = weaveAll(JdkSnippets.class, true);
        System.out.printf("java.base (every basic block + field access): %s%n", o);
        // throughput figure: a warm pass (the first pass above warmed up the JIT and verified)
        long t0 = System.nanoTime();
        Outcome timed = weaveAll(JdkSnippets.class, false);
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("FIGURE java.base weaving: %d classes in %.2f s = %.0f classes/s (one thread, %d sites)%n",
            CLASSES.size(), seconds, CLASSES.size() / seconds, timed.sites);
        assertEquals(List.of(), o.failures, "failures");
        assertEquals(List.of(), o.verifyErrors, "verification errors");
        assertTrue(o.woven > 5000, "woven " + o.woven);
    }

    @Test
    void exitsHandlersAndSyntheticLocals() {
        Outcome o = weaveAll(JdkExitSnippets.class, true);
        System.out.printf("java.base (@After body with @Thrown/@Return/@This/@Arg + @After every block): %s%n", o);
        assertEquals(List.of(), o.failures, "failures");
        assertEquals(List.of(), o.verifyErrors, "verification errors");
        assertTrue(o.woven > 5000, "woven " + o.woven);
    }

    static final class Outcome {
        int woven;
        int unchanged;
        long sites;
        final List<String> failures = new ArrayList<>();
        final List<String> verifyErrors = new ArrayList<>();
        final List<Fallback> fallbacks = new ArrayList<>();

        @Override
        public String toString() {
            return String.format("%d classes: %d woven, %d unchanged, %d failed, %d sites, %d verify errors,"
                    + " %d fallbacks %s", CLASSES.size(), woven, unchanged, failures.size(), sites,
                verifyErrors.size(), fallbacks.size(), fallbacks);
        }
    }

    private static Outcome weaveAll(Class<?> snippets, boolean verify) {
        Weaver weaver = Weaver.create(AnalysisSpec.of("jdk", List.of(snippets), List.of()));
        Outcome o = new Outcome();
        for (byte[] bytes : CLASSES) {
            WeaveResult r = weaver.weave(new WeaveRequest(0, null, bytes, Deployment.ALL_ENABLED));
            o.fallbacks.addAll(r.fallbacks());
            o.sites += r.sites().size();
            switch (r.status()) {
                case WOVEN -> {
                    o.woven++;
                    if (verify) {
                        String err = verify(r.bytes());
                        if (err != null && o.verifyErrors.size() < 20) {
                            o.verifyErrors.add(err);
                        }
                    }
                }
                case UNCHANGED -> o.unchanged++;
                default -> o.failures.add(r.error());
            }
        }
        return o;
    }

    /** @return null if the class verifies, else the first lines of CheckClassAdapter's report */
    static String verify(byte[] bytes) {
        StringWriter sw = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(bytes), ClassLoader.getPlatformClassLoader(), false,
            new PrintWriter(sw));
        String out = sw.toString();
        if (out.isEmpty()) {
            return null;
        }
        return new ClassReader(bytes).getClassName() + ": "
            + out.substring(0, Math.min(out.length(), 1500));
    }
}
