package io.taper.eval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the harness finds things: the evaluation jar and the workloads' class path
 * ({@code evaluation/target/workload.classpath}, written at package time), and the {@code taper}
 * launcher script at the top of the repository.
 */
final class EvalPaths {

    static final String CLASSPATH_FILE = "workload.classpath";
    static final String JAR = "taper-evaluation.jar";

    private EvalPaths() {
    }

    /** evaluation/target: the directory holding this jar (or, from an IDE, target/classes's parent). */
    static Path targetDir() {
        try {
            Path self = Path.of(EvalPaths.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return self.toAbsolutePath().getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The built-in workloads' class path: the evaluation jar (or classes) plus its libraries. */
    static String builtinClassPath(Path target) {
        Path cpFile = target.resolve(CLASSPATH_FILE);
        List<String> entries = new ArrayList<>();
        entries.add(selfEntry(target));
        if (Files.isRegularFile(cpFile)) {
            try {
                entries.add(Files.readString(cpFile, StandardCharsets.UTF_8).strip());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else {
            // No package step yet (tests, IDE): the libraries are on this JVM's own class path.
            entries.add(System.getProperty("java.class.path"));
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    /** The evaluation jar, or its classes directory before the package step (tests, IDE). */
    private static String selfEntry(Path target) {
        Path jar = target.resolve(JAR);
        return Files.isRegularFile(jar) ? jar.toString() : target.resolve("classes").toString();
    }

    /** The peer-tests workload's class path: the evaluation jar (or classes) and the jars in target/peer-tests. */
    static String peerTestsClassPath(Path target) {
        List<String> entries = new ArrayList<>();
        entries.add(selfEntry(target));
        Path dir = target.resolve("peer-tests");
        if (Files.isDirectory(dir)) {
            try (var jars = Files.list(dir)) {
                jars.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> entries.add(p.toString()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    /**
     * The launcher: in {@code -Dtaper.home} (set by {@code ./taper eval}), else ./taper in the working
     * directory, else at the repository top above evaluation/target.
     */
    static Optional<Path> findTaper(Path target) {
        List<Path> candidates = new ArrayList<>();
        String home = System.getProperty("taper.home");
        if (home != null) {
            candidates.add(Path.of(home, "taper"));
        }
        candidates.add(Path.of("taper").toAbsolutePath());
        if (target.getParent() != null && target.getParent().getParent() != null) {
            candidates.add(target.getParent().getParent().resolve("taper"));
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst();
    }
}
