package io.taper.buildtools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.testing.ForkedJvm;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.CheckClassAdapter;
import picocli.CommandLine;

class ArchivableClassFilesTest {

    @TempDir
    Path dir;

    @Test
    void picocliClassFilesBecomeVersion52WithFramesThatVerify() throws IOException {
        Path jar = copyOfPicocli();
        Map<String, byte[]> before = classes(jar);
        long old = before.values().stream().filter(b -> ArchivableClassFiles.majorVersion(b) < 50).count();
        assertTrue(old > 100, "picocli's class files are Java 5 ones: " + old);

        assertEquals(old, ArchivableClassFiles.rewrite(jar));

        Map<String, byte[]> after = classes(jar);
        assertEquals(before.keySet(), after.keySet());
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            for (Map.Entry<String, byte[]> e : after.entrySet()) {
                byte[] b = e.getValue();
                if (ArchivableClassFiles.majorVersion(before.get(e.getKey())) >= 50) {
                    assertArrayEquals(before.get(e.getKey()), b, e.getKey());   // picocli's module-info.class
                    continue;
                }
                assertEquals(52, ArchivableClassFiles.majorVersion(b), e.getKey());
                StringWriter problems = new StringWriter();
                CheckClassAdapter.verify(new ClassReader(b), loader, false, new PrintWriter(problems));
                assertEquals("", problems.toString(), e.getKey());
            }
        }
        assertEquals(0, ArchivableClassFiles.rewrite(jar), "a second pass has nothing left to do");
    }

    @Test
    void theRewrittenLibraryRunsVerifiedAndClassDataSharingArchivesIt() throws Exception {
        Path jar = copyOfPicocli();
        ArchivableClassFiles.rewrite(jar);
        Path main = mainJar();
        String cp = jar + File.pathSeparator + main;

        ForkedJvm.Result run = ForkedJvm.of("-Xverify:all", "-cp", cp, PicocliMain.class.getName(), "--name", "cds",
                "--times", "3").run(dir, "verified");
        assertEquals(0, run.exitCode(), run.output());
        assertEquals("cds x3", run.keyValues().get("greeting"), run.output());

        Path archive = dir.resolve("app.jsa");
        ForkedJvm.Result dump = ForkedJvm.of("-XX:ArchiveClassesAtExit=" + archive, "-cp", cp,
                PicocliMain.class.getName(), "--name", "dump").run(dir, "dump");
        assertEquals(0, dump.exitCode(), dump.output());
        assertFalse(dump.output().contains("Pre JDK 6 class not supported"), dump.output());
        assertTrue(Files.size(archive) > 0);

        ForkedJvm.Result shared = ForkedJvm.of("-XX:SharedArchiveFile=" + archive, "-Xlog:class+load=info", "-cp", cp,
                PicocliMain.class.getName(), "--name", "shared").run(dir, "shared");
        assertEquals(0, shared.exitCode(), shared.output());
        String line = shared.stdout().lines().filter(l -> l.contains(" picocli.CommandLine source:")).findFirst()
                .orElseThrow(() -> new AssertionError(shared.output()));
        assertTrue(line.contains("shared objects file"), line);
    }

    @Test
    void classFilesWithSubroutinesAndNewerOnesStayAsTheyWere() throws IOException {
        byte[] subroutine = withSubroutine();
        byte[] modern = Files.readAllBytes(ForkedJvm.codeSource(PicocliMain.class)
                .resolve(PicocliMain.class.getName().replace('.', '/') + ".class"));
        Path jar = dir.resolve("mixed.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            put(out, "old/Subroutine.class", subroutine);
            put(out, "io/taper/buildtools/PicocliMain.class", modern);
        }
        assertEquals(0, ArchivableClassFiles.rewrite(jar));
        Map<String, byte[]> after = classes(jar);
        assertArrayEquals(subroutine, after.get("old/Subroutine.class"));
        assertArrayEquals(modern, after.get("io/taper/buildtools/PicocliMain.class"));
    }

    /** A Java 1.4-style class whose method calls a subroutine (jsr/ret): it cannot have frames. */
    private static byte[] withSubroutine() {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V1_4, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "old/Subroutine", null, "java/lang/Object", null);
        MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()I", null, null);
        m.visitCode();
        Label sub = new Label();
        m.visitJumpInsn(Opcodes.JSR, sub);
        m.visitInsn(Opcodes.ICONST_1);
        m.visitInsn(Opcodes.IRETURN);
        m.visitLabel(sub);
        m.visitVarInsn(Opcodes.ASTORE, 0);
        m.visitVarInsn(Opcodes.RET, 0);
        m.visitMaxs(0, 0);
        m.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }

    private Path copyOfPicocli() throws IOException {
        Path jar = dir.resolve("picocli.jar");
        Files.copy(ForkedJvm.codeSource(CommandLine.class), jar);
        return jar;
    }

    /** The test's command in a jar of its own: class-data sharing archives classes from jars only. */
    private Path mainJar() throws IOException {
        Path classes = ForkedJvm.codeSource(PicocliMain.class);
        Path jar = dir.resolve("main.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            String name = PicocliMain.class.getName().replace('.', '/') + ".class";
            put(out, name, Files.readAllBytes(classes.resolve(name)));
        }
        return jar;
    }

    private static void put(JarOutputStream out, String name, byte[] bytes) throws IOException {
        out.putNextEntry(new JarEntry(name));
        out.write(bytes);
        out.closeEntry();
    }

    private static Map<String, byte[]> classes(Path jar) throws IOException {
        Map<String, byte[]> m = new LinkedHashMap<>();
        try (JarFile f = new JarFile(jar.toFile())) {
            for (JarEntry e : java.util.Collections.list(f.entries())) {
                if (e.getName().endsWith(".class")) {
                    m.put(e.getName(), f.getInputStream(e).readAllBytes());
                }
            }
        }
        return m;
    }
}
