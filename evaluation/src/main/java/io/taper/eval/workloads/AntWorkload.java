package io.taper.eval.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.apache.tools.ant.BuildException;
import org.apache.tools.ant.DefaultLogger;
import org.apache.tools.ant.Project;
import org.apache.tools.ant.ProjectHelper;

/**
 * A build tool: Apache Ant runs a build file ({@code ant-build.xml}) over the real sources of commons-lang3 (its
 * {@code sources} jar, read from the class path), as a build builds a module: clean, compile with Ant's {@code javac}
 * task (the JDK's compiler in this JVM, against the commons-lang3 jar), list and jar the class files, copy the
 * sources. Each build is a new Ant project, parsed from the build file. One unit is one build of a module of
 * {@value #FILES_PER_MODULE} files, the next slice of the tree each time.
 */
public final class AntWorkload {

    static final int CI_UNITS = 1;
    static final int FULL_UNITS = 50;
    static final int FILES_PER_MODULE = 25;

    private static final String MARKER = "org/apache/commons/lang3/StringUtils.java";
    private static final String LIBRARY_CLASS = "org/apache/commons/lang3/StringUtils.class";

    private AntWorkload() {
    }

    public static void main(String[] args) {
        WorkloadMain.main(args, "ant", CI_UNITS, FULL_UNITS, AntWorkload::run);
    }

    static String run(WorkloadSize size) throws IOException {
        Path work = Files.createTempDirectory("taper-ant-");
        try {
            List<String> files = extractTree(work.resolve("tree"));
            Path lib = jarOf(LIBRARY_CLASS);
            Path buildFile = work.resolve("build.xml");
            try (InputStream in = AntWorkload.class.getResourceAsStream("ant-build.xml")) {
                if (in == null) {
                    throw new IllegalStateException("ant-build.xml is not on the class path");
                }
                Files.copy(in, buildFile);
            }
            Fingerprint f = new Fingerprint();
            long classes = 0;
            long classBytes = 0;
            for (int build = 0; build < size.units(); build++) {
                Path src = work.resolve("src");
                deleteTree(src);
                for (int i = 0; i < FILES_PER_MODULE; i++) {
                    String file = files.get((build * FILES_PER_MODULE + i) % files.size());
                    Path to = src.resolve(file);
                    Files.createDirectories(to.getParent());
                    Files.copy(work.resolve("tree").resolve(file), to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
                build(buildFile, lib);
                Path out = work.resolve("build/classes");
                List<Path> made;
                try (Stream<Path> s = Files.walk(out)) {
                    made = s.filter(Files::isRegularFile).sorted(Comparator.comparing(Path::toString)).toList();
                }
                for (Path p : made) {
                    byte[] b = Files.readAllBytes(p);
                    f.add(out.relativize(p).toString()).add(b, b.length);
                    if (p.toString().endsWith(".class")) {
                        classes++;
                        classBytes += b.length;
                    }
                }
                if (!Files.isRegularFile(work.resolve("build/lib/module.jar"))) {
                    throw new IllegalStateException("the build made no jar");
                }
            }
            return "ant builds=" + size.units() + " files=" + size.units() * FILES_PER_MODULE + " classes=" + classes
                + " classBytes=" + classBytes + " checksum=" + f.hex();
        } finally {
            deleteTree(work);
        }
    }

    /** One build of the default target, as {@code ant} on the command line would run it (errors only on stderr). */
    private static void build(Path buildFile, Path lib) {
        Project p = new Project();
        DefaultLogger log = new DefaultLogger();
        log.setErrorPrintStream(System.err);
        log.setOutputPrintStream(System.err);
        log.setMessageOutputLevel(Project.MSG_ERR);
        p.addBuildListener(log);
        p.setUserProperty("ant.file", buildFile.toString());
        // a user property: Ant would take a "basedir" system property (Surefire sets one) over the build file's place
        p.setUserProperty("basedir", buildFile.getParent().toString());
        p.setUserProperty("lib", lib.toString());
        p.init();
        ProjectHelper.configureProject(p, buildFile.toFile());
        try {
            p.executeTarget(p.getDefaultTarget());
        } catch (BuildException e) {
            throw new IllegalStateException("the build failed: " + e.getMessage(), e);
        }
    }

    /** The jar on the class path that holds {@code resource}: the library a module compiles against. */
    private static Path jarOf(String resource) throws IOException {
        URL url = AntWorkload.class.getClassLoader().getResource(resource);
        if (url == null || !"jar".equals(url.getProtocol())) {
            throw new IllegalStateException(resource + " is not in a jar on the class path");
        }
        try {
            return Path.of(((JarURLConnection) url.openConnection()).getJarFileURL().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
    }

    /** Every {@code .java} file of the sources jar into {@code tree}; their names in a fixed pseudo-random order. */
    private static List<String> extractTree(Path tree) throws IOException {
        URL marker = AntWorkload.class.getClassLoader().getResource(MARKER);
        if (marker == null) {
            throw new IllegalStateException(MARKER + " is not on the class path: the commons-lang3 sources jar is the"
                + " ant workload's input");
        }
        JarURLConnection connection = (JarURLConnection) marker.openConnection();
        connection.setUseCaches(false);
        List<String> names = new ArrayList<>();
        try (JarFile jar = connection.getJarFile()) {
            for (JarEntry e : jar.stream().sorted(Comparator.comparing(JarEntry::getName)).toList()) {
                if (!e.getName().endsWith(".java") || e.getName().endsWith("-info.java")) {
                    continue;
                }
                Path to = tree.resolve(e.getName());
                Files.createDirectories(to.getParent());
                try (InputStream in = jar.getInputStream(e)) {
                    Files.copy(in, to);
                }
                names.add(e.getName());
            }
        }
        java.util.Collections.shuffle(names, new Random(17));
        return names;
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
