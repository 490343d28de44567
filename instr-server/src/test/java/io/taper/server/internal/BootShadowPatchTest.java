package io.taper.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.util.CheckClassAdapter;

/** The java.base patch of start-up classes with shadow fields, made from this JDK. */
class BootShadowPatchTest {

    private static final Path HOME = Path.of(System.getProperty("java.home"));

    @TempDir
    Path tmp;

    @Test
    void javaUtilAndReflectClassesGetAShadowPerInstanceFieldAndTheRestOfJavaLangNone() throws Exception {
        Path dir = tmp.resolve("patch");
        int n = BootShadowPatch.ensure(HOME, "$p$", dir);
        assertEquals(n + "\n", Files.readString(dir.resolve(BootShadowPatch.COMPLETE)));
        long files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".class")).count();
        }
        assertEquals(n, files);
        assertTrue(n > 500, n + " classes");
        assertEquals(List.of("$p$elementData", "$p$size"), shadows(dir.resolve("java/util/ArrayList.class")));
        assertEquals(List.of("$p$cursor", "$p$expectedModCount", "$p$lastRet", "$p$this$0"),
            shadows(dir.resolve("java/util/ArrayList$Itr.class")));
        try (Stream<Path> s = Files.list(dir.resolve("java/lang"))) {
            assertEquals(List.of(dir.resolve("java/lang/reflect")), s.toList(), "java.lang is left alone but reflect");
        }
        assertEquals(List.of("$p$annotations", "$p$clazz", "$p$declaredAnnotations", "$p$fieldAccessor", "$p$genericInfo",
            "$p$modifiers", "$p$name", "$p$overrideFieldAccessor", "$p$root", "$p$signature", "$p$slot", "$p$trustedFinal",
            "$p$type"), shadows(dir.resolve("java/lang/reflect/Field.class")));
        assertTrue(Files.notExists(dir.resolve("java/util/List.class")), "interfaces need none");
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(dir), s.toList(), "no temporary directory is left behind");
        }
        StringWriter problems = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(Files.readAllBytes(dir.resolve("java/util/HashMap.class"))), false,
            new PrintWriter(problems));
        assertEquals("", problems.toString());
    }

    @Test
    void aFinishedPatchIsReusedAsItIs() throws Exception {
        Path dir = tmp.resolve("patch");
        int n = BootShadowPatch.ensure(HOME, "$p$", dir);
        Path list = dir.resolve("java/util/ArrayList.class");
        FileTime before = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(list, before);
        assertEquals(n, BootShadowPatch.ensure(HOME, "$p$", dir));
        assertEquals(before, Files.getLastModifiedTime(list));
    }

    @Test
    void aDirectoryThatIsNotAJdkIsAnErrorAndLeavesNothing() throws IOException {
        Path dir = tmp.resolve("patch");
        IOException e = assertThrows(IOException.class, () -> BootShadowPatch.ensure(tmp.resolve("nojdk"), "$p$", dir));
        assertTrue(e.getMessage().contains("cannot read java.base of"), e.getMessage());
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(), s.toList());
        }
    }

    private static List<String> shadows(Path classFile) throws IOException {
        ClassNode cn = new ClassNode();
        new ClassReader(Files.readAllBytes(classFile)).accept(cn, 0);
        List<String> names = new ArrayList<>();
        for (FieldNode f : cn.fields) {
            if (f.name.startsWith("$p$")) {
                assertEquals(Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC, f.access, f.name);
                assertEquals("Ljava/lang/Object;", f.desc);
                names.add(f.name);
            }
        }
        names.sort(null);
        return names;
    }
}
