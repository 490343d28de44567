package io.taper.analysis.coverage.weave;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Keeps the original class files of the classes woven, for the reports: the first class of each name (JaCoCo's
 * reports cannot tell two classes of one name apart), as the stored (uncompressed) entries of one jar. One file, not
 * one a class: creating a file costs more than half a millisecond of kernel time on some machines, which a server
 * sharing two cores with the program takes from the program. Entries are written by a thread of their own, off the
 * class loads the observed JVM waits for, and flushed whenever it has nothing queued: a server that is killed leaves a
 * jar without its central directory, whose entries a stream reader (JaCoCo's analyser) still reads up to the last
 * one flushed. {@link #close} writes what is left and the directory.
 */
final class ClassFileKeeper {

    private record Pending(String entry, byte[] bytes) {
    }

    private static final Pending END = new Pending(null, null);

    private final Map<String, Long> kept = new ConcurrentHashMap<>();
    private final BlockingQueue<Pending> queue = new ArrayBlockingQueue<>(4096);
    private final AtomicLong sameNameOtherClass = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final ZipOutputStream jar;
    private final Thread writer;
    private volatile boolean closed;

    /** @param jar the jar to write (a previous run's in the same place is replaced) */
    ClassFileKeeper(Path jar) throws IOException {
        Files.createDirectories(jar.toAbsolutePath().getParent());
        this.jar = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(jar, StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE), 1 << 16));
        this.jar.setMethod(ZipOutputStream.STORED);
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
        Pending p = new Pending(name + ".class", original);
        if (closed || !enqueue(p)) {
            errors.incrementAndGet();
        }
    }

    /** Waits for room rather than writing on the caller's thread: one thread owns the jar. */
    private boolean enqueue(Pending p) {
        try {
            return queue.offer(p, 30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void drain() {
        try {
            for (Pending p = queue.take(); p != END; p = queue.take()) {
                write(p);
                if (queue.isEmpty()) {
                    flush();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                jar.close();
            } catch (IOException e) {
                errors.incrementAndGet();
            }
        }
    }

    private void write(Pending p) {
        try {
            ZipEntry e = new ZipEntry(p.entry());
            CRC32 crc = new CRC32();
            crc.update(p.bytes());
            e.setSize(p.bytes().length);
            e.setCompressedSize(p.bytes().length);
            e.setCrc(crc.getValue());
            jar.putNextEntry(e);
            jar.write(p.bytes());
            jar.closeEntry();
        } catch (IOException | RuntimeException e) {
            errors.incrementAndGet();
        }
    }

    private void flush() {
        try {
            jar.flush();
        } catch (IOException e) {
            errors.incrementAndGet();
        }
    }

    /** Writes what is queued, the jar's directory, and stops the writer. */
    void close() {
        closed = true;
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
}
