package io.taper.weaver.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.runtime.SiteInfo;
import io.taper.weaver.AnalysisSpec;
import io.taper.weaver.Deployment;
import io.taper.weaver.WeaveRequest;
import io.taper.weaver.WeaveResult;
import io.taper.weaver.Weaver;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.TraceClassVisitor;

/**
 * Golden textified bytecode ({@link TraceClassVisitor}/Textifier) of woven classes, plus their site tables,
 * compared with {@code src/test/resources/golden/<case>.txt}.
 *
 * <p>To regenerate after an intended change: {@code mvn -pl framework/weaver -am test -Dtest=GoldenBytecodeTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dtaper.golden.update=true}, then review the diff.
 */
class GoldenBytecodeTest {

    private static final boolean UPDATE = Boolean.getBoolean("taper.golden.update");

    @ParameterizedTest
    @ValueSource(strings = {"Entry", "Blocks", "Init", "Variants"})
    void wovenBytecodeMatchesGolden(String name) throws IOException {
        Weaver weaver = Weaver.create(AnalysisSpec.of("golden", List.of(GoldenSnippets.class), List.of()));
        byte[] input = GoldenInputs.all().get(name);
        Deployment deployment = Deployment.ALL_ENABLED;
        if (name.equals("Variants")) {
            // first weave to learn the ids (a=1, b=2, c=3), then weave a in variant "fast" and leave b out
            weaver.weave(new WeaveRequest(0, null, input, deployment));
            deployment = Deployment.disabling(2).withVariant(1, "fast");
        }
        WeaveResult r = weaver.weave(new WeaveRequest(0, null, input, deployment));
        String actual = render(r);
        Path golden = Path.of(System.getProperty("basedir", "."), "src", "test", "resources", "golden", name + ".txt");
        if (UPDATE) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual,
            "golden " + golden + " (regenerate with -Dtaper.golden.update=true and review the diff)");
    }

    private static String render(WeaveResult r) {
        StringWriter sw = new StringWriter();
        PrintWriter pw = new PrintWriter(sw);
        pw.println("status " + r.status() + " fallbacks " + r.fallbacks());
        for (SiteInfo s : r.sites()) {
            pw.println("site " + s.id() + " " + s.methodName() + s.methodDesc() + " @" + s.location() + " " + s.snippet()
                + (s.variant().isEmpty() ? "" : "/" + s.variant()) + (s.active() ? "" : " DISABLED") + " "
                + new java.util.TreeMap<>(s.staticContext()));
        }
        new ClassReader(r.bytes()).accept(new TraceClassVisitor(pw), 0);
        pw.flush();
        return sw.toString();
    }

    @SuppressWarnings("unused")
    private static Map<String, byte[]> inputs() {
        return GoldenInputs.all();
    }
}
