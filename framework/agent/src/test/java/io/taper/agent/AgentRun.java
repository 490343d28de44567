package io.taper.agent;

import io.taper.testing.ForkedJvm;
import com.google.gson.Gson;
import io.taper.agent.testanalysis.EntryResults;
import io.taper.protocol.TaperConfig;
import io.taper.runtime.SiteInfo;
import io.taper.server.InstrumentationServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * One observed run as the launcher does it: a real server (in this JVM) on a fresh socket, then a forked
 * JVM with the agent, the runtime and the prepared analysis on {@code -Xbootclasspath/a}.
 */
public final class AgentRun {

    static final String TOKEN = "feedfacefeedfacefeedfacefeedface";

    record Outcome(ForkedJvm.Result jvm, Map<String, Object> agentResult, Map<String, Object> serverStats) {

        @SuppressWarnings("unchecked")
        Map<String, Object> agentStats() {
            return (Map<String, Object>) agentResult.get("stats");
        }

        long stat(String key) {
            return ((Number) agentStats().get(key)).longValue();
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows() {
            return (List<Map<String, Object>>) agentResult.get("rows");
        }
    }

    private AgentRun() {
    }

    /** An analysis jar with the classes of the test analysis package and the named snippet class. */
    public static Path analysisJar(Path dir, Class<?> snippets) throws IOException {
        Path classes;
        try {
            classes = Path.of(snippets.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        String pkg = snippets.getPackageName().replace('.', '/') + "/";
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(classes.resolve(pkg))) {
            s.filter(p -> p.toString().endsWith(".class")).sorted().forEach(files::add);
        }
        Path jar = dir.resolve(snippets.getSimpleName() + ".jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path f : files) {
                out.putNextEntry(new JarEntry(pkg + f.getFileName()));
                Files.copy(f, (OutputStream) out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/taper/analysis.properties"));
            out.write(("name=" + snippets.getSimpleName() + "\nsnippets=" + snippets.getName() + "\nresults="
                + EntryResults.class.getName() + "\ncontroller=none\nexclude=\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    public static TaperConfig config(Path dir, Class<?> snippets) throws IOException {
        return TaperConfig.empty()
            .with(TaperConfig.SOCKET, dir.resolve("sock/server.sock").toString())
            .with(TaperConfig.TOKEN, TOKEN)
            .with(TaperConfig.ANALYSIS_NAME, snippets.getSimpleName())
            .with(TaperConfig.ANALYSIS_JAR, analysisJar(dir, snippets).toString())
            .with(TaperConfig.RUNTIME_JAR, TestJars.jarOf(SiteInfo.class, dir).toString())
            .with(TaperConfig.OUT, dir.resolve("out").toString())
            .with(TaperConfig.WORK, dir.resolve("work").toString());
    }

    /** Serves the analysis, runs {@code sample.Greeter args} under the agent, stops the server. */
    static Outcome run(Path dir, TaperConfig config, String... args) throws Exception {
        return runWithClasspath(dir, config, AgentJvm.testClasses().toString(), "sample.Greeter", args);
    }

    /** Serves the analysis, runs {@code mainClass args} from {@code classpath} under the agent, stops the server. */
    static Outcome runWithClasspath(Path dir, TaperConfig config, String classpath, String mainClass, String... args)
            throws Exception {
        Path file = dir.resolve("taper.properties");
        config.store(file);
        ForkedJvm.Result jvm;
        String serverStats;
        try (InstrumentationServer server = InstrumentationServer.start(config)) {
            List<String> boot = List.of("-Xbootclasspath/a:" + config.runtimeJar() + java.io.File.pathSeparator
                + config.work().resolve("analysis-prepared.jar"));
            jvm = AgentJvm.runWithClasspath(dir, boot, file, classpath, mainClass, args);
            server.close();
            serverStats = Files.readString(config.out().resolve("server-stats.json"));
        }
        Gson gson = new Gson();
        @SuppressWarnings("unchecked")
        Map<String, Object> agent = gson.fromJson(Files.readString(config.out().resolve("agent-result.json")), Map.class);
        @SuppressWarnings("unchecked")
        Map<String, Object> server = gson.fromJson(serverStats, Map.class);
        return new Outcome(jvm, agent, server);
    }
}
