package io.taper.launcher;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The observed JVM's command line for an instrumented run: Taper's options first, then the program's. */
final class ObservedCommandLine {

    private ObservedCommandLine() {
    }

    /**
     * @param prepared    the prepared analysis jar for the boot class path, or null (no server)
     * @param serverReady whether the server came up or is coming up (else the boot-shadow patch, which the server
     *                    makes, is left out)
     * @param analysisOptions the JVM options the analysis's descriptor asks for ({@code jvmOptions})
     * @param launch      the launch facts of result.json, told the options chosen
     */
    static List<String> of(RunOptions o, TaperHome home, Path config, Path work, Path prepared, boolean serverReady,
                           BootShadows boot, Path threadField, EndWatch endWatch, List<String> analysisOptions,
                           Map<String, Object> launch)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(o.java().toString());
        // On the command line rather than appended by the agent: HotSpot then keeps class data sharing for
        // the program's own classes and prints no warning about the appended boot class path.
        List<String> bootJars = new ArrayList<>(List.of(home.runtimeJar().toString()));
        if (prepared != null) {
            bootJars.add(prepared.toString());
        }
        cmd.add("-Xbootclasspath/a:" + String.join(File.pathSeparator, bootJars));
        cmd.add("-javaagent:" + home.agentJar() + "=" + config);
        List<String> jit = RunLauncher.jitOptions(o.javaArgs());
        cmd.addAll(jit);
        if (!jit.isEmpty()) {
            launch.put("jitOptions", String.join(" ", jit));
        }
        Path patch = serverReady && boot != null ? boot.readyDir() : null;
        if (patch != null) {
            // a patched java.base turns class data sharing off; saying so keeps the JVM from warning about it
            cmd.add("-Xshare:off");
            cmd.add("--patch-module");
            cmd.add("java.base=" + patch);
            launch.put("bootShadows", patch.toString());
        } else if (threadField != null) {
            cmd.add("-Xshare:off");
            cmd.add("--patch-module");
            cmd.add("java.base=" + threadField);
        } else if (boot != null) {
            launch.put("bootShadows", "none: " + (boot.skipped != null ? boot.skipped
                    : "the server made no patch (see bootShadowProblem in the server's stats)"));
        }
        if (!analysisOptions.isEmpty()) {
            cmd.addAll(analysisOptions);
            launch.put("analysisJvmOptions", String.join(" ", analysisOptions));
        }
        if (o.jfr() != null) {
            cmd.addAll(RunLauncher.jfrOptions(o.jfr()));
        }
        cmd.addAll(endWatch.options(o.javaArgs()));
        cmd.addAll(o.javaArgs());
        return cmd;
    }
}
