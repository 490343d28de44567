package io.taper.e2e.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.e2e.TaperProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller's own work must not take over what the program does itself: a JDK subsystem the controller
 * initialised first (under the bypass) would leave the program's later use of it unobserved, and an adaptive table
 * would miss fields a fixed one has. The program here starts the JDK's management and its MBean server one second
 * in; an adaptive run, whose removals are all switches, reports the same fields of {@code VMManagementImpl}, the
 * object the controller used to make, as a fixed run.
 */
class ControllerSideEffectsTest {

    static final String MAIN = "io.taper.e2e.fixtures.StartsManagement";
    static final String MANAGEMENT = "sun.management.VMManagementImpl";

    @TempDir
    Path tmp;

    @Test
    void adaptiveSeesTheManagementFieldsTheProgramInitialises() throws Exception {
        List<String> fixed = managementRows("fixed");
        assertEquals(3, fixed.size(), "the program makes " + MANAGEMENT + ": " + fixed);
        assertEquals(fixed, managementRows("adaptive"));
    }

    private List<String> managementRows(String mode) throws Exception {
        Path out = tmp.resolve(mode);
        TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "sfa", "--mode", mode, "--out",
                out.toString(), "-q", "--", "-cp", TaperProcess.fixtureClassPath(), MAIN, "1000");
        assertEquals(0, o.exitCode(), o.stderr());
        assertEquals("uptime known: true, threads known: true\n", o.stdout());
        return o.rows().stream()
            .filter(r -> MANAGEMENT.equals(r.get("class")))
            .map(ControllerSideEffectsTest::describe)
            .sorted()
            .collect(Collectors.toList());
    }

    private static String describe(Map<String, Object> r) {
        return r.get("class") + " " + r.get("field") + " " + r.get("descriptor") + " " + r.get("category") + " "
            + r.get("verdict");
    }
}
