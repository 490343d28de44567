package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every class of the prepared analysis jar is loaded in premain, before the transformer is installed (so
 * before any woven code runs): none of them may be loaded for the first time inside a class-load event, whose
 * woven JDK code would need it (a ClassCircularityError at start-up, depending on which thread first ran
 * woven code). Read from the observed JVM's own class-load log.
 */
class BootJarPreloadEndToEndTest {

    @TempDir
    Path tmp;

    @Test
    void everyAnalysisClassIsLoadedBeforeTheTransformerIsInstalled() throws Exception {
        Path out = tmp.resolve("out");
        Path log = tmp.resolve("class-load.log");
        TaperProcess.Outcome run = TaperProcess.run(out, "run", "--analysis", "sfa", "--mode", "fixed", "-q",
            "--out", out.toString(), "--", "-Xlog:class+load=info:file=" + log, "-cp", TaperProcess.examplesClassPath(),
            "io.taper.examples.HelloWorld");
        assertEquals(0, run.exitCode(), run.stderr());
        List<String> loaded = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            int at = line.indexOf("[class,load] ");
            if (at >= 0) {
                String rest = line.substring(at + "[class,load] ".length());
                loaded.add(rest.substring(0, rest.indexOf(' ')));
            }
        }
        // used right after the transformer is installed, to retransform the classes loaded before premain
        int transformerInstalled = loaded.indexOf("io.taper.agent.internal.StartupRetransform");
        assertTrue(transformerInstalled > 0, "the start-up pass ran");
        List<String> analysisClasses = new ArrayList<>();
        try (JarFile jar = new JarFile(out.resolve("work/analysis-prepared.jar").toFile())) {
            jar.stream().map(e -> e.getName())
                .filter(n -> n.endsWith(".class") && !n.endsWith("package-info.class") && !n.startsWith("META-INF/"))
                .forEach(n -> analysisClasses.add(n.substring(0, n.length() - 6).replace('/', '.')));
        }
        assertTrue(analysisClasses.size() > 20, analysisClasses.toString());
        List<String> late = new ArrayList<>();
        for (String c : analysisClasses) {
            int i = loaded.indexOf(c);
            if (i > transformerInstalled) {
                late.add(c);
            }
        }
        assertEquals(List.of(), late, "loaded after the transformer was installed");
        // the weaver's side of the analysis (markers, guards: they need ASM) cannot load here; the rest all do
        for (String c : List.of("io.taper.analysis.sfa.FieldAccessSnippets", "io.taper.analysis.sfa.internal.FieldEvents",
                "io.taper.analysis.sfa.internal.Stationarity", "io.taper.analysis.sfa.internal.ShadowMarks",
                "io.taper.runtime.HiddenMembers", "io.taper.runtime.Audit")) {
            int i = loaded.indexOf(c);
            assertTrue(i >= 0 && i < transformerInstalled, c + " at " + i + ", transformer at " + transformerInstalled);
        }
    }
}
