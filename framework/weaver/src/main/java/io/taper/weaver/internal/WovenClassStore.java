package io.taper.weaver.internal;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The files of a woven-class cache: {@code DIR/<space>/<2 hex>/<key hex>}, one entry a file, written by one
 * background thread (a class load never waits for a disk write) through a temporary file and an atomic rename,
 * so that concurrent JVMs and servers share the directory and a reader never sees half an entry. The directory
 * is kept under its size bound at open, oldest entries first. Every failure only costs the cache: it is counted,
 * and the weave goes on without it.
 */
public final class WovenClassStore {

    private static final byte[] STOP = new byte[0];
    private static final int QUEUE = 4096;

    private final Path dir;
    private final long maxBytes;
    private final BlockingQueue<Object[]> writes = new ArrayBlockingQueue<>(QUEUE);
    private final Thread writer;
    private final Thread pruner;

    final AtomicLong hits = new AtomicLong();
    final AtomicLong misses = new AtomicLong();
    final AtomicLong stores = new AtomicLong();
    final AtomicLong storesDropped = new AtomicLong();
    final AtomicLong storeFailures = new AtomicLong();
    final AtomicLong notStorable = new AtomicLong();
    final AtomicLong corrupt = new AtomicLong();
    final AtomicLong readFailures = new AtomicLong();
    final AtomicLong factMismatches = new AtomicLong();
    final AtomicLong relocationsRefused = new AtomicLong();
    final AtomicLong bytesRead = new AtomicLong();
    final AtomicLong bytesWritten = new AtomicLong();
    final AtomicLong hitNanos = new AtomicLong();
    private final AtomicLong sizeAtOpen = new AtomicLong(-1);
    private final AtomicLong entriesAtOpen = new AtomicLong(-1);
    private final AtomicLong pruned = new AtomicLong();
    private volatile String lastProblem;

    private WovenClassStore(Path dir, long maxBytes) {
        this.dir = dir;
        this.maxBytes = maxBytes;
        writer = new Thread(this::writeLoop, "taper-cache-writer");
        writer.setDaemon(true);
        writer.start();
        pruner = new Thread(this::prune, "taper-cache-pruner");
        pruner.setDaemon(true);
        pruner.setPriority(Thread.MIN_PRIORITY);
        pruner.start();
    }

    /** @throws IOException if the directory cannot be made */
    public static WovenClassStore open(Path dir, long maxBytes) throws IOException {
        Files.createDirectories(dir);
        if (!Files.isWritable(dir)) {
            throw new IOException(dir + " is not writable");
        }
        return new WovenClassStore(dir, maxBytes);
    }

    public Path directory() {
        return dir;
    }

    private Path file(String space, byte[] key) {
        String hex = HexFormat.of().formatHex(key);
        return dir.resolve(space).resolve(hex.substring(0, 2)).resolve(hex);
    }

    /** The entry's bytes, or null if there is none (or it cannot be read). */
    byte[] read(String space, byte[] key) {
        try {
            byte[] data = Files.readAllBytes(file(space, key));
            bytesRead.addAndGet(data.length);
            return data;
        } catch (NoSuchFileException absent) {
            return null;
        } catch (IOException | RuntimeException e) {
            readFailures.incrementAndGet();
            lastProblem = "read: " + e;
            return null;
        }
    }

    /** An entry that was found but refused: removed, so the next store replaces it. */
    void refuse(String space, byte[] key, String why) {
        corrupt.incrementAndGet();
        lastProblem = "entry refused: " + why;
        try {
            Files.deleteIfExists(file(space, key));
        } catch (IOException | RuntimeException ignored) {
            // the store that follows overwrites it anyway
        }
    }

    /** Queues an entry for writing; dropped (and counted) when the writer is behind. */
    void write(String space, byte[] key, byte[] data) {
        if (!writes.offer(new Object[] {file(space, key), data})) {
            storesDropped.incrementAndGet();
        }
    }

