package io.taper.weaver.prepare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.taper.runtime.Bypass;
import io.taper.runtime.SiteSwitches;
import io.taper.runtime.SnippetFailures;
import io.taper.weaver.AnalysisSpec;
import io.taper.weaver.SnippetPreparer;
import io.taper.weaver.testsupport.Events;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.CheckClassAdapter;

/** The preparer wraps snippet bodies with the per-thread bypass and failure isolation. */
class SnippetPreparerTest {

    private static final String NAME = "io.taper.weaver.prepare.PreparedSubjects";

    private static byte[] original(String internalName) throws Exception {
        try (InputStream in = SnippetPreparerTest.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    /** Loads the prepared class itself; everything else (Bypass, Events) from the test's loader. */
    private static Class<?> load(byte[] prepared) throws Exception {
        return new ClassLoader(SnippetPreparerTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.equals(NAME)) {
                    synchronized (getClassLoadingLock(name)) {
                        Class<?> c = findLoadedClass(name);
                        return c != null ? c : defineClass(name, prepared, 0, prepared.length);
                    }
                }
                return super.loadClass(name, resolve);
            }
        }.loadClass(NAME);
    }

    @Test
    void wrappedSnippetsRunOnlyOutsideAnalysisCodeAndNeverThrow() throws Exception {
        byte[] prepared = SnippetPreparer.prepareClass(original(NAME.replace('.', '/')));
        StringWriter sw = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(prepared), getClass().getClassLoader(), false, new PrintWriter(sw));
        assertEquals("", sw.toString());
        Class<?> c = load(prepared);
        Method sum = c.getMethod("sum", long.class, double.class);
        Method boom = c.getMethod("boom", int.class);
        Method nested = c.getMethod("nested", int.class);
        Events.drain();

        assertEquals(7L, sum.invoke(null, 3L, 4.5));
        assertEquals(List.of("sum body"), Events.drain());

        assertEquals(true, Bypass.enter());  // this thread is now "inside analysis code"
        try {
            assertEquals(0L, sum.invoke(null, 3L, 4.5));
            assertEquals(null, c.getMethod("name").invoke(null));
            assertEquals(List.of(), Events.drain());
        } finally {
            Bypass.exit();
        }

        long failures = SnippetFailures.count();
        boom.invoke(null, 5);
        assertEquals(failures + 1, SnippetFailures.count());
        assertFalse(Bypass.active(), "a failing snippet leaves the bypass");
        assertEquals("n", c.getMethod("name").invoke(null));

