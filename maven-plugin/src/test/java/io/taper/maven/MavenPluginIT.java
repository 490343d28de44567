package io.taper.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The sample multi-module build (examples/maven-multimodule: three modules with tests in two forked JVMs each, and a
 * report module), which maven-invoker-plugin ran under this plugin and under jacoco-maven-plugin before this test:
 * every module has its own result, the aggregate covers the reactor's classes line for line and branch for branch as
 * JaCoCo's aggregate does, and the project's own argLine reached the test JVMs beside the agent.
 */
class MavenPluginIT {

    private static final Path TARGET = Path.of(System.getProperty("it.dir", "target"));
    private static final Path TAPER = TARGET.resolve("it-taper/maven-multimodule");
    private static final Path JACOCO = TARGET.resolve("it-jacoco/maven-multimodule");

    @Test
    void everyModuleHasItsResultFromTwoTestJvms() throws Exception {
        for (String module : List.of("core", "text", "app")) {
            Path data = TAPER.resolve(module).resolve("target/taper");
            assertEquals(2, JvmResults.in(data).size(), module + ": forkCount=2 forks two JVMs, one result each");
            Map<?, ?> result = json(TAPER.resolve(module).resolve("target/site/taper/result.json"));
            assertEquals("coverage", result.get("analysis"));
            assertEquals("adaptive", result.get("mode"));
            Map<String, String> lines = lines(TAPER.resolve(module).resolve("target/site/taper/coverage.xml"));
            assertFalse(lines.isEmpty(), module);
            assertTrue(lines.keySet().stream().allMatch(l -> l.startsWith("io/taper/sample/" + module + "/")),
                module + "'s report covers its own classes only: " + lines.keySet());
        }
        assertTrue(JvmResults.in(TAPER.resolve("report/target/taper")).isEmpty(), "the report module runs no test");
    }

    @Test
    void oneServerProcessServedTheWholeBuild() throws Exception {
        java.util.Set<Object> pids = new java.util.HashSet<>();
        int started = 0;
        int jvms = 0;
        for (String module : List.of("core", "text", "app")) {
            for (Path jvm : JvmResults.in(TAPER.resolve(module).resolve("target/taper"))) {
                Map<?, ?> shared = (Map<?, ?>) ((Map<?, ?>) json(jvm.resolve("agent-result.json")).get("stats"))
                    .get("sharedServer");
                assertEquals(null, shared.get("unavailable"), shared.toString());
                pids.add(shared.get("pid"));
                started += Boolean.TRUE.equals(shared.get("started")) ? 1 : 0;
                jvms++;
                assertTrue(Files.isRegularFile(jvm.resolve("server-stats.json")), jvm + ": its session's statistics");
            }
        }
        assertEquals(6, jvms);
        assertEquals(1, pids.size(), "every test JVM joined one server: " + pids);
        assertEquals(1, started, "the first JVM started it, the other five joined");

        // the server's own count: every JVM that joined (it outlives the build until it has idled long enough)
        io.taper.protocol.SharedServerPaths server = new io.taper.protocol.SharedServerPaths(TARGET.resolve("it-server"));
        try {
            String json = io.taper.protocol.SharedServerStart.status(server);
            assertTrue(json != null, "the build's server still runs");
            Map<?, ?> status = new Gson().fromJson(json, Map.class);
            assertEquals(6.0, status.get("sessionsOpened"));
            assertEquals(0.0, status.get("sessionsOpen"));
            assertEquals(((Number) pids.iterator().next()).doubleValue(), ((Number) status.get("pid")).doubleValue());
        } finally {
            long pid = Long.parseLong(Files.readString(server.pid()).trim());
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        }
    }

    @Test
    void theAggregateEqualsJacocosLineForLineAndBranchForBranch() throws Exception {
        Map<String, String> taper = lines(TAPER.resolve("report/target/site/taper-aggregate/coverage.xml"));
        Map<String, String> jacoco = lines(JACOCO.resolve("report/target/site/jacoco-aggregate/jacoco.xml"));
        assertEquals(jacoco, taper);
        assertTrue(taper.keySet().stream().anyMatch(l -> l.startsWith("io/taper/sample/core/Arith.java:")), taper.keySet().toString());
        assertTrue(taper.keySet().stream().anyMatch(l -> l.startsWith("io/taper/sample/app/Summary.java:")));
        assertTrue(taper.values().stream().anyMatch(v -> v.contains(" ci=0 ")), "Arith.clamp, which no test calls, is missed");
        assertTrue(taper.entrySet().stream().filter(e -> e.getKey().startsWith("io/taper/sample/core/Legacy.java:"))
            .allMatch(e -> e.getValue().contains(" ci=0 ")), "a class no test loads is listed, nothing covered");
        assertTrue(taper.keySet().stream().anyMatch(l -> l.startsWith("io/taper/sample/core/Legacy.java:")));
        Map<?, ?> merged = json(TAPER.resolve("report/target/site/taper-aggregate/result.json"));
        assertEquals("coverage", merged.get("analysis"));
        assertTrue(Files.isRegularFile(TAPER.resolve("report/target/site/taper-aggregate/jacoco.exec")));
        assertTrue(Files.isRegularFile(TAPER.resolve("report/target/site/taper-aggregate/coverage-html/index.html")));
    }

    @Test
    void theProjectsOwnArgLineReachedTheTestJvms() throws IOException {
        String log = Files.readString(TAPER.resolve("build.log"));
        assertTrue(log.contains("argLine set to -Xmx512m -Dfoo=bar -Xbootclasspath/a:"), "the agent is appended");
        // ArgLineTest asserts -Dfoo=bar and -Xmx512m in the forked JVM; its report says it passed there
        String report = Files.readString(TAPER.resolve("app/target/surefire-reports/TEST-io.taper.sample.app.ArgLineTest.xml"));
        assertTrue(report.contains("tests=\"1\"") && report.contains("failures=\"0\"") && report.contains("errors=\"0\""),
            report.substring(0, Math.min(400, report.length())));
    }

    private static Map<?, ?> json(Path file) throws IOException {
        return new Gson().fromJson(Files.readString(file), Map.class);
    }

    /** Each source line of a JaCoCo-format XML report: "package/File.java:nr" to its instruction and branch counts. */
    static Map<String, String> lines(Path xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        DocumentBuilder b = f.newDocumentBuilder();
        Document d = b.parse(xml.toFile());
        Map<String, String> out = new TreeMap<>();
        NodeList files = d.getElementsByTagName("sourcefile");
        for (int i = 0; i < files.getLength(); i++) {
            Element file = (Element) files.item(i);
            String pkg = ((Element) file.getParentNode()).getAttribute("name");
            NodeList lines = file.getElementsByTagName("line");
            for (int j = 0; j < lines.getLength(); j++) {
                Element l = (Element) lines.item(j);
                out.put(pkg + "/" + file.getAttribute("name") + ":" + l.getAttribute("nr"), "mi=" + l.getAttribute("mi")
                    + " ci=" + l.getAttribute("ci") + " mb=" + l.getAttribute("mb") + " cb=" + l.getAttribute("cb"));
            }
        }
        return out;
    }
}
