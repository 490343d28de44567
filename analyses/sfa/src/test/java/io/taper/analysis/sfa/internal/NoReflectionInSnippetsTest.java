package io.taper.analysis.sfa.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The state code runs inside snippets, anywhere in the JDK, under whatever lock the program holds there. After a
 * few calls, {@code Method.invoke} and {@code Constructor.newInstance} define an accessor class, which passes through
 * the agent's transformer under that lock: a thread that holds what the transformer needs (a jar of the class path)
 * and waits for that lock (a cleaner's list) deadlocks with it. So outside static initialisers no method of the
 * analysis's code calls them.
 */
class NoReflectionInSnippetsTest {

    private static final List<String> REFLECTIVE_CALLS = List.of(
        "java/lang/reflect/Method.invoke", "java/lang/reflect/Constructor.newInstance", "java/lang/Class.newInstance");

    @Test
    void noMethodButAStaticInitialiserCallsReflection() throws Exception {
        Path classes = Path.of(ShadowMarks.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .resolve("io/taper/analysis/sfa");
        List<String> found = new ArrayList<>();
        int scanned = 0;
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                scan(f, found);
                scanned++;
            }
        }
        assertTrue(scanned > 20, "scanned " + scanned + " classes in " + classes);
        assertEquals(List.of(), found);
    }

    private static void scan(Path classFile, List<String> found) throws IOException {
        try (InputStream in = Files.newInputStream(classFile)) {
            new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
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
    }

    @Test
    void theScanFindsACallWhereThereIsOne() throws IOException, URISyntaxException {
        Path self = Path.of(NoReflectionInSnippetsTest.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .resolve(Reflective.class.getName().replace('.', '/') + ".class");
        List<String> found = new ArrayList<>();
        scan(self, found);
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
