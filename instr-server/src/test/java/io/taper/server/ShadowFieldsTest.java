package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * Shadow fields over the protocol: a class gets them at its first load and at every re-weaving after
 * that, with every site disabled too, and a class first seen in a retransformation (loaded before the
 * agent) never gets them, since the JVM rejects a retransformation that changes a class's fields.
 */
class ShadowFieldsTest {

    @TempDir
    Path dir;

    @Test
    void aClassKeepsTheFieldsItGotAtItsFirstLoadAcrossReweavings() throws IOException {
        try (ServerFixture f = ServerFixture.start(dir, TestAnalyses.configWithShadowFields(dir));
             TestClient c = f.greetedClient()) {
            Woven first = c.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes());
            assertEquals(WeaveStatus.WOVEN, first.status());
            assertEquals(List.of("calls", "$taper$t$calls:Ljava/lang/Object;:" + shadowAccess()), fields(first.bytes()));
            assertEquals("", verify(first.bytes()));

            int[] all = first.sites().stream().mapToInt(s -> s.id()).toArray();
            c.send(new Weave(2, 0, TestAnalyses.TARGET, true, all, Map.of(), TestAnalyses.targetBytes()));
            Woven allDisabled = (Woven) c.receive();
            assertEquals(WeaveStatus.WOVEN, allDisabled.status(), "written for its fields though no site is left");
            assertEquals(fields(first.bytes()), fields(allDisabled.bytes()));
            assertEquals("", verify(allDisabled.bytes()));
        }
    }

    @Test
    void aClassFirstSeenInARetransformationGetsNoFields() throws IOException {
        try (ServerFixture f = ServerFixture.start(dir, TestAnalyses.configWithShadowFields(dir));
             TestClient c = f.greetedClient()) {
            c.send(new Weave(1, 0, TestAnalyses.TARGET, true, new int[0], Map.of(), TestAnalyses.targetBytes()));
            Woven w = (Woven) c.receive();
            assertEquals(WeaveStatus.WOVEN, w.status());
            assertEquals(List.of("calls"), fields(w.bytes()));
            // the same name under another loader is another class: its first load gets them
            Woven other = c.weaveAs(2, 5, TestAnalyses.TARGET, TestAnalyses.targetBytes());
            assertEquals(List.of("calls", "$taper$t$calls:Ljava/lang/Object;:" + shadowAccess()), fields(other.bytes()));
            c.send(new Weave(3, 0, TestAnalyses.TARGET, true, new int[0], Map.of(), TestAnalyses.targetBytes()));
            assertEquals(List.of("calls"), fields(((Woven) c.receive()).bytes()));
        }
    }

    @Test
    void withoutThePropertyNoClassGetsFields() throws IOException {
        try (ServerFixture f = ServerFixture.start(dir, TestAnalyses.config(dir)); TestClient c = f.greetedClient()) {
            assertEquals(List.of("calls"), fields(c.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes()).bytes()));
        }
    }

    private static int shadowAccess() {
        return Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC;
    }

    /** The declared fields, shadows as name:desc:access. */
    private static List<String> fields(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        List<String> out = new ArrayList<>();
        for (FieldNode fn : cn.fields) {
            out.add(fn.name.startsWith("$taper$t$") ? fn.name + ":" + fn.desc + ":" + fn.access : fn.name);
        }
        return out;
    }

    private static String verify(byte[] bytes) {
        StringWriter out = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(bytes), ShadowFieldsTest.class.getClassLoader(), false,
            new PrintWriter(out));
        return out.toString();
    }
}
