package io.taper.e2e.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller's own work must not take over what the program does itself: a JDK subsystem the controller
 * initialised first (under the bypass) would leave the program's later use of it unobserved, and an adaptive table
 * would miss fields a fixed one has. The program here starts the JDK's management and its MBean server one second
 * in; an adaptive run, whose removals are all switches, reports the same fields of {@code VMManagementImpl}, the
 * object the controller used to make, as a fixed run.
 *
 * <p>The MBean server's fields that differ between two runs must be explained by the program: the verdicts of
 * {@code MBeanAnalyzer$AttrMethods.getter} and {@code .setter} follow the order of the MXBean interfaces' methods,
 * which the program prints, in either mode.
 */
class ControllerSideEffectsTest {

    static final String MAIN = "io.taper.e2e.fixtures.StartsManagement";
    static final String MANAGEMENT = "sun.management.VMManagementImpl";
    static final String ATTR_METHODS = "com.sun.jmx.mbeanserver.MBeanAnalyzer$AttrMethods";
    static final Pattern ORDER = Pattern.compile("a setter first: (true|false), a getter first: (true|false)\n");

    @TempDir
    static Path tmp;

    /** One run per mode, which both tests read. */
    static final Map<String, TaperProcess.Outcome> RUNS = new LinkedHashMap<>();

    @BeforeAll
    static void runBothModes() throws Exception {
        for (String mode : List.of("fixed", "adaptive")) {
            RUNS.put(mode, run(mode));
        }
    }

    @Test
    void adaptiveSeesTheManagementFieldsTheProgramInitialises() throws Exception {
        List<String> fixed = managementRows(RUNS.get("fixed"));
        assertEquals(3, fixed.size(), "the program makes " + MANAGEMENT + ": " + fixed);
        assertEquals(fixed, managementRows(RUNS.get("adaptive")));
    }

    @Test
    void attributeMethodVerdictsFollowTheProgramsMethodOrderInEitherMode() throws Exception {
        for (String mode : RUNS.keySet()) {
            TaperProcess.Outcome o = RUNS.get(mode);
            Matcher order = ORDER.matcher(o.stdout());
            assertTrue(order.find(), o.stdout());
            // The second of a getter and its setter reads the field of the first before writing its own.
            assertEquals(Map.of("getter", verdict(Boolean.parseBoolean(order.group(1))),
                "setter", verdict(Boolean.parseBoolean(order.group(2)))), attrMethodsVerdicts(o), mode);
        }
    }

    private static TaperProcess.Outcome run(String mode) throws Exception {
        Path out = tmp.resolve(mode);
        TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "sfa", "--mode", mode, "--out",
                out.toString(), "-q", "--", "-cp", TaperProcess.fixtureClassPath(), MAIN, "1000");
        assertEquals(0, o.exitCode(), o.stderr());
        assertTrue(o.stdout().startsWith("uptime known: true, threads known: true\n"), o.stdout());
        return o;
    }

    private static String verdict(boolean writtenAfterRead) {
        return writtenAfterRead ? "non-stationary" : "stationary";
    }

    private static Map<String, Object> attrMethodsVerdicts(TaperProcess.Outcome o) throws Exception {
        return o.rows().stream()
            .filter(r -> ATTR_METHODS.equals(r.get("class")))
            .collect(Collectors.toMap(r -> (String) r.get("field"), r -> r.get("verdict")));
    }

    private static List<String> managementRows(TaperProcess.Outcome o) throws Exception {
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
