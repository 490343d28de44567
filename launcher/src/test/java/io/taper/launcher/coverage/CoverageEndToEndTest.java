package io.taper.launcher.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import io.taper.testing.ForkedJvm;
import io.taper.testing.HeadlessChromium;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Coverage end to end, in forked JVMs with {@code -Xverify:all}: a program whose coverage is worked out by hand line
 * by line ({@code CoverageTargets}, the comment at the end of each line), run in both modes, gives exactly those
 * lines and branches in JaCoCo's XML report; the JaCoCo agent on the same program agrees class for class and line for
 * line ({@code coverage-diff}); two runs merge as JaCoCo merges.
 */
class CoverageEndToEndTest {

    static final String MAIN = "io.taper.e2e.fixtures.CoverageTargets";
    static final String SOURCE = "io/taper/e2e/fixtures/CoverageTargets.java";
    static final String OUTPUT = "sum 2176\n";
    /** Another fixture program (exit code 7), for merging. */
    static final String OTHER = "io.taper.e2e.fixtures.KnownCounts";
    private static final Pattern MARK = Pattern.compile("//= ([CNP])(?: b(\\d+)/(\\d+))?\\s*$");

    @TempDir
    Path tmp;

    static Path sources() {
        return TaperProcess.home().resolve("launcher/src/test/java");
    }

    /** The expected coverage of each line, from the fixture's own comments: "C", "N b1/2", ... */
    static Map<Integer, String> expected() throws IOException {
        Map<Integer, String> m = new TreeMap<>();
        List<String> lines = Files.readAllLines(sources().resolve(SOURCE));
        for (int i = 0; i < lines.size(); i++) {
            Matcher x = MARK.matcher(lines.get(i));
            if (x.find()) {
                m.put(i + 1, x.group(1) + (x.group(2) == null ? "" : " b" + x.group(2) + "/" + x.group(3)));
            }
        }
        return m;
    }

    /** The same notation, from a report: every line that has instructions. */
    static Map<Integer, String> reported(CoverageModel model) {
        Map<Integer, String> m = new TreeMap<>();
        Map<Integer, CoverageModel.Counts> lines = model.lines.get(SOURCE);
        if (lines == null) {
            throw new AssertionError("no lines of " + SOURCE + " in the report: " + model.lines.keySet());
        }
        lines.forEach((nr, c) -> {
            String status = c.ci() == 0 ? "N" : c.mi() == 0 ? "C" : "P";
            int branches = c.cb() + c.mb();
            m.put(nr, status + (branches == 0 ? "" : " b" + c.cb() + "/" + branches));
        });
        return m;
    }

    private TaperProcess.Outcome taper(String mode) throws Exception {
        return taper(mode, mode, tmp.resolve("cache-" + mode).toString());
    }

