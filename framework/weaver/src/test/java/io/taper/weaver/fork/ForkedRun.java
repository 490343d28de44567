package io.taper.weaver.fork;

import io.taper.api.marker.Marker;
import io.taper.runtime.Bypass;
import io.taper.testing.ForkedJvm;
import io.taper.weaver.SnippetPreparer;
import io.taper.weaver.Weaver;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.commons.AnalyzerAdapter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.util.Printer;

/**
 * Runs {@link WovenRunner} in a forked JVM with {@code -Xverify:all}: the test snippets are packed into an
 * analysis jar, prepared by {@link SnippetPreparer} (bypass + failure isolation), and put first on the
 * class path so they shadow the unprepared copies in test-classes.
 */
public final class ForkedRun {

    private ForkedRun() {
    }

    /** Runs {@link WovenRunner} on these cases; @return case id → printed lines */
    public static Map<String, List<String>> run(Path workDir, String javaCommand, List<String> caseIds)
            throws IOException, InterruptedException {
        return parse(runMain(workDir, javaCommand, List.of(), WovenRunner.class.getName(), caseIds));
    }

    /** Runs {@link RetransformRunner} with {@link TestAgent}; @return its output lines. */
    public static List<String> runRetransform(Path workDir) throws IOException, InterruptedException {
        Path agent = workDir.resolve("test-agent.jar");
        java.util.jar.Manifest mf = new java.util.jar.Manifest();
        mf.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().putValue("Premain-Class", TestAgent.class.getName());
        mf.getMainAttributes().putValue("Can-Retransform-Classes", "true");
        try (OutputStream os = Files.newOutputStream(agent); JarOutputStream out = new JarOutputStream(os, mf)) {
            out.flush();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(runMain(workDir, java, List.of("-javaagent:" + agent), RetransformRunner.class.getName(),
            List.of()).split("\n"));
    }

    private static String runMain(Path workDir, String javaCommand, List<String> jvmArgs, String main,
                                  List<String> args) throws IOException, InterruptedException {
        Path jar = workDir.resolve("test-analysis.jar");
        Path prepared = workDir.resolve("test-analysis-prepared.jar");
        writeAnalysisJar(jar);
        SnippetPreparer.prepare(jar, prepared);
        ForkedJvm.Result r = ForkedJvm.using(Path.of(javaCommand), "-Xverify:all", "-Xshare:off").add(jvmArgs).mergeErrors()
                .add("-cp", prepared + File.pathSeparator + classPath(), main).add(args).run(workDir, "forked");
        if (r.exitCode() != 0) {
            throw new IllegalStateException("forked JVM failed: " + r.output());
        }
        return r.stdout();
    }

    static Map<String, List<String>> parse(String text) {
        Map<String, List<String>> cases = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("### end")) {
                current = null;
            } else if (line.startsWith("### ")) {
                current = new ArrayList<>();
                cases.put(line.substring(4).trim(), current);
            } else if (current != null) {
                current.add(line);
            }
        }
        return cases;
    }

    /** The snippet classes (and their helper marker) with META-INF/taper/analysis.properties. */
    private static void writeAnalysisJar(Path jar) throws IOException {
        Path classes = codeSource(ForkedRun.class);
        Path dir = classes.resolve("io/taper/weaver/snippets");
        List<String> snippetClasses = new ArrayList<>();
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os);
             Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                String entry = classes.relativize(f).toString().replace('\\', '/');
                byte[] bytes = Files.readAllBytes(f);
                out.putNextEntry(new JarEntry(entry));
                out.write(bytes);
                out.closeEntry();
                ClassNode cn = new ClassNode();
                new ClassReader(bytes).accept(cn, ClassReader.SKIP_CODE);
                if (cn.methods.stream().anyMatch(m -> m.visibleAnnotations != null)) {
                    snippetClasses.add(cn.name.replace('/', '.'));
                }
            }
            out.putNextEntry(new JarEntry("META-INF/taper/analysis.properties"));
            out.write(("name=weaver-tests\nsnippets=" + String.join(",", snippetClasses) + "\n")
                .getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
    }

    /** Test classes, the weaver, API, runtime and ASM: found from the classes themselves (surefire may hide its class path). */
    static String classPath() {
        return ForkedJvm.classPathOf(ForkedRun.class, Weaver.class, Marker.class, Bypass.class, ClassReader.class,
            ClassNode.class, AnalyzerAdapter.class, Printer.class, org.objectweb.asm.tree.analysis.Analyzer.class);
    }

    static Path codeSource(Class<?> c) {
        return ForkedJvm.codeSource(c);
    }
}
