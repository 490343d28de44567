package io.taper.launcher.coverage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ICoverageVisitor;
import org.jacoco.core.data.ExecutionDataStore;

/**
 * JaCoCo's analysis of many class files on every core: the report step of a big program is mostly this (reading and
 * analysing each class), and one {@link Analyzer} is single-threaded. Each worker has its own analyser (they keep a
 * string pool) and hands its classes to one visitor, in turn. The items are the inputs' top-level entries (a jar's
 * entries, a directory's files), each given to {@link Analyzer#analyzeAll(InputStream, String)}, which tells class
 * files, nested archives and other files apart as it does for the whole input.
 */
final class ParallelAnalysis {

    private ParallelAnalysis() {
    }

    /** Analyses every class in {@code inputs} (class files, directories, jars) into {@code visitor}. */
    static void analyse(ExecutionDataStore store, List<Path> inputs, ICoverageVisitor visitor) throws IOException {
        List<Item> items = new ArrayList<>();
        List<ZipFile> zips = new ArrayList<>();
        try {
            for (Path p : inputs) {
                collect(p, items, zips);
            }
            run(store, items, new ICoverageVisitor() {
                @Override
                public void visitCoverage(IClassCoverage coverage) {
                    synchronized (visitor) {
                        visitor.visitCoverage(coverage);
                    }
                }
            });
        } finally {
            for (ZipFile z : zips) {
                z.close();
            }
        }
    }

    /** One top-level entry: how to open it, and its location for JaCoCo's messages. */
    private record Item(String location, Opener opener) {
    }

    private interface Opener {
        InputStream open() throws IOException;
    }

    private static void collect(Path p, List<Item> items, List<ZipFile> zips) throws IOException {
        if (!Files.exists(p)) {
            throw new IOException(p + ": no such class file, directory or jar");
        }
        if (Files.isDirectory(p)) {
            try (Stream<Path> files = Files.walk(p)) {
                for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                    items.add(new Item(f.toString(), () -> Files.newInputStream(f)));
                }
            }
            return;
        }
        ZipFile zip = zipOrNull(p);
        if (zip == null) {
            items.add(new Item(p.toString(), () -> Files.newInputStream(p)));
            return;
        }
        zips.add(zip);
        for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
            ZipEntry entry = e.nextElement();
            if (!entry.isDirectory()) {
                items.add(new Item(p + "@" + entry.getName(), () -> zip.getInputStream(entry)));
            }
        }
    }

    private static ZipFile zipOrNull(Path p) {
        try (InputStream in = Files.newInputStream(p)) {
            byte[] magic = in.readNBytes(4);
            if (magic.length < 4 || magic[0] != 'P' || magic[1] != 'K') {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        try {
            return new ZipFile(p.toFile());
        } catch (IOException e) {
            return null;   // JaCoCo reads it as a stream and says what is wrong with it
        }
    }

    private static void run(ExecutionDataStore store, List<Item> items, ICoverageVisitor visitor) throws IOException {
        int workers = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), items.size() / 64 + 1));
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "taper-coverage-analysis");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                done.add(pool.submit(() -> {
                    Analyzer analyzer = new Analyzer(store, visitor);
                    for (int i = next.getAndIncrement(); i < items.size(); i = next.getAndIncrement()) {
                        Item item = items.get(i);
                        try (InputStream in = item.opener().open()) {
                            analyzer.analyzeAll(in, item.location());
                        }
                    }
                    return null;
                }));
            }
            for (Future<Void> f : done) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while analysing class files", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof IllegalStateException ise) {
                throw new IOException(ise.getMessage(), ise);
            }
            throw new IOException(String.valueOf(cause), cause);
        } finally {
            pool.shutdownNow();
        }
    }
}
