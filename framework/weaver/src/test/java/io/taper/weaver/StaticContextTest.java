package io.taper.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.taper.api.Before;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.marker.BasicBlockMarker;
import io.taper.api.marker.BytecodeMarker;
import io.taper.runtime.SiteInfo;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Static-context values as the site table records them (the same values are folded into woven code). */
class StaticContextTest {

    private static final String TARGET = "validation/targets/StaticContextTarget";

    public static class Fields {
        @Before(marker = BytecodeMarker.class, args = "getfield,putfield", scope = "validation.targets.StaticContextTarget.read")
        public static void field(@Static(StaticKey.FIELD_IS_FINAL) boolean isFinal, @Static(StaticKey.LINE_NUMBER) int line,
                                 @Static(StaticKey.OPCODE) int opcode) {
        }

        @Before(marker = BytecodeMarker.class, args = "invokestatic", scope = "validation.targets.StaticContextTarget.read")
        public static void call(@Static(StaticKey.METHOD_ID) String method, @Static(StaticKey.METHOD_ACCESS) int access,
                                @Static(StaticKey.METHOD_IS_CONSTRUCTOR) boolean constructor) {
        }

        @Before(marker = BasicBlockMarker.class, scope = "validation.targets.StaticContextTarget.read")
        public static void block(@Static(StaticKey.BB_INDEX) int index, @Static(StaticKey.BB_SIZE) int size,
                                 @Static(StaticKey.BB_COUNT) int count, @Static(StaticKey.FIELD_NAME) String fieldOrEmpty) {
        }
    }

    private static Map<String, String> field(WeaveResult r, String name, String opcode) {
        return r.sites().stream()
            .filter(s -> name.equals(s.staticContext().get("field.name")) && opcode.equals(s.staticContext().get("opcode")))
            .findFirst().orElseThrow().staticContext();
    }

    @Test
    void fieldFinalityComesFromTheClassOrItsHierarchy() throws IOException {
        Weaver w = Weaver.create(AnalysisSpec.of("t", List.of(Fields.class), List.of()));
        byte[] bytes = SitesAndDeploymentTest.classBytes(TARGET);
        WeaveResult r = w.weave(new WeaveRequest(0, TARGET, bytes, Deployment.ALL_ENABLED));
        assertEquals(Map.of("field.owner", TARGET, "field.name", "own", "field.desc", "I", "field.final", "true",
            "line", "14", "opcode", "180"), field(r, "own", "180"));
        // declared in the super class, which the weaver has not seen: unknown counts as not final
        assertEquals("false", field(r, "inherited", "180").get("field.final"));
        assertEquals("false", field(r, "mutable", "181").get("field.final"));
        w.hierarchy().add(SitesAndDeploymentTest.classBytes("validation/targets/StaticContextBase"));
        WeaveResult known = w.weave(new WeaveRequest(0, TARGET, bytes, Deployment.ALL_ENABLED));
        assertEquals("true", field(known, "inherited", "180").get("field.final"));
        assertEquals(ids(r), ids(known));
    }

    @Test
    void methodInvocationAndBlockKeys() throws IOException {
        Weaver w = Weaver.create(AnalysisSpec.of("t", List.of(Fields.class), List.of()));
        WeaveResult r = w.weave(new WeaveRequest(0, TARGET, SitesAndDeploymentTest.classBytes(TARGET),
            Deployment.ALL_ENABLED));
        Map<String, String> call = r.sites().stream().filter(s -> s.snippet().equals("Fields.call")).findFirst()
            .orElseThrow().staticContext();
        assertEquals(Map.of("invoke.owner", "java/lang/Math", "invoke.name", "max", "invoke.desc", "(II)I",
            "method.id", TARGET + ".read()I", "method.access", "0", "method.constructor", "false"), call);
        // read() is one basic block: aload_0 aload_0 getfield aload_0 getfield iadd putfield aload_0 getfield
        // iconst_0 invokestatic ireturn
        List<Map<String, String>> blocks = r.sites().stream().filter(s -> s.snippet().equals("Fields.block"))
            .map(SiteInfo::staticContext).toList();
        assertEquals(List.of(Map.of("bb.index", "0", "bb.size", "12", "bb.count", "1", "field.name", "")), blocks);
    }

    @Test
    void hierarchyResolvesFieldsLikeTheJvm() throws IOException {
        ClassHierarchy h = new ClassHierarchy();
        assertNull(h.isFinalField(TARGET, "inherited", "I"));
        h.add(SitesAndDeploymentTest.classBytes(TARGET));
        assertEquals(Boolean.TRUE, h.isFinalField(TARGET, "own", "I"));
        assertEquals(Boolean.FALSE, h.isFinalField(TARGET, "mutable", "I"));
        assertNull(h.isFinalField(TARGET, "inherited", "I"));
        h.add(SitesAndDeploymentTest.classBytes("validation/targets/StaticContextBase"));
        assertEquals(Boolean.TRUE, h.isFinalField(TARGET, "inherited", "I"));
        assertNull(h.isFinalField(TARGET, "inherited", "J"));
        assertEquals("validation/targets/StaticContextBase", h.superName(TARGET));
        h.add(new byte[] {1, 2, 3});
        assertEquals(2, h.size());
    }

    private static String ids(WeaveResult r) {
        return r.sites().stream().map(s -> String.valueOf(s.id())).collect(Collectors.joining(","));
    }
}