    private TaperProcess.Outcome taper(String mode, String name, String cache) throws Exception {
        Path out = tmp.resolve(name);
        TaperProcess.Outcome run = TaperProcess.run(out, "run", "--analysis", "coverage", "--mode", mode,
            "--out", out.toString(), "--sources", sources().toString(), "--cache", cache, "--",
            "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN);
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals(OUTPUT, run.stdout());
        return run;
    }

    @Test
    void bothModesGiveTheHandWorkedCoverageAndJacocoAgrees() throws Exception {
        Map<Integer, String> expected = expected();
        assertEquals(55, expected.size(), "marked lines in the fixture");
        Path jacocoExec = jacocoAgentRun();
        for (String mode : List.of("fixed", "adaptive")) {
            TaperProcess.Outcome run = taper(mode);
            Path out = run.out();
            assertEquals(expected, reported(CoverageModel.ofXml(out.resolve(CoverageReport.XML))), mode);
            assertEquals(0.0, run.stats().get("classesFailed"), mode);
            assertTrue(run.stderr().contains("[taper] coverage: lines "), run.stderr());
            // the class that was loaded and never run is reported, not covered
            CoverageModel.Counts neverRun = CoverageModel.ofXml(out.resolve(CoverageReport.XML)).classes
                .get("io/taper/e2e/fixtures/CoverageTargets$NeverRun");
            assertEquals(0, neverRun.ci(), mode);
            assertTrue(neverRun.mi() > 0, mode);

            ByteArrayOutputStream diffOut = new ByteArrayOutputStream();
            int diff = new picocli.CommandLine(new CoverageDiffCommand(new PrintStream(diffOut, true, StandardCharsets.UTF_8),
                System.err)).execute(out.toString(), jacocoExec.toString());
            String said = diffOut.toString(StandardCharsets.UTF_8);
            assertEquals(0, diff, mode + ": " + said);
            assertTrue(said.contains("2 classes and 55 lines compared: 0 classes and 0 lines differ"), said);

            // JaCoCo's own XML, from the agent's data, is the same as ours line for line
            Path xml = tmp.resolve("jacoco-" + mode + ".xml");
            int merged = new picocli.CommandLine(new CoverageMergeCommand()).execute("--out",
                tmp.resolve("jacoco-" + mode + ".exec").toString(), "--classes", out.resolve(CoverageReport.CLASSES).toString(),
                "--xml", xml.toString(), jacocoExec.toString());
            assertEquals(0, merged);
            assertEquals(expected, reported(CoverageModel.ofXml(xml)), "JaCoCo agent");
        }
    }

    @SuppressWarnings("unchecked")
    private static long cacheStat(TaperProcess.Outcome run, String key) throws IOException {
        Map<String, Object> server = (Map<String, Object>) run.stats().get("server");
        return ((Number) ((Map<String, Object>) server.get("cache")).get(key)).longValue();
    }

    @SuppressWarnings("unchecked")
    private static long transformStat(TaperProcess.Outcome run, String key) throws IOException {
        Map<String, Object> server = (Map<String, Object>) run.stats().get("server");
        return ((Number) ((Map<String, Object>) server.get("transform")).get(key)).longValue();
    }

    @Test
    void aSecondRunTakesItsClassesFromTheCacheAndCoversTheSame() throws Exception {
        Map<Integer, String> expected = expected();
        String cache = tmp.resolve("shared-cache").toString();
        TaperProcess.Outcome first = taper("adaptive", "first", cache);
        long woven = transformStat(first, "classesWoven");
        assertEquals(2, woven);   // the fixture and its class that is loaded and never run
        assertEquals(0, cacheStat(first, "hits"));
        assertEquals(woven, cacheStat(first, "stores"));
        assertEquals(woven, cacheStat(first, "misses"));   // classes without probes are neither hits nor misses

        TaperProcess.Outcome second = taper("adaptive", "second", cache);
        assertEquals(woven, cacheStat(second, "hits"));
        assertEquals(woven, transformStat(second, "classesFromCache"));
        assertEquals(woven, transformStat(second, "classesWoven"));
        assertEquals(0, cacheStat(second, "stores"));
        assertEquals(0, cacheStat(second, "misses"));
        assertEquals(expected, reported(CoverageModel.ofXml(second.out().resolve(CoverageReport.XML))));
        assertEquals(0.0, second.stats().get("classesFailed"));
    }

    @Test
    void theHtmlReportOpensInABrowserWithTheSourceLinesMarked() throws Exception {
        Path out = taper("adaptive").out();
        Path page = out.resolve(CoverageReport.HTML).resolve("io.taper.e2e.fixtures").resolve("CoverageTargets.java.html");
        String dom = HeadlessChromium.dumpDom(page);
        Map<Integer, String> marked = new TreeMap<>();
        Matcher m = Pattern.compile("<span class=\"([a-z ]+)\" id=\"L(\\d+)\"").matcher(dom);
        while (m.find()) {
            marked.put(Integer.parseInt(m.group(2)), m.group(1));
        }
        List<String> src = Files.readAllLines(sources().resolve(SOURCE));
        assertEquals("fc", marked.get(lineOf(src, "this.base = base;")), dom);
        assertEquals("nc", marked.get(lineOf(src, "return 7;")));
        assertEquals("pc bpc", marked.get(lineOf(src, "for (int i = 0; i < n; i++) { //= P")));
        assertEquals("fc bfc", marked.get(lineOf(src, "if (x > base) {")));
        assertEquals(expected().size(), marked.size(), "every line with code is marked, no other");
        String index = HeadlessChromium.dumpDom(out.resolve(CoverageReport.HTML).resolve("index.html"));
        assertTrue(index.contains("io.taper.e2e.fixtures"), index);
    }

    private static int lineOf(List<String> src, String text) {
        for (int i = 0; i < src.size(); i++) {
            if (src.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line with " + text);
    }

    @Test
    void mergedRunsCoverWhatEitherCovered() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        assertEquals(0, TaperProcess.run(a, "run", "--analysis", "coverage", "--mode", "adaptive", "--out", a.toString(),
            "--", "-cp", TaperProcess.fixtureClassPath(), MAIN).exitCode());
        assertEquals(7, TaperProcess.run(b, "run", "--analysis", "coverage", "--mode", "fixed", "--out", b.toString(),
            "--", "-cp", TaperProcess.fixtureClassPath(), OTHER).exitCode());
        Path merged = tmp.resolve("merged.exec");
        Path xml = tmp.resolve("merged.xml");
        int rc = new picocli.CommandLine(new CoverageMergeCommand()).execute("--out", merged.toString(), "--xml",
            xml.toString(), a.toString(), b.toString());
        assertEquals(0, rc);
        CoverageModel union = CoverageModel.ofXml(xml);
        assertEquals(expected(), reported(union));
        CoverageModel other = CoverageModel.ofXml(b.resolve(CoverageReport.XML));
        String otherClass = OTHER.replace('.', '/');
        assertTrue(other.classes.get(otherClass).ci() > 0);
        assertEquals(other.classes.get(otherClass), union.classes.get(otherClass));
        assertEquals(2, ExecData.load(List.of(merged)).sessions().getInfos().size(), "both runs' sessions kept");
    }

    @Test
    void jvmsThatNoLauncherStartsRunWithTheAgentOptionAndMerge() throws Exception {
        Path out = tmp.resolve("agent");
        TaperProcess.Outcome agent = TaperProcess.run(tmp.resolve("agent-cli"), "agent", "--analysis", "coverage",
            "--mode", "adaptive", "--server", "own", "--out", out.toString());
        assertEquals(0, agent.exitCode(), agent.stderr());
        List<String> options = List.of(agent.stdout().strip().split(" "));
        assertEquals(2, options.size(), agent.stdout());
        // two test JVMs as a build tool forks them: the same options, each its own server and results
        for (String name : List.of("jvm-a", "jvm-b")) {
            List<String> args = new java.util.ArrayList<>(options);
            args.addAll(List.of("-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN));
            ForkedJvm.Result r = ForkedJvm.of(args.toArray(String[]::new)).timeoutSeconds(120).run(tmp, name);
            assertEquals(0, r.exitCode(), r.output());
            assertEquals(OUTPUT, r.stdout());
            assertEquals("", r.stderr(), "no warning on the program's stderr");
        }
        List<Path> jvms;
        try (var list = Files.list(out)) {
            jvms = list.filter(p -> p.getFileName().toString().startsWith("jvm-")).sorted().toList();
        }
        assertEquals(2, jvms.size(), "one results directory per JVM: " + jvms);
        for (Path j : jvms) {
            // complete once its JVM is gone: the agent waited for its server to write its statistics and stop
            assertTrue(Files.isRegularFile(j.resolve("server-stats.json")), j.toString());
            long serverPid = Long.parseLong(Files.readString(j.resolve("work/server.pid")).trim());
            assertFalse(ProcessHandle.of(serverPid).map(ProcessHandle::isAlive).orElse(false), "server " + serverPid);
        }
        Path xml = tmp.resolve("agent.xml");
        List<String> args = new java.util.ArrayList<>(List.of("--out", tmp.resolve("agent.exec").toString(), "--xml",
            xml.toString()));
        jvms.forEach(j -> args.add(j.toString()));
        assertEquals(0, new picocli.CommandLine(new CoverageMergeCommand()).execute(args.toArray(String[]::new)));
        assertEquals(expected(), reported(CoverageModel.ofXml(xml)));
        assertEquals(2, ExecData.load(List.of(tmp.resolve("agent.exec"))).sessions().getInfos().size());
    }

    /** The JaCoCo agent (its runtime jar from the registry) on the fixture: its .exec file. */
    private Path jacocoAgentRun() throws Exception {
        Path agent = jacocoAgentJar();
        Path exec = tmp.resolve("jacoco.exec");
        ForkedJvm.Result r = ForkedJvm.of("-javaagent:" + agent + "=destfile=" + exec + ",includes=" + MAIN + "*",
            "-cp", TaperProcess.fixtureClassPath(), MAIN).timeoutSeconds(120).run(tmp, "jacoco-agent");
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals(OUTPUT, r.stdout());
        return exec;
    }

    static Path jacocoAgentJar() {
        for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (e.contains("org.jacoco.agent") && e.endsWith("-runtime.jar")) {
                return Path.of(e);
            }
        }
        throw new AssertionError("the JaCoCo agent's runtime jar is not on the test class path");
    }
}
