package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The runtime and the analyses' code run inside snippets, anywhere in the JDK, under whatever lock the program holds
 * there. After a few calls, {@code Method.invoke} and {@code Constructor.newInstance} define an accessor class, which
 * passes through the agent's transformer under that lock: a thread that holds what the transformer needs (a jar of
 * the class path) and waits for that lock (a cleaner's list) deadlocks with it. So outside static initialisers no
 * method of the runtime or of any analysis's observed-JVM code calls them (the {@code weave} packages run in the
 * server and are not scanned).
 */
class NoReflectionInObservedCodeTest {

    private static final List<String> REFLECTIVE_CALLS = List.of(
        "java/lang/reflect/Method.invoke", "java/lang/reflect/Constructor.newInstance", "java/lang/Class.newInstance");

    /** The runtime's and each analysis's package, with one class that finds its jar (or class folder). */
    private static final Map<String, String> WHERE = Map.of(
        "io/taper/runtime", "io.taper.runtime.state.ThreadCounters",
        "io/taper/analysis/sfa", "io.taper.analysis.sfa.internal.ShadowMarks",
        "io/taper/analysis/methodtime", "io.taper.analysis.methodtime.MethodTimeResults",
        "io/taper/analysis/methodcount", "io.taper.analysis.methodcount.MethodCountResults",
        "io/taper/analysis/bytecodecount", "io.taper.analysis.bytecodecount.BytecodeCountResults",
        "io/taper/analysis/coverage", "io.taper.analysis.coverage.CoverageResults");

    @Test
    void noMethodButAStaticInitialiserCallsReflection() throws Exception {
        List<String> found = new ArrayList<>();
        int total = 0;
        for (Map.Entry<String, String> e : WHERE.entrySet()) {
            Path location = Path.of(Class.forName(e.getValue()).getProtectionDomain().getCodeSource().getLocation()
                .toURI());
            int scanned = scanTree(location, e.getKey(), found);
            assertTrue(scanned >= 1, "no class of " + e.getKey() + " in " + location);
            total += scanned;
        }
        assertTrue(total > 100, "scanned " + total + " classes");
        assertEquals(List.of(), found);
    }

    /** Scans every class under the package folder of a class folder or jar, but the weave packages. */
    private static int scanTree(Path location, String pkg, List<String> found) throws IOException {
        if (Files.isDirectory(location)) {
            return scanFolder(location, location.resolve(pkg), found);
        }
        try (FileSystem jar = FileSystems.newFileSystem(location)) {
            Path root = jar.getPath("/");
            return scanFolder(root, root.resolve(pkg), found);
        }
    }

    private static int scanFolder(Path root, Path folder, List<String> found) throws IOException {
        int scanned = 0;
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String rel = root.relativize(f).toString().replace('\\', '/');
                if (rel.endsWith(".class") && !rel.contains("/weave/")) {
                    try (InputStream in = Files.newInputStream(f)) {
                        scan(in, found);
                    }
                    scanned++;
                }
            }
        }
        return scanned;
    }

    private static void scan(InputStream classFile, List<String> found) throws IOException {
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            private String owner;

            @Override
            public void visit(int version, int access, String name, String sig, String sup, String[] ifs) {
                owner = name;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                if (name.equals("<clinit>")) {
                    return null;
                }
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int op, String callee, String method, String d, boolean itf) {
                        if (REFLECTIVE_CALLS.contains(callee + "." + method)) {
                            found.add(owner + "." + name + desc + " calls " + callee + "." + method);
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG);
    }

    @Test
    void theScanFindsACallWhereThereIsOne() throws IOException, URISyntaxException {
        Path self = Path.of(NoReflectionInObservedCodeTest.class.getProtectionDomain().getCodeSource().getLocation()
            .toURI()).resolve(Reflective.class.getName().replace('.', '/') + ".class");
        List<String> found = new ArrayList<>();
        try (InputStream in = Files.newInputStream(self)) {
            scan(in, found);
        }
        assertEquals(List.of(Reflective.class.getName().replace('.', '/')
            + ".call(Ljava/lang/reflect/Method;)Ljava/lang/Object; calls java/lang/reflect/Method.invoke"), found);
    }

    static final class Reflective {
        static final Object AT_INIT = String.class.getName();

        static Object call(java.lang.reflect.Method m) throws ReflectiveOperationException {
            return m.invoke(null);
        }
    }
}
