package io.taper.e2e.adaptive;

import io.taper.e2e.TaperProcess;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/** Shared pieces of the adaptive end-to-end tests: the test analysis jar, runs, results, dumps. */
final class AdaptiveRuns {

    static final String FIXTURES = "io.taper.e2e.adaptive.fixtures.";
    static final String ANALYSIS_PACKAGE = "io/taper/e2e/adaptive/analysis";
    static final String SNIPPETS = ANALYSIS_PACKAGE + "/PhaseSnippets";
    static final String ANALYSIS_PROPERTIES = """
            name=phase-coverage
            snippets=io.taper.e2e.adaptive.analysis.PhaseSnippets
            results=io.taper.e2e.adaptive.analysis.PhaseResults
            controller=periodic:50
            exclude=
            """;

    private AdaptiveRuns() {
    }

    /**
     * The test analysis as a jar, the way an analysis module would build it: its compiled classes,
     * {@code META-INF/taper/analysis.properties}, and its own two strategies in {@code META-INF/services}.
     */
    static Path analysisJar(Path dir) throws IOException {
        Path classes = TaperProcess.home().resolve("launcher/target/test-classes");
        Path jar = dir.resolve("taper-analysis-phase-coverage.jar");
        try (OutputStream out = Files.newOutputStream(jar);
             JarOutputStream j = new JarOutputStream(out, manifest());
             Stream<Path> files = Files.walk(classes.resolve(ANALYSIS_PACKAGE))) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, j);
                j.closeEntry();
            }
            put(j, "META-INF/taper/analysis.properties", ANALYSIS_PROPERTIES);
            put(j, "META-INF/services/io.taper.runtime.control.ControllerStrategy",
                    "io.taper.e2e.adaptive.analysis.PhaseStrategy\nio.taper.e2e.adaptive.analysis.ToggleStrategy\n");
        }
        return jar;
    }

    /** Compiles Java sources (class name → text) against this JVM's class path into a jar with resources. */
    static Path compileJar(Path dir, String name, Map<String, String> sources, Map<String, String> resources)
            throws IOException {
        Path src = Files.createDirectories(dir.resolve(name + "-src"));
        Path classes = Files.createDirectories(dir.resolve(name + "-classes"));
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path")));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
            args.add(f.toString());
        }
        if (ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(new String[0])) != 0) {
            throw new IllegalStateException("javac failed for " + sources.keySet());
        }
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar);
             JarOutputStream j = new JarOutputStream(out, manifest());
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, j);
                j.closeEntry();
            }
            for (Map.Entry<String, String> e : resources.entrySet()) {
                put(j, e.getKey(), e.getValue());
            }
        }
        return jar;
    }

    private static Manifest manifest() {
        Manifest m = new Manifest();
        m.getMainAttributes().putValue("Manifest-Version", "1.0");
        return m;
    }

    private static void put(JarOutputStream j, String name, String text) throws IOException {
        j.putNextEntry(new JarEntry(name));
        j.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        j.closeEntry();
    }

    /** {@code ./taper run} of a fixture with the test analysis, {@code -Xverify:all}. */
    static TaperProcess.Outcome run(Path analysisJar, Path out, List<String> options, String main, String... args)
            throws IOException, InterruptedException {
        List<String> cli = new ArrayList<>(List.of("run", "--analysis", analysisJar.toString(),
                "--out", out.toString()));
        cli.addAll(options);
        cli.addAll(List.of("--", "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), FIXTURES + main));
        cli.addAll(List.of(args));
        return TaperProcess.run(out, cli.toArray(new String[0]));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> controllerStats(TaperProcess.Outcome run) throws IOException {
        Object c = run.stats().get("controller");
        if (c == null) {
            throw new AssertionError("no stats.controller in result.json: " + run.stats());
        }
        return (Map<String, Object>) c;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> summary(TaperProcess.Outcome run, String part) throws IOException {
        Map<String, Object> s = (Map<String, Object>) run.result().get("summary");
        if (s == null || s.get(part) == null) {
            throw new AssertionError("no summary." + part + " in result.json: " + run.result().keySet());
        }
        return (Map<String, Object>) s.get(part);
    }

    static long executions(TaperProcess.Outcome run, String simpleClassDotMethod) throws IOException {
        return ((Number) summary(run, "executions").get(simpleClassDotMethod)).longValue();
    }

    static int siteId(TaperProcess.Outcome run, String simpleClassDotMethod) throws IOException {
        return ((Number) summary(run, "sites").get(simpleClassDotMethod)).intValue();
    }

    /** Site ids of the controller's confirmed removals. */
    @SuppressWarnings("unchecked")
    static List<Integer> removedSites(Map<String, Object> controller) {
        List<Integer> ids = new ArrayList<>();
        for (Map<String, Object> r : (List<Map<String, Object>>) controller.get("removals")) {
            ids.add(((Number) r.get("site")).intValue());
        }
        return ids;
    }

    /** The value printed by the program as {@code key=value}. */
    static String printed(TaperProcess.Outcome run, String key) {
        for (String line : run.stdout().split("\n")) {
            if (line.startsWith(key + "=")) {
                return line.substring(key.length() + 1);
            }
        }
        throw new AssertionError("the program did not print " + key + ":\n" + run.stdout() + run.stderr());
    }

    static Map<String, List<String>> staticCalls(Path classFile) throws IOException {
        return io.taper.e2e.WovenClassFiles.staticCalls(classFile);
    }
}
