package io.taper.examples.stress;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * THREADS threads load the classes of java.base's {@code java.util}, {@code java.text}, {@code java.time} and
 * {@code java.util.concurrent} packages (without initialising them) at once, interleaved with sorting and garbage
 * collections: classes arrive at the agent from many threads while an adaptive run's controller retransforms.
 * Usage: {@code ClassLoadStorm THREADS}.
 */
public final class ClassLoadStorm {

    private ClassLoadStorm() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        List<String> names = names();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger loaded = new AtomicInteger();
        Thread[] threads = new Thread[n];
        for (int t = 0; t < n; t++) {
            threads[t] = new Thread(() -> {
                for (int i = next.getAndIncrement(); i < names.size(); i = next.getAndIncrement()) {
                    try {
                        Class.forName(names.get(i), false, ClassLoader.getSystemClassLoader());
                        loaded.incrementAndGet();
                    } catch (ClassNotFoundException | LinkageError e) {
                        // a class the JDK keeps from the class path: not counted
                    }
                    if (i % 200 == 0) {
                        List<String> copy = new ArrayList<>(names);
                        copy.sort(null);
                        System.gc();
                    }
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("classes " + names.size() + " loaded " + loaded.get());
    }

    private static List<String> names() throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        List<String> names = new ArrayList<>();
        for (String pkg : List.of("java/util", "java/text", "java/time", "java/util/concurrent")) {
            try (Stream<Path> files = Files.list(jrt.getPath("/modules/java.base", pkg))) {
                files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".class")).sorted()
                    .forEach(f -> names.add(pkg.replace('/', '.') + "." + f.substring(0, f.length() - 6)));
            }
        }
        return names;
    }
}
