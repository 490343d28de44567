package io.taper.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.api.Before;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.marker.BodyMarker;
import io.taper.weaver.testsupport.Events;
import java.io.ObjectStreamClass;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/** The weaver's shadow fields: which classes and fields get them, and what they leave alone. */
class ShadowFieldsTest {

    private static final String SERIAL = "validation/targets/SerialTarget";

    /** Entry of every method in the two fixtures (a class out of every snippet's scope is left alone). */
    public static final class Entry {
        @Before(marker = BodyMarker.class, scope = "validation.targets.*.*")
        public static void enter(@Static(StaticKey.METHOD_NAME) String m) {
            Events.record("enter " + m);
        }
    }

    private final Weaver weaver = Weaver.create(AnalysisSpec.of("entry", List.of(Entry.class), List.of())
        .withShadowFields("$taper$t$"));

    private static final class OneClass extends ClassLoader {
        OneClass() {
            super(ShadowFieldsTest.class.getClassLoader());
        }

        Class<?> define(String name, byte[] b) {
            return defineClass(name, b, 0, b.length);
        }
    }

    @Test
    void everyInstanceFieldGetsOnePrivateTransientSyntheticObjectSlot() throws Exception {
        WeaveResult r = weaver.weave(new WeaveRequest(0, SERIAL, SitesAndDeploymentTest.classBytes(SERIAL),
            Deployment.ALL_ENABLED, true));
        assertEquals(WeaveResult.Status.WOVEN, r.status());
        assertEquals("", verify(r.bytes()));
        Class<?> c = new OneClass().define("validation.targets.SerialTarget", r.bytes());
        List<String> shadows = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) {
            if (f.isSynthetic()) {
                shadows.add(Modifier.toString(f.getModifiers()) + " " + f.getType().getSimpleName() + " " + f.getName());
            }
        }
        shadows.sort(null);
        // the static field gets none; the transient one does (a program may still read and write it)
        assertEquals(List.of("private transient Object $taper$t$cache", "private transient Object $taper$t$count",
            "private transient Object $taper$t$name"), shadows);
        Events.drain();
        assertEquals(1, c.getMethod("next").invoke(c.getConstructor().newInstance()));
        assertEquals(List.of("enter <init>", "enter next"), Events.drain());
    }

    @Test
    void theDefaultSerialVersionUidIsUnchanged() throws Exception {
        WeaveResult r = weaver.weave(new WeaveRequest(0, SERIAL, SitesAndDeploymentTest.classBytes(SERIAL),
            Deployment.ALL_ENABLED, true));
        Class<?> woven = new OneClass().define("validation.targets.SerialTarget", r.bytes());
        Class<?> original = new OneClass().define("validation.targets.SerialTarget",
            SitesAndDeploymentTest.classBytes(SERIAL));
        assertEquals(ObjectStreamClass.lookup(original).getSerialVersionUID(),
            ObjectStreamClass.lookup(woven).getSerialVersionUID());
        assertEquals(List.of("count", "name"), serialFields(woven));
    }

    @Test
    void notAskedForOrAnInterfaceGetsNone() throws Exception {
        WeaveResult plain = weaver.weave(new WeaveRequest(0, SERIAL, SitesAndDeploymentTest.classBytes(SERIAL),
            Deployment.ALL_ENABLED));
        Class<?> c = new OneClass().define("validation.targets.SerialTarget", plain.bytes());
        assertEquals(0, syntheticFields(c));
        String shaped = "validation/targets/Shaped";
        WeaveResult r = weaver.weave(new WeaveRequest(0, shaped, SitesAndDeploymentTest.classBytes(shaped),
            Deployment.ALL_ENABLED, true));
        assertEquals(WeaveResult.Status.WOVEN, r.status());     // its default method's entry
        Class<?> i = new OneClass().define("validation.targets.Shaped", r.bytes());
        assertEquals(0, i.getDeclaredFields().length);
    }

    @Test
    void aPatchAddsTheShadowsAloneAndWeavingThePatchedClassAddsNoMore() throws Exception {
        byte[] original = SitesAndDeploymentTest.classBytes(SERIAL);
        byte[] patched = ShadowFieldPatch.addTo(original, "$taper$t$");
        assertEquals("", verify(patched));
        Class<?> c = new OneClass().define("validation.targets.SerialTarget", patched);
        assertEquals(3, syntheticFields(c));
        Events.drain();
        assertEquals(1, c.getMethod("next").invoke(c.getConstructor().newInstance()));
        assertEquals(List.of(), Events.drain(), "no sites: the patch only adds fields");
        assertEquals(ObjectStreamClass.lookup(new OneClass().define("validation.targets.SerialTarget", original))
            .getSerialVersionUID(), ObjectStreamClass.lookup(c).getSerialVersionUID());
        assertEquals(null, ShadowFieldPatch.addTo(patched, "$taper$t$"), "a patched class needs nothing more");
        assertEquals(null, ShadowFieldPatch.addTo(SitesAndDeploymentTest.classBytes("validation/targets/Shaped"), "$taper$t$"));
        // a start-up class is first woven in a retransformation, from the patched bytes: the same fields stay
        WeaveResult r = weaver.weave(new WeaveRequest(0, SERIAL, patched, Deployment.ALL_ENABLED, true));
        assertEquals("", verify(r.bytes()));
        Class<?> woven = new OneClass().define("validation.targets.SerialTarget", r.bytes());
        assertEquals(3, syntheticFields(woven));
        assertEquals(1, woven.getMethod("next").invoke(woven.getConstructor().newInstance()));
        assertEquals(List.of("enter <init>", "enter next"), Events.drain());
    }

    @Test
    void theJdksMemberFilterIsPatchedOnlyForAnAnalysisThatAddsMembers() throws Exception {
        String reflection = "jdk/internal/reflect/Reflection";
        byte[] jdk;
        try (java.io.InputStream in = java.net.URI.create("jrt:/java.base/" + reflection + ".class").toURL().openStream()) {
            jdk = in.readAllBytes();
        }
        WeaveResult r = weaver.weave(new WeaveRequest(0, reflection, jdk, Deployment.ALL_ENABLED));
        assertEquals(WeaveResult.Status.WOVEN, r.status(), r.error());
        assertEquals("", verify(r.bytes()));
        org.objectweb.asm.tree.ClassNode cn = new org.objectweb.asm.tree.ClassNode();
        new ClassReader(r.bytes()).accept(cn, 0);
        List<String> calls = new ArrayList<>();
        for (org.objectweb.asm.tree.MethodNode m : cn.methods) {
            for (org.objectweb.asm.tree.AbstractInsnNode n : m.instructions) {
                if (n instanceof org.objectweb.asm.tree.MethodInsnNode call && call.owner.equals("io/taper/runtime/HiddenMembers")) {
                    calls.add(m.name + " -> " + call.name);
                }
            }
        }
        assertEquals(List.of("filterFields -> fields", "filterMethods -> methods"), calls);
        Weaver noShadows = Weaver.create(AnalysisSpec.of("entry", List.of(Entry.class), List.of()));
        assertEquals(WeaveResult.Status.UNCHANGED,
            noShadows.weave(new WeaveRequest(0, reflection, jdk, Deployment.ALL_ENABLED)).status());
    }

    @Test
    void aPrefixThatReflectionWouldNotHideIsRefused() {
        AnalysisSpec spec = AnalysisSpec.of("entry", List.of(Entry.class), List.of()).withShadowFields("$t$");
        SnippetDefinitionException e = org.junit.jupiter.api.Assertions.assertThrows(SnippetDefinitionException.class,
            () -> Weaver.create(spec));
        assertEquals("entry: shadowFields: '$t$' must start with '$taper$'", e.getMessage());
    }

    private static int syntheticFields(Class<?> c) {
        int n = 0;
        for (Field f : c.getDeclaredFields()) {
            n += f.isSynthetic() ? 1 : 0;
        }
        return n;
    }

    private static List<String> serialFields(Class<?> c) {
        List<String> out = new ArrayList<>();
        for (java.io.ObjectStreamField f : ObjectStreamClass.lookup(c).getFields()) {
            out.add(f.getName());
        }
        out.sort(null);
        return out;
    }

    private static String verify(byte[] bytes) {
        StringWriter out = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(bytes), ShadowFieldsTest.class.getClassLoader(), false,
            new PrintWriter(out));
        return out.toString();
    }
}
