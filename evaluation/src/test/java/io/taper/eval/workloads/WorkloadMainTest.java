package io.taper.eval.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The drivers' common main: one summary line and exit 0; exit 1 on failure, 2 on bad arguments. */
class WorkloadMainTest {

    @Test
    void printsTheSummaryLineAndReturnsZero() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = WorkloadMain.run(new String[] {"--scale", "4"}, "demo", 1, 2, size -> "demo units=" + size.units(),
                print(out), print(err));
        assertEquals(0, rc);
        assertEquals("demo units=4\n", out.toString(StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFailingWorkloadExitsWithOne() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = WorkloadMain.run(new String[0], "demo", 1, 2, size -> {
            throw new IllegalStateException("boom");
        }, print(new ByteArrayOutputStream()), print(err));
        assertEquals(1, rc);
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("demo: workload failed\njava.lang.IllegalStateException: boom"));
    }

    @Test
    void badArgumentsExitWithTwoAndUsage() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = WorkloadMain.run(new String[] {"--size", "x"}, "demo", 1, 2, size -> "never",
                print(new ByteArrayOutputStream()), print(err));
        assertEquals(2, rc);
        assertEquals("demo: --size must be ci or full, got x\nusage: demo [--size ci|full] [--scale N]   (ci = 1 units,"
                + " full = 2)\n", err.toString(StandardCharsets.UTF_8));
    }

    /** A real forked driver, as the harness runs it: exactly its summary line on stdout and exit status 0. */
    @Test
    void forkedDriverPrintsItsSummaryLine() throws Exception {
        String expected = XalanWorkload.run(new WorkloadSize("ci", 2));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                "io.taper.eval.workloads.XalanWorkload", "--scale", "2")).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        assertEquals(expected + System.lineSeparator(), output);
    }

    private static PrintStream print(ByteArrayOutputStream b) {
        return new PrintStream(b, true, StandardCharsets.UTF_8);
    }
}
