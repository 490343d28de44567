package io.taper.weaver.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The files of a woven-class cache. Each space ({@code DIR/<space>/}) holds packs: a cache that stores entries
 * appends them to a pack of its own ({@code <millis>-<pid>-<n>.pack}, one background writer thread: a class load
 * never waits for a disk write) and, when it closes, writes the pack's index ({@code .idx}: key, offset, length of
 * each entry) through a temporary file and an atomic rename. A reader loads the indexes of a space once, at its
 * first lookup, and reads entries with positional reads; a pack without an index (its writer still running, or
 * killed) is not read. So concurrent JVMs and servers share the directory without locks, and one file is created
 * per run rather than per class (creating a file costs more than half a millisecond of kernel time on some
 * machines). Packs are kept under the size bound, oldest first, by a background walk at open at most once an hour
 * (a marker file's time says when the last one ran). Every failure only costs the cache: it is counted, and the
 * weave goes on without it.
 */
public final class WovenClassStore {

    private static final Object[] STOP = new Object[0];
    private static final int QUEUE = 4096;
    /** Packs kept open for reading at once; past this the open ones are closed (a directory of many small packs). */
    private static final int OPEN_PACKS = 32;
    private static final int INDEX_MAGIC = 0x54574349;   // "TWCI"
    private static final int INDEX_VERSION = 1;
    private static final String PRUNED_MARKER = ".pruned";
    static final long PRUNE_EVERY_MILLIS = 3_600_000;

    /** Where an entry lives. */
    private record Location(Path pack, long offset, int length) {
    }

    private final Path dir;
    private final long maxBytes;
    private final BlockingQueue<Object[]> writes = new ArrayBlockingQueue<>(QUEUE);
    private final Thread writer;
    private final Map<String, Map<Key, Location>> indexes = new ConcurrentHashMap<>();
    private final Map<Path, FileChannel> readers = new ConcurrentHashMap<>();
    /** The writer thread's open packs, by space. */
    private final Map<String, PackWriter> packs = new HashMap<>();

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
    private final AtomicLong indexEntries = new AtomicLong();
    private final AtomicLong sizeAtOpen = new AtomicLong(-1);
    private final AtomicLong packsAtOpen = new AtomicLong(-1);
    private final AtomicLong pruned = new AtomicLong();
    private final AtomicLong filesPruned = new AtomicLong();
    private volatile boolean walked;
    private volatile String lastProblem;

    /** A 32-byte key with value equality. */
    private record Key(byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(bytes, k.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }
    }

    private WovenClassStore(Path dir, long maxBytes) {
        this.dir = dir;
        this.maxBytes = maxBytes;
        writer = new Thread(this::writeLoop, "taper-cache-writer");
        writer.setDaemon(true);
        writer.start();
        Thread pruner = new Thread(this::pruneIfDue, "taper-cache-pruner");
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

    private Map<Key, Location> index(String space) {
        return indexes.computeIfAbsent(space, this::loadIndex);
    }

    /** Every complete pack's index, older packs first so that a newer entry of the same key wins. */
    private Map<Key, Location> loadIndex(String space) {
        Map<Key, Location> index = new ConcurrentHashMap<>();
        Path spaceDir = dir.resolve(space);
        if (!Files.isDirectory(spaceDir)) {
            return index;
        }
        List<Path> idx = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(spaceDir, "*.idx")) {
            files.forEach(idx::add);
        } catch (IOException | RuntimeException e) {
            lastProblem = "index: " + e;
            return index;
        }
        idx.sort(null);
        for (Path f : idx) {
            String name = f.getFileName().toString();
            Path packFile = f.resolveSibling(name.substring(0, name.length() - ".idx".length()) + ".pack");
            try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(Files.readAllBytes(f)))) {
                if (in.readInt() != INDEX_MAGIC || in.readInt() != INDEX_VERSION) {
                    throw new IOException("not an index of this format");
                }
                int n = CacheEntry.count(in.readInt());
                Map<Key, Location> pack = new HashMap<>(n * 2);
                for (int i = 0; i < n; i++) {
                    byte[] key = new byte[CacheEntry.KEY_BYTES];
                    in.readFully(key);
                    long offset = in.readLong();
                    int length = in.readInt();
                    if (offset < 0 || length <= 0) {
                        throw new IOException("bad entry location");
                    }
                    pack.put(new Key(key), new Location(packFile, offset, length));
                }
                if (in.available() != 0) {
                    throw new IOException(in.available() + " bytes after the last entry");
                }
                index.putAll(pack);
            } catch (IOException | RuntimeException e) {   // a damaged index costs its pack only
                corrupt.incrementAndGet();
                lastProblem = "index " + f + ": " + e;
            }
        }
        indexEntries.addAndGet(index.size());
        return index;
    }

    /** The entry's bytes, or null if there is none (or it cannot be read). */
    byte[] read(String space, byte[] key) {
        Location at = index(space).get(new Key(key));
        if (at == null) {
            return null;
        }
        try {
            if (readers.size() >= OPEN_PACKS && !readers.containsKey(at.pack)) {
                closeReaders();
            }
            FileChannel ch = readers.computeIfAbsent(at.pack, p -> {
                try {
                    return FileChannel.open(p, StandardOpenOption.READ);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            ByteBuffer buf = ByteBuffer.allocate(at.length);
            long position = at.offset;
            while (buf.hasRemaining()) {
                int n = ch.read(buf, position);
                if (n < 0) {
                    throw new IOException("pack ends before the entry");
                }
                position += n;
            }
            bytesRead.addAndGet(at.length);
            return buf.array();
        } catch (IOException | RuntimeException e) {
            readFailures.incrementAndGet();
            lastProblem = "read: " + e;
            return null;
        }
    }

    /** An entry that was found but refused: forgotten, so the fresh weave stored next replaces it. */
    void refuse(String space, byte[] key, String why) {
        corrupt.incrementAndGet();
        lastProblem = "entry refused: " + why;
        index(space).remove(new Key(key));
    }

    /**
     * Queues an entry for writing; dropped (and counted) when the writer is behind. The entry is made on the writer
     * thread, off the class load that asked for the weave; a null entry is not written.
     */
    void write(String space, byte[] key, java.util.function.Supplier<byte[]> entry) {
        if (!writes.offer(new Object[] {space, key, entry})) {
            storesDropped.incrementAndGet();
        }
    }

    /** One pack being written by this store. */
    private final class PackWriter {
        final Path pack;
        final FileChannel channel;
        final ByteArrayOutputStream index = new ByteArrayOutputStream();
        final DataOutputStream indexOut = new DataOutputStream(index);
        long size;
        int entries;

        PackWriter(String space) throws IOException {
            Path spaceDir = dir.resolve(space);
            Files.createDirectories(spaceDir);
            String base = System.currentTimeMillis() + "-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(System.nanoTime());
            pack = spaceDir.resolve(base + ".pack");
            channel = FileChannel.open(pack, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }

        void append(byte[] key, byte[] data) throws IOException {
            ByteBuffer buf = ByteBuffer.wrap(data);
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
            indexOut.write(key);
            indexOut.writeLong(size);
            indexOut.writeInt(data.length);
            size += data.length;
            entries++;
        }

        /** Closes the pack and publishes its index: readers see the pack from now on. */
        void finish() throws IOException {
            channel.close();
            if (entries == 0) {
                Files.deleteIfExists(pack);
                return;
            }
            ByteArrayOutputStream b = new ByteArrayOutputStream(12 + index.size());
            DataOutputStream out = new DataOutputStream(b);
            out.writeInt(INDEX_MAGIC);
            out.writeInt(INDEX_VERSION);
            out.writeInt(entries);
            out.flush();
            index.writeTo(b);
            String name = pack.getFileName().toString();
            Path idx = pack.resolveSibling(name.substring(0, name.length() - ".pack".length()) + ".idx");
            Path tmp = pack.resolveSibling(name + ".idx.tmp");
            Files.write(tmp, b.toByteArray());
            try {
                Files.move(tmp, idx, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, idx, StandardCopyOption.REPLACE_EXISTING);
            }
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
            if (w == STOP) {
                for (PackWriter p : packs.values()) {
                    try {
                        p.finish();
                    } catch (IOException | RuntimeException e) {
                        storeFailures.addAndGet(p.entries);
                        lastProblem = "index: " + e;
                    }
                }
                packs.clear();
                return;
            }
            String space = (String) w[0];
            @SuppressWarnings("unchecked")
            byte[] data = ((java.util.function.Supplier<byte[]>) w[2]).get();
            if (data == null) {
                continue;
            }
            try {
                PackWriter p = packs.get(space);
                if (p == null) {
                    p = new PackWriter(space);
                    packs.put(space, p);
                }
                p.append((byte[]) w[1], data);
                stores.incrementAndGet();
                bytesWritten.addAndGet(data.length);
            } catch (IOException | RuntimeException e) {   // a full disk, a read-only directory
                storeFailures.incrementAndGet();
                lastProblem = "write: " + e;
            }
        }
    }

    /** The number of entries of a space. */
    public int entries(String space) {
        return index(space).size();
    }

    private void pruneIfDue() {
        Path marker = dir.resolve(PRUNED_MARKER);
        try {
            if (Files.exists(marker)
                    && System.currentTimeMillis() - Files.getLastModifiedTime(marker).toMillis() < PRUNE_EVERY_MILLIS) {
                return;
            }
            Files.write(marker, new byte[0]);   // first, so that concurrent servers do not all walk
        } catch (IOException | RuntimeException e) {
            lastProblem = "prune marker: " + e;
            return;
        }
        prune();
    }

    /**
     * Keeps the directory under its bound, counting every file in it: packs with their indexes, and what else lives
     * there (prepared analysis jars, class-data-sharing archives, files of older cache formats, which nothing else
     * removes). The oldest by modification time go first, a pack with its index, down to 80 %; prepared jars and
     * archives are touched when used, so the ones in use are the newest. A pack left without an index for an hour (its
     * writer was killed) goes too, and so do directories that have been empty for an hour.
     */
    void prune() {
        List<Object[]> files = new ArrayList<>();   // path, modified, size, index (packs) or null
        long[] total = {0};
        long[] packCount = {0};
        long now = System.currentTimeMillis();
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                    String name = f.getFileName().toString();
                    if (!a.isRegularFile() || f.getParent().equals(dir) && name.equals(PRUNED_MARKER)) {
                        return FileVisitResult.CONTINUE;
                    }
                    long modified = a.lastModifiedTime().toMillis();
                    if (name.endsWith(".pack")) {
                        Path idx = f.resolveSibling(name.substring(0, name.length() - ".pack".length()) + ".idx");
                        if (!Files.exists(idx) && now - modified > PRUNE_EVERY_MILLIS) {
                            deleteQuietly(f);
                            return FileVisitResult.CONTINUE;
                        }
                        long size = a.size() + sizeOf(idx);
                        files.add(new Object[] {f, modified, size, idx});
                        total[0] += size;
                        packCount[0]++;
                    } else if (!name.endsWith(".idx")
                            || !Files.exists(f.resolveSibling(name.substring(0, name.length() - ".idx".length()) + ".pack"))) {
                        files.add(new Object[] {f, modified, a.size(), null});
                        total[0] += a.size();
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path f, IOException e) {
                    return FileVisitResult.CONTINUE;   // removed by another process meanwhile
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) {
                    try {
                        if (!d.equals(dir) && now - Files.getLastModifiedTime(d).toMillis() > PRUNE_EVERY_MILLIS) {
                            Files.deleteIfExists(d);   // only if empty; a new one may be about to get its first pack
                        }
                    } catch (IOException | RuntimeException notEmptyOrGone) {
                        // stays
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | RuntimeException e) {
            lastProblem = "size: " + e;
            return;
        }
        sizeAtOpen.set(total[0]);
        packsAtOpen.set(packCount[0]);
        if (total[0] > maxBytes) {
            files.sort((x, y) -> Long.compare((long) x[1], (long) y[1]));
            long size = total[0];
            for (Object[] f : files) {
                if (size <= maxBytes * 8 / 10) {
                    break;
                }
                Path idx = (Path) f[3];
                if (idx != null) {
                    deleteQuietly(idx);   // the index first: no reader finds a pack that is going
                }
                if (deleteQuietly((Path) f[0])) {
                    size -= (long) f[2];
                    (idx != null ? pruned : filesPruned).incrementAndGet();
                }
            }
        }
        walked = true;
    }

    private static long sizeOf(Path f) {
        try {
            return Files.size(f);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private boolean deleteQuietly(Path f) {
        try {
            return Files.deleteIfExists(f);
        } catch (IOException | RuntimeException e) {
            return false;   // in use or gone: the next walk tries again
        }
    }

    /** Writes what is queued and publishes this store's packs (waiting up to {@code timeoutMillis}). */
    public void close(long timeoutMillis) {
        try {
            if (writes.offer(STOP, timeoutMillis, TimeUnit.MILLISECONDS)) {
                writer.join(timeoutMillis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeReaders();
        // the pruner is not waited for: a walk cut short by the exit leaves whole packs, and the next one
        // an hour later finishes the job
    }

    private synchronized void closeReaders() {
        for (FileChannel ch : readers.values()) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // read-only: nothing to lose
            }
        }
        readers.clear();
    }

    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("directory", dir.toString());
        m.put("maxBytes", maxBytes);
        m.put("entriesIndexed", indexEntries.get());
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
        if (walked) {   // only when this cache walked the directory, and once the walk is done
            m.put("bytesAtOpen", sizeAtOpen.get());
            m.put("packsAtOpen", packsAtOpen.get());
            m.put("packsPruned", pruned.get());
            m.put("filesPruned", filesPruned.get());
        }
        if (lastProblem != null) {
            m.put("lastProblem", lastProblem);
        }
        return m;
    }
}
