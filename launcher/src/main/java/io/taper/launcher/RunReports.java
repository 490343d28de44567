package io.taper.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The analysis-specific reports, run after every instrumented run. */
final class RunReports {

    private static final List<RunReport> ALL = List.of(new io.taper.launcher.sfa.SfaReport(),
            new io.taper.launcher.profile.MethodTimeReport(), new io.taper.launcher.coverage.CoverageReport());

    private RunReports() {
    }

    static void write(Map<String, Object> result, Path out, PrintStream console) {
        for (RunReport r : ALL) {
            if (r.analysis().equals(result.get("analysis"))) {
                try {
                    r.write(result, out, console);
                } catch (Exception | LinkageError e) {
                    console.println("[taper] could not write the " + r.analysis() + " report: " + e);
                }
            }
        }
    }
}
