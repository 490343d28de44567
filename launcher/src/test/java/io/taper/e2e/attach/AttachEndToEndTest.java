package io.taper.e2e.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import io.taper.e2e.fixtures.AttachPhases;
import io.taper.e2e.fixtures.BytesRecorder;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code taper attach} and {@code taper detach} against a running {@link AttachPhases}: counts exactly the calls made
 * while attached, puts the original code back, leaves no thread behind, attaches again from zero, and refuses what it
 * cannot do before touching the JVM.
 */
class AttachEndToEndTest {

    static final String WORK = "work";
    static final String CDS_WARNING = ".* VM warning: Sharing is only supported for boot loader classes because "
        + "bootstrap classpath has been appended";

    @TempDir
    Path tmp;

    @Test
    void countsExactlyWhileAttachedAndRestoresTheOriginalCode() throws Exception {
        Path recorder = recorderJar(tmp);
        try (AttachedProgram program = new AttachedProgram(tmp.resolve("program"), List.of())) {
            program.phase("count 300");
            assertEquals(-1, Long.parseLong(program.phase("count 10").get("registered")), "no runtime before the attach");

            Path first = tmp.resolve("first");
            AttachedProgram.Attach attach = program.attach(first, "--analysis", "method-count", "--mode", "fixed", "-q");
            assertTrue(attach.stdout().matches("attached to " + program.pid() + ": \\d+ classes woven \\(\\d+ of the "
                + "bootstrap loader's\\) in \\d+ ms \\(longest stall \\d+ ms\\)\n"), attach.stdout() + attach.stderr());
            program.phase("count 1000");
            // loaded after Taper's agent, the recorder sees what Taper's transformer makes of the class
            program.loadAgent(recorder);
            Path woven = Path.of(program.phase("record").get("record"));
            assertTrue(callsInto(woven, TAPER), "woven while attached");
            TaperProcess.Outcome detach = program.detach();
            assertEquals(0, detach.exitCode(), detach.stderr());
            assertTrue(detach.stdout().startsWith("detached from " + program.pid() + ": "), detach.stdout());
            assertEquals(0, attach.waitFor(), attach.stderr());
            assertTrue(attach.stdout().contains("detached from " + program.pid() + ": "), attach.stdout());
            assertEquals(1000, entries(first), "the calls made while attached, exactly: " + agentStats(first, program.pid()));
            @SuppressWarnings("unchecked")
            Map<String, Object> felt = (Map<String, Object>) ((Map<String, Object>) TaperProcess.readJson(
                first.resolve("result.json")).get("summary")).get("attached");
            assertEquals(List.of("attachMillis", "attachLongestStallMillis", "detachMillis", "detachLongestStallMillis"),
                List.copyOf(felt.keySet()));
            assertTrue(felt.values().stream().allMatch(v -> ((Number) v).doubleValue() >= 0), felt.toString());

            Map<String, String> after = program.phase("count 500");
            assertEquals("[]", after.get("taperThreads"), "no Taper thread after the detach");
            assertEquals(0, Long.parseLong(after.get("registered")), "no woven code ran after the detach: " + after);
            Path restored = Path.of(program.phase("record").get("record"));
            assertFalse(callsInto(restored, TAPER), "no call into Taper's runtime left");
            assertTrue(callsInto(restored, "java/nio/file/.*"), "the class file as it was");

            Path second = tmp.resolve("second");
            AttachedProgram.Attach again = program.attach(second, "--analysis", "method-count", "--mode", "fixed",
                "--duration", "600", "-q");
            assertTrue(again.stdout().startsWith("attached to "), again.stdout() + again.stderr());
            program.phase("count 700");
            assertEquals(0, program.detach().exitCode());
            assertEquals(0, again.waitFor(), again.stderr());
            assertEquals(700, entries(second), "a second attach starts from zero");

            assertEquals(0, program.stop());
            long expected = 0;
            for (int n : new int[] {300, 10, 1000, 500, 700}) {
                for (int i = 0; i < n; i++) {
                    expected += (i * 31) % 7;
                }
            }
            assertEquals("ready\nchecksum " + expected + "\n", program.programOut(), "the program's own output");
            // HotSpot's own warning when a jar joins the boot class path with class data sharing on (Taper's
            // runtime, and its analysis's snippets): nothing of Taper's
            List<String> err = program.programErr().lines().toList();
            assertTrue(err.size() == 2 && err.stream().allMatch(l -> l.matches(CDS_WARNING)), String.join("\n", err));
        }
    }

