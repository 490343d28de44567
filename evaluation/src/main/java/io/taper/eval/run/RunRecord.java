package io.taper.eval.run;

import io.taper.eval.plan.RunKind;
import io.taper.eval.plan.RunSpec;

/**
 * What the harness measured for one run; persisted in {@code runs.json}. The analysis result itself
 * stays in {@code <out>/<runDir>/result.json}, written by the launcher.
 *
 * @param analysis   empty for the uninstrumented {@code none} and {@code jfr} runs
 * @param exitCode   the launcher's exit code, -1 if it never ended by itself
 * @param wallMillis wall time measured by the harness around the whole launcher process
 * @param cpuMillis  user + system CPU time of the launcher's whole process tree (server, observed
 *                   JVM, launcher), or -1 where it could not be measured
 * @param output     the workload's last line on stdout (the built-in drivers print their checksum there)
 * @param error      why a run failed or timed out, else empty
 * @param runDir     the run's directory, relative to the evaluation's output directory
 * @param throughput requests per time window, for a workload that reports them (else null)
 * @param reportMillis a JaCoCo run's report step (JaCoCo's {@code report} command, XML and HTML, over the class files
 *                     of the same round's Taper coverage run), measured after the runs; 0 for other runs or where it
 *                     could not be made
 */
public record RunRecord(String workload, String analysis, RunKind mode, int round, RunStatus status, int exitCode,
                        long wallMillis, long cpuMillis, String output, String error, String runDir,
                        Throughput throughput, long reportMillis) {

    public static RunRecord of(RunSpec spec, RunStatus status, int exitCode, long wallMillis, long cpuMillis,
                               String output, String error) {
        return new RunRecord(spec.workload().name(), spec.analysis(), spec.mode(), spec.round(), status, exitCode,
                wallMillis, cpuMillis, output, error, spec.dirName(), null, 0);
    }

    public RunRecord withThroughput(Throughput t) {
        return new RunRecord(workload, analysis, mode, round, status, exitCode, wallMillis, cpuMillis, output, error,
                runDir, t, reportMillis);
    }

    public RunRecord withReportMillis(long millis) {
        return new RunRecord(workload, analysis, mode, round, status, exitCode, wallMillis, cpuMillis, output, error,
                runDir, throughput, millis);
    }

    /** The whole command's wall time: the run's, and for a JaCoCo run its report step's. */
    public long wholeMillis() {
        return wallMillis + reportMillis;
    }

    public boolean ok() {
        return status == RunStatus.OK;
    }
}
