package io.taper.server.internal;

import io.taper.weaver.AnalysisSpec;
import io.taper.weaver.ClassHierarchy;
import io.taper.weaver.Deployment;
import io.taper.weaver.WeaveRequest;
import io.taper.weaver.Weaver;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Weaves this JVM's own {@code java.base} classes with a throwaway weaver before the server says it is
 * ready. A cold server spends most of its first second loading and interpreting the weaver; the observed JVM's start-up retransformation of ~1000 classes would
 * wait for all of it. The throwaway weaver has its own site ids and class hierarchy, so nothing of the
 * warm-up leaks into the run; only the compiled code stays.
 */
public final class WeaverWarmUp {

    /** The packages whose classes a JVM loads at start-up: representative work for the JIT. */
    private static final String[] PACKAGES = {
        "java/lang", "java/util", "java/io", "java/util/concurrent", "java/nio/file", "java/lang/invoke", "java/net",
    };

    private WeaverWarmUp() {
    }

    /**
     * @return {classes woven, milliseconds spent}
     */
    public static long[] run(AnalysisSpec spec, long budgetMillis) throws IOException {
        long t0 = System.nanoTime();
        long deadline = t0 + budgetMillis * 1_000_000L;
        if (budgetMillis <= 0) {
            return new long[] {0, 0};
        }
        Weaver weaver = Weaver.create(spec, new ClassHierarchy());
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        long n = 0;
        for (Path p : classes(jrt)) {
            if (System.nanoTime() > deadline) {
                break;
            }
            weaver.weave(new WeaveRequest(0, null, Files.readAllBytes(p), Deployment.ALL_ENABLED));
            n++;
        }
        return new long[] {n, (System.nanoTime() - t0) / 1_000_000};
    }

    private static List<Path> classes(FileSystem jrt) throws IOException {
        List<Path> all = new ArrayList<>();
        for (String pkg : PACKAGES) {
            Path dir = jrt.getPath("modules", "java.base", pkg);
            try (Stream<Path> s = Files.list(dir)) {
                all.addAll(s.filter(f -> f.toString().endsWith(".class")).sorted().collect(Collectors.toList()));
            }
        }
        return all;
    }
}
