package io.taper.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The analysis-specific reports, run after every instrumented run. */
final class RunReports {

    private static final List<RunReport> ALL = List.of(new io.taper.launcher.sfa.SfaReport(),
            new io.taper.launcher.profile.MethodTimeReport(), new io.taper.launcher.coverage.CoverageReport(),
            new io.taper.launcher.bytecode.BytecodeCountReport());

    private RunReports() {
    }

    /** Whether the analysis has reports (or data files) to write after a run. */
    static boolean any(String analysis) {
        for (RunReport r : ALL) {
            if (r.analysis().equals(analysis)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param console where the reports say what they wrote (a quiet command passes a stream that drops it)
     * @param errors  where a report that could not be written says so, quiet or not
     * @param reports false: only the data files an analysis's later tools need (coverage's .exec)
     */
    static void write(Map<String, Object> result, Path out, PrintStream console, PrintStream errors, boolean reports) {
        for (RunReport r : ALL) {
            if (r.analysis().equals(result.get("analysis"))) {
                try {
                    if (reports) {
                        r.write(result, out, console);
                    } else {
                        r.writeData(result, out);
                    }
                } catch (Exception | LinkageError e) {
                    errors.println("[taper] could not write the " + r.analysis() + " report: " + e);
                }
            }
        }
    }
}