    @Test
    void coverageAfterAnAttachIsReadByJacocosOwnAnalyzer() throws Exception {
        try (AttachedProgram program = new AttachedProgram(tmp.resolve("program"), List.of())) {
            program.phase("count 200");
            Path out = tmp.resolve("coverage");
            AttachedProgram.Attach attach = program.attach(out, "--analysis", "coverage", "--duration", "600", "-q");
            assertTrue(attach.stdout().startsWith("attached to "), attach.stdout() + attach.stderr());
            program.phase("threads 4 20000");
            assertEquals(0, program.detach().exitCode());
            assertEquals(0, attach.waitFor(), attach.stderr());
            assertEquals(0, program.stop());

            org.jacoco.core.tools.ExecFileLoader loader = new org.jacoco.core.tools.ExecFileLoader();
            loader.load(out.resolve("jacoco.exec").toFile());
            org.jacoco.core.analysis.CoverageBuilder coverage = new org.jacoco.core.analysis.CoverageBuilder();
            Path classFile = Path.of(TaperProcess.fixtureClassPath(), AttachPhases.class.getName().replace('.', '/')
                + ".class");
            new org.jacoco.core.analysis.Analyzer(loader.getExecutionDataStore(), coverage)
                .analyzeClass(Files.readAllBytes(classFile), classFile.toString());
            assertEquals(List.of(), coverage.getNoMatchClasses().stream().map(c -> c.getName()).toList(),
                "the class ids are those of the class files");
            org.jacoco.core.analysis.IClassCoverage c = coverage.getClasses().iterator().next();
            Map<String, org.jacoco.core.analysis.IMethodCoverage> methods = new java.util.HashMap<>();
            c.getMethods().forEach(m -> methods.put(m.getName(), m));
            // lateWork runs only after the attach, on four threads at once: both of its branches
            assertEquals(0, methods.get("lateWork").getLineCounter().getMissedCount());
            assertEquals(0, methods.get("lateWork").getBranchCounter().getMissedCount());
            assertEquals(0, methods.get("neverCalled").getLineCounter().getCoveredCount());
            // work ran before the attach only: not covered
            assertEquals(0, methods.get("work").getLineCounter().getCoveredCount());
        }
    }

    /**
     * Twenty attach and detach cycles through the Attach API, as the commands load the agent (one more before them
     * through {@code taper attach}, for its configuration): after the first, whose classes and boot class path jars
     * stay, the JVM keeps the threads and descriptors it had, and its metaspace grows by less than a megabyte.
     */
    @Test
    void twentyCyclesLeaveNoThreadNoDescriptorAndBoundedMetaspace() throws Exception {
        try (AttachedProgram program = new AttachedProgram(tmp.resolve("program"), List.of())) {
            Path out = tmp.resolve("cycles");
            AttachedProgram.Attach first = program.attach(out, "--analysis", "coverage", "--duration", "600", "-q");
            assertTrue(first.stdout().startsWith("attached to "), first.stdout() + first.stderr());
            assertEquals(0, program.detach().exitCode());
            assertEquals(0, first.waitFor(), first.stderr());
            Map<String, String> before = null;
            Path agentJar = TaperProcess.home().resolve("framework/agent/target/taper-agent.jar");
            Path config = out.resolve("taper-agent.properties");
            Path state = out.resolve("attach-state.properties");
            Path detachState = tmp.resolve("detach-state.properties");
            long jvmDirFiles = 0;
            for (int cycle = 0; cycle < 20; cycle++) {
                program.loadAgent(agentJar, "attach=" + config);
                assertEquals("attached", io.taper.protocol.AttachState.read(state).get("state"), "cycle " + cycle);
                program.phase("threads 2 100");
                program.loadAgent(agentJar, "detach=" + detachState);
                Map<String, String> detached = io.taper.protocol.AttachState.read(detachState);
                assertEquals("detached", detached.get("state"), "cycle " + cycle + ": " + detached);
                jvmDirFiles = Files.list(out.resolve("jvm-" + program.pid())).count();
                if (cycle == 0) {
                    // Taper's jars stay open on the boot class path from the first attach on
                    before = program.phase("count 1");
                }
            }
            Map<String, String> after = program.phase("count 1");
            assertEquals(before.get("threads"), after.get("threads"), "threads: " + before + " " + after);
            assertEquals(before.get("fds"), after.get("fds"), "descriptors: " + before + " " + after);
            assertEquals("[]", after.get("taperThreads"));
            long grown = Long.parseLong(after.get("metaspace")) - Long.parseLong(before.get("metaspace"));
            assertTrue(grown < 1L << 20, "metaspace grew by " + grown + " bytes in 19 cycles");
            assertTrue(jvmDirFiles > 0);
            assertEquals(0, program.stop());
        }
    }

