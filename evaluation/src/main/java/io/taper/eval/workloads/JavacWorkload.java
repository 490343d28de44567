package io.taper.eval.workloads;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac through {@code javax.tools}: compile the real sources of commons-lang3 (its {@code sources}
 * jar, read from the class path) in memory, as a build compiles a module. Each compilation is a new
 * task over a slice of the tree; sources the slice refers to are found on javac's class path (the
 * sources jar) and compiled too, as javac does by default.
 * One unit is one source file named on a command line; past the end of the tree a new compilation
 * starts over the next slice.
 */
public final class JavacWorkload {

    static final int CI_UNITS = 4;
    static final int FULL_UNITS = 1200;

    /** Files per compilation: a module of this many files is compiled as one task. */
    static final int FILES_PER_TASK = 60;

    private static final String MARKER = "org/apache/commons/lang3/StringUtils.java";

    private JavacWorkload() {
    }

    public static void main(String[] args) {
        WorkloadMain.main(args, "javac", CI_UNITS, FULL_UNITS, JavacWorkload::run);
    }

    static String run(WorkloadSize size) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no system Java compiler: the javac workload needs a JDK, not a JRE");
        }
        Tree tree = sourceTree();
        TreeMap<String, byte[]> classes = new TreeMap<>();
        int tasks = 0;
        int diagnostics = 0;
        int errors = 0;
        for (int start = 0; start < size.units(); start += FILES_PER_TASK) {
            List<JavaFileObject> slice = new ArrayList<>();
            for (int i = start; i < Math.min(size.units(), start + FILES_PER_TASK); i++) {
                slice.add(tree.files().get(i % tree.files().size()));
            }
            DiagnosticCollector<JavaFileObject> collector = new DiagnosticCollector<>();
            Map<String, byte[]> out = new TreeMap<>();
            try (StandardJavaFileManager standard = javac.getStandardFileManager(collector, null, StandardCharsets.UTF_8);
                 MemoryOutput manager = new MemoryOutput(standard, out)) {
                List<String> options = List.of("--release", "17", "-proc:none", "-g", "-implicit:class",
                        "-Xlint:all", "-classpath", tree.jar().getPath());
                boolean ok = javac.getTask(null, manager, collector, options, null, slice).call();
                tasks++;
                for (Diagnostic<? extends JavaFileObject> d : collector.getDiagnostics()) {
                    diagnostics++;
                    if (d.getKind() == Diagnostic.Kind.ERROR) {
                        errors++;
                    }
                }
                if (!ok && errors == 0) {
                    throw new IllegalStateException("javac failed without an error diagnostic");
                }
            }
            classes.putAll(out);
        }
        Fingerprint f = new Fingerprint();
        long bytes = 0;
        for (Map.Entry<String, byte[]> e : classes.entrySet()) {
            f.add(e.getKey()).add(e.getValue(), e.getValue().length);
            bytes += e.getValue().length;
        }
        return "javac files=" + size.units() + " tasks=" + tasks + " classes=" + classes.size() + " classBytes=" + bytes
                + " diagnostics=" + diagnostics + " errors=" + errors + " checksum=" + f.hex();
    }

    private record Tree(File jar, List<JavaFileObject> files) {
    }

    /** Every {@code .java} file of the sources jar, in a fixed pseudo-random order. */
    private static Tree sourceTree() throws IOException {
        URL marker = JavacWorkload.class.getClassLoader().getResource(MARKER);
        if (marker == null) {
            throw new IllegalStateException(MARKER + " is not on the class path: the commons-lang3"
                    + " sources jar is the javac workload's input");
        }
        JarURLConnection connection = (JarURLConnection) marker.openConnection();
        connection.setUseCaches(false);
        List<JavaFileObject> files = new ArrayList<>();
        File jarFile;
        try (JarFile jar = connection.getJarFile()) {
            jarFile = new File(jar.getName());
            jar.stream().filter(e -> e.getName().endsWith(".java") && !e.getName().endsWith("-info.java"))
                    .sorted(Comparator.comparing(JarEntry::getName))
                    .forEach(e -> files.add(new Source(e.getName(), read(jar, e))));
        }
        Collections.shuffle(files, new Random(47L));
        return new Tree(jarFile, files);
    }

    private static String read(JarFile jar, JarEntry entry) {
        try (InputStream in = jar.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A source file held in memory under its path in the jar. */
    private static final class Source extends SimpleJavaFileObject {
        private final String text;

        Source(String path, String text) {
            super(uri("source:///" + path), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }

    /** Keeps every class file javac writes, by binary name; nothing touches the disk. */
    private static final class MemoryOutput extends ForwardingJavaFileManager<StandardJavaFileManager> {
        private final Map<String, byte[]> out;

        MemoryOutput(StandardJavaFileManager standard, Map<String, byte[]> out) {
            super(standard);
            this.out = out;
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                   FileObject sibling) {
            return new SimpleJavaFileObject(uri("memory:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    return new ByteArrayOutputStream() {
                        @Override
                        public void close() {
                            out.put(className, toByteArray());
                        }
                    };
                }
            };
        }
    }

    private static URI uri(String s) {
        try {
            return new URI(s);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(s, e);
        }
    }
}
