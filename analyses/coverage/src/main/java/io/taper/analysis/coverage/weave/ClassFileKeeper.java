package io.taper.analysis.coverage.weave;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps the original class files of the classes woven, for the reports: the first class of each name (JaCoCo's
 * reports cannot tell two classes of one name apart). Files are written by a thread of their own, off the class
 * loads the observed JVM waits for; {@link #close} writes what is left.
 */
final class ClassFileKeeper {

    private record Pending(Path file, byte[] bytes) {
    }

    private static final Pending END = new Pending(null, null);

    private final Path dir;
    private final Map<String, Long> kept = new ConcurrentHashMap<>();
    private final BlockingQueue<Pending> queue = new ArrayBlockingQueue<>(4096);
    private final AtomicLong sameNameOtherClass = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final Thread writer;

    ClassFileKeeper(Path dir) throws IOException {
        this.dir = dir;
        deleteTree(dir);   // a previous run's classes in the same directory are not this run's
        Files.createDirectories(dir);
        writer = new Thread(this::drain, "coverage-class-files");
        writer.setDaemon(true);
        writer.start();
    }

    void keep(String name, long id, byte[] original) {
        Long before = kept.putIfAbsent(name, id);
        if (before != null) {
            if (before != id) {
                sameNameOtherClass.incrementAndGet();
            }
            return;
        }
        Pending p = new Pending(dir.resolve(name + ".class"), original);
        if (!queue.offer(p)) {
            write(p);   // the writer is behind: this class load pays for its own file
        }
    }

    private void drain() {
        try {
            for (Pending p = queue.take(); p != END; p = queue.take()) {
                write(p);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void write(Pending p) {
        try {
            Files.createDirectories(p.file().getParent());
            Path tmp = p.file().resolveSibling(p.file().getFileName() + ".tmp");
            Files.write(tmp, p.bytes());
            Files.move(tmp, p.file(), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            errors.incrementAndGet();
        }
    }

    /** Writes what is queued and stops the writer. */
    void close() {
        try {
            queue.put(END);
            writer.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    int kept() {
        return kept.size();
    }

    long sameNameOtherClass() {
        return sameNameOtherClass.get();
    }

    long errors() {
        return errors.get();
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