    private void writeLoop() {
        while (true) {
            Object[] w;
            try {
                w = writes.take();
            } catch (InterruptedException e) {
                return;
            }
            if (w[1] == STOP) {
                return;
            }
            Path target = (Path) w[0];
            byte[] data = (byte[]) w[1];
            Path tmp = null;
            try {
                Files.createDirectories(target.getParent());
                tmp = Files.createTempFile(target.getParent(), ".w", ".tmp");
                Files.write(tmp, data);
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
                stores.incrementAndGet();
                bytesWritten.addAndGet(data.length);
            } catch (IOException | RuntimeException e) {   // a full disk, a read-only directory
                storeFailures.incrementAndGet();
                lastProblem = "write: " + e;
                if (tmp != null) {
                    try {
                        Files.deleteIfExists(tmp);
                    } catch (IOException ignored) {
                        // nothing more to do
                    }
                }
            }
        }
    }

    /** The number of entries of a space, counting up to {@code atMost}. */
    public int entries(String space, int atMost) {
        Path spaceDir = dir.resolve(space);
        int n = 0;
        if (!Files.isDirectory(spaceDir)) {
            return 0;
        }
        try (DirectoryStream<Path> shards = Files.newDirectoryStream(spaceDir)) {
            for (Path shard : shards) {
                try (DirectoryStream<Path> files = Files.newDirectoryStream(shard)) {
                    for (Path ignored : files) {
                        if (++n >= atMost) {
                            return n;
                        }
                    }
                } catch (IOException | RuntimeException skip) {
                    // a shard another process is pruning
                }
            }
        } catch (IOException | RuntimeException e) {
            return n;
        }
        return n;
    }

    /** Keeps the directory under its bound: the oldest entries (by modification time) go first, down to 80 %. */
    private void prune() {
        List<Object[]> files = new ArrayList<>();
        long[] total = {0};
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                    if (a.isRegularFile()) {
                        files.add(new Object[] {f, a.lastModifiedTime().toMillis(), a.size()});
                        total[0] += a.size();
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path f, IOException e) {
                    return FileVisitResult.CONTINUE;   // removed by another process meanwhile
                }
            });
        } catch (IOException | RuntimeException e) {
            lastProblem = "size: " + e;
            return;
        }
        sizeAtOpen.set(total[0]);
        entriesAtOpen.set(files.size());
        if (total[0] <= maxBytes) {
            return;
        }
        files.sort((x, y) -> Long.compare((long) x[1], (long) y[1]));
        long size = total[0];
        for (Object[] f : files) {
            if (size <= maxBytes * 8 / 10) {
                break;
            }
            try {
                Files.deleteIfExists((Path) f[0]);
                size -= (long) f[2];
                pruned.incrementAndGet();
            } catch (IOException | RuntimeException ignored) {
                // in use or gone: the next open tries again
            }
        }
    }

    /** Writes what is queued (waiting up to {@code timeoutMillis}), then stops the writer. */
    public void close(long timeoutMillis) {
        try {
            if (writes.offer(new Object[] {null, STOP}, timeoutMillis, TimeUnit.MILLISECONDS)) {
                writer.join(timeoutMillis);
            }
            pruner.join(Math.max(1, timeoutMillis / 10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("directory", dir.toString());
        m.put("maxBytes", maxBytes);
        m.put("hits", hits.get());
        m.put("misses", misses.get());
        m.put("hitMillis", hitNanos.get() / 1_000_000.0);
        m.put("stores", stores.get());
        m.put("storesDropped", storesDropped.get());
        m.put("storeFailures", storeFailures.get());
        m.put("notStorable", notStorable.get());
        m.put("corruptEntries", corrupt.get());
        m.put("readFailures", readFailures.get());
        m.put("factMismatches", factMismatches.get());
        m.put("relocationsRefused", relocationsRefused.get());
        m.put("bytesRead", bytesRead.get());
        m.put("bytesWritten", bytesWritten.get());
        m.put("bytesAtOpen", sizeAtOpen.get());
        m.put("entriesAtOpen", entriesAtOpen.get());
        m.put("entriesPruned", pruned.get());
        if (lastProblem != null) {
            m.put("lastProblem", lastProblem);
        }
        return m;
    }
}
