package io.taper.eval.workloads;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * A peer's test suite: the unit tests of Apache Commons Lang 3.20.0 (its published tests jar), run with the
 * JUnit Platform launcher. Reflection utilities, builders of strings from fields, serialisation, functional
 * interfaces, mutable boxes: a program that looks at its own classes, so Taper must stay invisible to it. The
 * packages are those whose tests pass uninstrumented, in one JVM, whatever their order ({@code builder} leaks
 * state from test to test; {@code time} is 50,000 generated cases; {@code concurrent} times itself). Prints one
 * line with the counts; exits 1 if a test failed (their names and causes go to stderr).
 *
 * <p>Runs from its own class path ({@code evaluation/target/peer-tests/*.jar} and this jar): the suite brings
 * its own JUnit, easymock and ASM.
 */
public final class PeerTestsWorkload {

    /** The library whose tests run, as the summary line names it. */
    static final String SUITE = "commons-lang3 3.20.0";
    /** The ci preset: the packages that reflect on classes and objects. */
    static final List<String> CI_PACKAGES = List.of("reflect", "mutable", "tuple", "compare", "event");
    /** The full preset: every package whose tests pass uninstrumented in one JVM. */
    static final List<String> FULL_PACKAGES = List.of("reflect", "text", "mutable", "tuple", "exception", "function",
        "math", "compare", "stream", "util", "event");
    private static final int MAX_FAILURES_SHOWN = 20;

    private PeerTestsWorkload() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> packages;
        try {
            packages = WorkloadSize.parse(args, 1, 2).units() < 2 ? CI_PACKAGES : FULL_PACKAGES;
        } catch (IllegalArgumentException e) {
            err.println("peer-tests: " + e.getMessage());
            err.println("usage: peer-tests [--size ci|full]   (ci: " + String.join(", ", CI_PACKAGES) + "; full: "
                + String.join(", ", FULL_PACKAGES) + ")");
            return 2;
        }
        List<org.junit.platform.engine.DiscoverySelector> selectors = new ArrayList<>();
        for (String p : packages) {
            selectors.add(DiscoverySelectors.selectPackage("org.apache.commons.lang3." + p));
        }
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectors).build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launcher.execute(request, listener);
        TestExecutionSummary s = listener.getSummary();
        long failed = s.getTotalFailureCount();
        if (failed > 0) {
            err.println("peer-tests: " + failed + " test(s) failed:");
            s.getFailures().stream().limit(MAX_FAILURES_SHOWN).forEach(f ->
                err.println("  " + f.getTestIdentifier().getUniqueId() + ": " + f.getException()));
            s.printFailuresTo(new PrintWriter(err, true), 8);
        }
        out.printf("peer-tests %s (%d packages): %d tests, %d passed, %d failed, %d skipped%n", SUITE, packages.size(),
            s.getTestsFoundCount(),
            s.getTestsSucceededCount(), failed, s.getTestsSkippedCount());
        out.flush();
        return failed == 0 && s.getTestsFoundCount() > 0 ? 0 : 1;
    }
}
