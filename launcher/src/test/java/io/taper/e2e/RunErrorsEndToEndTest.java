package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What {@code ./taper run} does with mistakes and with programs that end badly: one clear line, nothing lost
 * from an earlier run, and a summary that says why results are missing.
 */
class RunErrorsEndToEndTest {

    @TempDir
    Path tmp;

    /** An OUT that holds an earlier run's results. */
    private Path earlierRun() throws IOException {
        Path out = tmp.resolve("earlier");
        Files.createDirectories(out);
        Files.writeString(out.resolve("result.json"), "{\"rows\": []}");
        Files.writeString(out.resolve("summary.md"), "earlier summary");
        return out;
    }

    private static void assertUntouched(Path out) throws IOException {
        assertEquals("{\"rows\": []}", Files.readString(out.resolve("result.json")));
        assertEquals("earlier summary", Files.readString(out.resolve("summary.md")));
        assertFalse(Files.exists(out.resolve("work")), "nothing was started");
    }

    private TaperProcess.Outcome refused(Path out, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "--out", out.toString()));
        args.addAll(List.of(options));
        args.addAll(List.of("--", "-cp", TaperProcess.examplesClassPath(), "io.taper.examples.HelloWorld"));
        TaperProcess.Outcome run = TaperProcess.run(tmp.resolve("cli"), args.toArray(new String[0]));
        assertEquals(2, run.exitCode(), run.stderr());
        assertEquals("", run.stdout(), "the program did not run");
        return run;
    }

    @Test
    void aMistypedAnalysisIsRefusedBeforeTheEarlierResultsAreTouched() throws Exception {
        Path out = earlierRun();
        TaperProcess.Outcome run = refused(out, "--analysis", "sfaa");
        assertEquals("taper: unknown analysis 'sfaa'; known: bytecode-count, coverage, method-count, method-time, sfa (or give the path of an "
            + "analysis jar)\n", run.stderr());
        assertUntouched(out);
    }

    @Test
    void aMissingAnalysisJarIsNamedAsSuch() throws Exception {
        Path out = earlierRun();
        Path missing = tmp.resolve("missing.jar");
        TaperProcess.Outcome run = refused(out, "--analysis", missing.toString());
        assertEquals("taper: analysis jar not found: " + missing + "\n", run.stderr());
        assertUntouched(out);
    }

    @Test
    void badControllerSpecsAreRefusedUpFront() throws Exception {
        Path out = earlierRun();
        assertEquals("taper: --controller periodic:abc: periodic:<ms> needs a number of milliseconds, got 'abc'\n",
            refused(out, "--mode", "adaptive", "--controller", "periodic:abc").stderr());
        assertEquals("taper: --controller periodic:-5: periodic:<ms> needs a positive period, got -5\n",
            refused(out, "--mode", "adaptive", "--controller", "periodic:-5").stderr());
        assertEquals("taper: --controller bogus: unknown controller strategy 'bogus'; known: none, periodic:<ms>, "
            + "method-time\n", refused(out, "--analysis", "method-time", "--mode", "adaptive", "--controller", "bogus").stderr());
        assertEquals("taper: --controller periodic:50 needs --mode adaptive (the mode is fixed)\n",
            refused(out, "--controller", "periodic:50").stderr());
        assertUntouched(out);
    }

    @Test
    void aBadOptionGetsOneLineAndAHintNotTheWholeUsage() throws Exception {
        Path out = earlierRun();
        TaperProcess.Outcome run = refused(out, "--mod", "fixed");
        assertEquals("taper: Unknown option: '--mod'\nPossible solutions: --mode\n"
            + "Try './taper run --help' for the options.\n", run.stderr());
        assertUntouched(out);
    }

    @Test
    void aJavaThatIsNotThereLeavesNoSocketDirectory() throws Exception {
        Path out = earlierRun();
        List<Path> before = socketDirectories();
        TaperProcess.Outcome run = refused(out, "--java", "/nonexistent/java");
        assertEquals("taper: --java: /nonexistent/java is not an executable file\n", run.stderr());
        assertEquals(before, socketDirectories());
        assertUntouched(out);
    }

    private static List<Path> socketDirectories() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("taper-")).sorted().toList();
        }
    }

    @Test
    void aProgramKilledByASignalIsReportedAsSuch() throws Exception {
        Path out = tmp.resolve("killed");
        TaperProcess.Outcome run = TaperProcess.run(out, "run", "--analysis", "method-count", "--mode", "fixed",
            "--out", out.toString(), "--", "-cp", TaperProcess.fixtureClassPath(), "io.taper.e2e.fixtures.KillsItself");
        assertEquals(137, run.exitCode(), run.stderr());
        assertEquals("about to die\n", run.stdout());
        assertEquals(Boolean.TRUE, run.stats().get("agentResultMissing"));
        assertTrue(run.stderr().contains("[taper] the program was killed by SIGKILL (signal 9) (exit status 137); the "
            + "agent wrote no results (the JVM ended before its first snapshot and without running its shutdown hooks), "
            + "so there are no rows\n"),
            run.stderr());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aMethodTooLargeToWeaveKeepsItsCodeAndIsReported() throws Exception {
        Path classes = tmp.resolve("big-classes");
        Files.createDirectories(classes);
        Files.write(classes.resolve("Big.class"), bigClass());
        Path out = tmp.resolve("big");
        TaperProcess.Outcome run = TaperProcess.run(out, "run", "--analysis", "method-count", "--mode", "fixed",
            "--out", out.toString(), "--", "-Xverify:all", "-cp", classes.toString(), "Big");
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals("big ran\n", run.stdout());
        Map<String, Object> server = (Map<String, Object>) run.stats().get("server");
        assertEquals(1.0, server.get("methodsKeptOriginal"));
        // the entry counter's size depends on the class's slot number (a one- or two-byte constant) and on whether it
        // counts through the thread's field (a length test of its own)
        List<String> kept = (List<String>) server.get("keptOriginal");
        assertEquals(1, kept.size(), kept.toString());
        assertTrue(kept.get(0).matches("Big\\.big\\(\\)V: method would exceed 64 KB \\(code size 655[4-6][0-9]\\)"), kept.get(0));
        assertTrue(run.stderr().contains("[taper] 1 method(s) kept their original code (woven body too large), so they "
            + "have no rows: [" + kept.get(0) + "]"), run.stderr());
        assertTrue(run.rows().stream().anyMatch(r -> "Big".equals(r.get("class")) && "main".equals(r.get("method"))));
        assertTrue(run.rows().stream().noneMatch(r -> "Big".equals(r.get("class")) && "big".equals(r.get("method"))));
    }

    /** {@code Big.big()}: 65,534 nops and a return, 65,535 bytes, the limit; the method-count entry adds a dozen. */
    private static byte[] bigClass() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "Big", null, "java/lang/Object", null);
        MethodVisitor big = cw.visitMethod(Opcodes.ACC_STATIC, "big", "()V", null, null);
        big.visitCode();
        for (int i = 0; i < 65_534; i++) {
            big.visitInsn(Opcodes.NOP);
        }
        big.visitInsn(Opcodes.RETURN);
        big.visitMaxs(0, 0);
        big.visitEnd();
        MethodVisitor main = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        main.visitCode();
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "Big", "big", "()V", false);
        main.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        main.visitLdcInsn("big ran");
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(Ljava/lang/String;)V", false);
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(0, 0);
        main.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