    @Test
    void aServerKilledWhileAttachedLeavesTheProgramRunningAndTheDetachPutsTheCodeBack() throws Exception {
        try (AttachedProgram program = new AttachedProgram(tmp.resolve("program"), List.of())) {
            Path out = tmp.resolve("killed");
            AttachedProgram.Attach attach = program.attach(out, "--analysis", "method-count", "--mode", "fixed",
                "--server", "own", "--duration", "600", "-q");
            assertTrue(attach.stdout().startsWith("attached to "), attach.stdout() + attach.stderr());
            program.phase("count 100");
            Path pidFile = out.resolve("jvm-" + program.pid()).resolve("work").resolve("server.pid");
            ProcessHandle server = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim())).orElseThrow();
            server.destroyForcibly();
            server.onExit().get();
            program.phase("count 50");   // woven code goes on counting without the server
            program.phase("threads 2 10");   // and classes load unwoven
            assertEquals(0, program.detach().exitCode());
            assertEquals(0, attach.waitFor(), attach.stderr());
            assertTrue(attach.stderr().contains("taper attach: the instrumentation server was lost while attached ("),
                attach.stderr());
            assertEquals(150, entries(out), agentStats(out, program.pid()));
            Map<String, String> after = program.phase("count 10");
            assertEquals(0, Long.parseLong(after.get("registered")), "restored without the server: " + after);
            assertEquals("[]", after.get("taperThreads"));
            assertEquals(0, program.stop());
            assertTrue(program.programOut().startsWith("ready\nchecksum "), program.programOut());
        }
    }

    @Test
    void aProgramThatEndsDuringTheAttachEndsAsItWouldAndTheCommandSaysSo() throws Exception {
        try (AttachedProgram program = new AttachedProgram(tmp.resolve("program"), List.of())) {
            program.phase("count 100");
            program.sendLast("exit-at-attach");   // exits once Taper's runtime is on the boot class path
            TaperProcess.Outcome r = TaperProcess.run(tmp.resolve("ended"), "attach", Long.toString(program.pid()),
                "--analysis", "method-count", "--mode", "fixed", "-q", "--out", tmp.resolve("ended").toString());
            assertEquals(0, program.waitForExit());
            long expected = 0;
            for (int i = 0; i < 100; i++) {
                expected += (i * 31) % 7;
            }
            assertEquals("ready\nchecksum " + expected + "\n", program.programOut());
            // the program exits within a millisecond of the runtime's append, a second before the attach's end; only a
            // machine that starves its one thread that long lets the attach finish first, and then the end is its own
            if (r.stdout().contains("attached to")) {
                assertEquals(0, r.exitCode(), r.stdout() + r.stderr());
                assertTrue(r.stderr().contains("taper attach: the program ended while attached"), r.stderr());
            } else {
                assertEquals(1, r.exitCode(), r.stdout() + r.stderr());
                assertEquals("taper attach: the JVM " + program.pid() + " ended during the agent's load\n", r.stderr());
            }
        }
    }

    @Test
    void refusesAnAnalysisThatAddsFieldsBeforeTouchingTheJvm() throws Exception {
        try (AttachedProgram program = new AttachedProgram(tmp.resolve("program"), List.of())) {
            TaperProcess.Outcome r = TaperProcess.run(tmp.resolve("sfa"), "attach", Long.toString(program.pid()),
                "--analysis", "sfa", "--out", tmp.resolve("sfa").toString());
            assertEquals(2, r.exitCode(), r.stderr());
            assertEquals("taper attach: sfa cannot attach: its woven code adds fields to classes ($taper$sfa$...), and a "
                + "class loaded before the attach cannot gain fields; run the program with './taper run' or "
                + "'./taper agent' instead\n", r.stderr());
            assertEquals(-1, Long.parseLong(program.phase("count 1").get("registered")), "the JVM was not touched");
            assertEquals(0, program.stop());
        }
    }

    @Test
    void saysInOneLineWhyAJvmRefusesTheAttach() throws Exception {
        try (AttachedProgram program = new AttachedProgram(tmp.resolve("program"),
                List.of("-XX:+DisableAttachMechanism"))) {
            TaperProcess.Outcome r = TaperProcess.run(tmp.resolve("refused"), "attach", Long.toString(program.pid()),
                "--analysis", "method-count", "--out", tmp.resolve("refused").toString());
            assertEquals(1, r.exitCode(), r.stderr());
            assertTrue(r.stderr().matches("taper attach: cannot attach to " + program.pid() + ": .*"
                + "-XX:\\+DisableAttachMechanism.*\n"), r.stderr());
            assertEquals(0, program.stop());
        }
        TaperProcess.Outcome none = TaperProcess.run(tmp.resolve("none"), "detach", "999999999");
        assertEquals(1, none.exitCode());
        assertEquals("taper detach: no running process with PID 999999999\n", none.stderr());
    }

    /** Where woven code calls: Taper's runtime and its analyses' classes (the fixtures' own package is io/taper/e2e). */
    static final String TAPER = "io/taper/(runtime|analysis)/.*";

    /** Whether any method of the class file calls a method of a class whose internal name matches {@code regex}. */
    static boolean callsInto(Path classFile, String regex) throws IOException {
        boolean[] found = new boolean[1];
        new org.objectweb.asm.ClassReader(Files.readAllBytes(classFile)).accept(new org.objectweb.asm.ClassVisitor(
                org.objectweb.asm.Opcodes.ASM9) {
            @Override
            public org.objectweb.asm.MethodVisitor visitMethod(int access, String name, String desc, String sig,
                                                               String[] exceptions) {
                return new org.objectweb.asm.MethodVisitor(org.objectweb.asm.Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int op, String owner, String n, String d, boolean itf) {
                        found[0] |= owner.matches(regex);
                    }
                };
            }
        }, 0);
        return found[0];
    }

    /** The agent's own statistics and rows of the fixture, for a failure's message. */
    static String agentStats(Path out, long pid) throws IOException {
        Map<String, Object> r = TaperProcess.readJson(out.resolve("jvm-" + pid).resolve("agent-result.json"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) r.get("rows");
        return r.get("stats") + " rows " + rows.stream().filter(x -> String.valueOf(x.get("class")).contains("Attach"))
            .toList();
    }

    /** The entries of {@link AttachPhases#work} in an attach's result. */
    static long entries(Path out) throws IOException {
        Map<String, Object> result = TaperProcess.readJson(out.resolve("result.json"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) result.get("rows");
        return rows.stream().filter(r -> AttachPhases.class.getName().equals(r.get("class")) && WORK.equals(r.get("method")))
            .mapToLong(r -> ((Number) r.get("entries")).longValue()).sum();
    }

    /** A jar whose manifest names {@link BytesRecorder} as its agent class (the class comes from the class path). */
    static Path recorderJar(Path dir) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Agent-Class", BytesRecorder.class.getName());
        m.getMainAttributes().putValue("Can-Retransform-Classes", "true");
        Path jar = dir.resolve("recorder.jar");
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o, m)) {
            j.flush();
        }
        return jar;
    }
}