        nested.invoke(null, 1);
        assertEquals(List.of("nested body, inner returned 0"), Events.drain());
        assertEquals(42, c.getMethod("helper").invoke(null));
    }

    @Test
    void manualBypassSnippetsRunInsideAnalysisCodeAndStillNeverThrow() throws Exception {
        byte[] prepared = SnippetPreparer.prepareClass(original(NAME.replace('.', '/')));
        Class<?> c = load(prepared);
        Method manual = c.getMethod("manual", int.class);
        Events.drain();
        assertEquals(7, manual.invoke(null, 7));                 // entered the bypass itself; sum was skipped
        assertEquals(List.of(), Events.drain());
        assertFalse(Bypass.active());
        int[] cell = Bypass.enterCell();
        try {
            assertEquals(null, Bypass.enterCell(), "already inside analysis code");
            assertEquals(-1, manual.invoke(null, 7));            // the body ran and saw the bypass
        } finally {
            Bypass.exit(cell);
        }
        long failures = SnippetFailures.count();
        assertEquals(0, manual.invoke(null, -1));                // its exception is counted, not thrown
        assertEquals(failures + 1, SnippetFailures.count());
        assertFalse(Bypass.active());
    }

    @Test
    void anInlinableSnippetStillNeverThrows() throws Exception {
        byte[] prepared = SnippetPreparer.prepareClass(original(NAME.replace('.', '/')));
        Class<?> c = load(prepared);
        Method quick = c.getMethod("quick", int.class);
        Events.drain();
        quick.invoke(null, 0);
        quick.invoke(null, 3);
        assertEquals(List.of("slow 3"), Events.drain());
        long failures = SnippetFailures.count();
        quick.invoke(null, -1);                                  // the out-of-line method throws: counted
        assertEquals(failures + 1, SnippetFailures.count());
        assertFalse(Bypass.active());
    }

    @Test
    void aSwitchedEntryRunsTheSnippetUntilItsSiteIsSwitchedOff() throws Exception {
        byte[] prepared = SnippetPreparer.prepareClass(original(NAME.replace('.', '/')));
        Class<?> c = load(prepared);
        Method sum = c.getMethod("sum$taper$switched", int.class, long.class, double.class);
        Method name = c.getMethod("name$taper$switched", int.class);
        int site = 912_345;
        int other = 912_346;
        Events.drain();
        assertEquals(7L, sum.invoke(null, site, 3L, 4.5));
        assertEquals("n", name.invoke(null, site));
        assertEquals(List.of("sum body"), Events.drain());
        assertEquals(true, SiteSwitches.switchOff(site));
        assertEquals(0L, sum.invoke(null, site, 3L, 4.5), "switched off: the default, the snippet not run");
        assertEquals(null, name.invoke(null, site));
        assertEquals(List.of(), Events.drain());
        assertEquals(9L, sum.invoke(null, other, 4L, 5.5), "another site runs on");
        assertEquals(List.of("sum body"), Events.drain());
        MethodNode entry = method(prepared, "sum$taper$switched");
        assertEquals(List.of("Ljdk/internal/vm/annotation/ForceInline;"),
            entry.visibleAnnotations.stream().map(a -> a.desc).toList(), "always inlined, so the check folds");
        assertEquals(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, entry.access);
    }

    /** The names of the class's methods that carry the annotation, in class file order. */
    private static List<String> annotated(ClassNode cn, String annotation) {
        return cn.methods.stream()
            .filter(m -> m.visibleAnnotations != null
                && m.visibleAnnotations.stream().anyMatch(a -> a.desc.equals(annotation)))
            .map(m -> m.name)
            .toList();
    }

    private static MethodNode method(byte[] classBytes, String name) {
        ClassNode cn = new ClassNode();
        new ClassReader(classBytes).accept(cn, 0);
        return cn.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    @Test
    void bodiesMoveToPrivateSyntheticMethodsAndOtherClassesStayByteForByte() throws Exception {
        byte[] prepared = SnippetPreparer.prepareClass(original(NAME.replace('.', '/')));
        ClassNode cn = new ClassNode();
        new ClassReader(prepared).accept(cn, 0);
        List<String> methods = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            methods.add(m.name + m.desc + ((m.access & Opcodes.ACC_SYNTHETIC) != 0 ? " synthetic" : ""));
        }
        assertEquals(List.of("<init>()V", "sum(JD)J", "boom(I)V", "nested(I)V", "name()Ljava/lang/String;",
            "manual(I)I", "quick(I)V", "slow(I)V", "helper()I", "sum$taper$body(JD)J synthetic",
            "sum$taper$switched(IJD)J synthetic", "boom$taper$body(I)V synthetic", "boom$taper$switched(II)V synthetic",
            "nested$taper$body(I)V synthetic", "nested$taper$switched(II)V synthetic",
            "name$taper$body()Ljava/lang/String; synthetic", "name$taper$switched(I)Ljava/lang/String; synthetic",
            "manual$taper$body(I)I synthetic", "quick$taper$body(I)V synthetic", "quick$taper$switched(II)V synthetic"),
            methods, "manual is @NoSiteSwitch: no switched entry");
        assertEquals(List.of("sum", "boom", "nested", "name", "manual", "slow"),
            annotated(cn, "Ljdk/internal/vm/annotation/DontInline;"),
            "wrappers are kept out of woven code, except the inlinable one's, and so is the @OutOfLine method");
        assertEquals(List.of("quick", "sum$taper$switched", "boom$taper$switched", "nested$taper$switched",
            "name$taper$switched", "quick$taper$body", "quick$taper$switched"),
            annotated(cn, "Ljdk/internal/vm/annotation/ForceInline;"),
            "the inlinable wrapper and its body are always inlined, as the switched entries are");
        byte[] events = original("io/taper/weaver/testsupport/Events");
        assertSame(events, SnippetPreparer.prepareClass(events));
    }

    @Test
    void preparesAJar(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("analysis.jar");
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os)) {
            out.putNextEntry(new JarEntry("META-INF/taper/analysis.properties"));
            out.write(("name=prep\nsnippets=" + NAME + "\nexclude=java.lang.String.*(int, ..), *.toString\n")
                .getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new JarEntry("io/taper/weaver/prepare/PreparedSubjects.class"));
            out.write(original("io/taper/weaver/prepare/PreparedSubjects"));
            out.putNextEntry(new JarEntry("io/taper/weaver/testsupport/Events.class"));
            out.write(original("io/taper/weaver/testsupport/Events"));
        }
        Path prepared = dir.resolve("prepared.jar");
        SnippetPreparer.prepare(jar, prepared);
        try (JarFile in = new JarFile(jar.toFile()); JarFile out = new JarFile(prepared.toFile())) {
            assertEquals(names(in), names(out));
            assertArrayEquals(bytes(in, "META-INF/taper/analysis.properties"), bytes(out, "META-INF/taper/analysis.properties"));
            assertArrayEquals(bytes(in, "io/taper/weaver/testsupport/Events.class"),
                bytes(out, "io/taper/weaver/testsupport/Events.class"));
            assertArrayEquals(SnippetPreparer.prepareClass(bytes(in, "io/taper/weaver/prepare/PreparedSubjects.class")),
                bytes(out, "io/taper/weaver/prepare/PreparedSubjects.class"));
        }
        AnalysisSpec spec = AnalysisSpec.fromJar(prepared);
        assertEquals("prep", spec.name());
        assertEquals(List.of(NAME), spec.snippetClasses().stream().map(Class::getName).toList());
        assertEquals(List.of("java.lang.String.*(int, ..)", "*.toString"), spec.excludes());
        assertEquals(java.util.Set.of("io/taper/weaver/prepare/PreparedSubjects", "io/taper/weaver/testsupport/Events"),
            spec.ownClasses());
    }

    private static List<String> names(JarFile jar) {
        return jar.stream().map(JarEntry::getName).toList();
    }

    private static byte[] bytes(JarFile jar, String name) throws Exception {
        try (InputStream in = jar.getInputStream(jar.getJarEntry(name))) {
            return in.readAllBytes();
        }
    }
}
