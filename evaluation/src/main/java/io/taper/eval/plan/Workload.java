package io.taper.eval.plan;

import java.util.List;
import java.util.Objects;

/**
 * A program the harness can run under Taper: {@code java <jvm flags> -cp classPath mainClass args}.
 *
 * @param name          short name used in tables and directories (letters, digits, '-', '_', '.')
 * @param classPath     the program's class path (platform path separator)
 * @param mainClass     the class whose {@code main} runs
 * @param ciArgs        program arguments for the {@code ci} preset
 * @param fullArgs      program arguments for the {@code full} preset
 * @param jvmArgs       extra JVM arguments for this program (after the harness's fixed flags)
 * @param deterministic true if the program's last output line must be identical in every run and
 *                      mode (the built-in drivers print a checksum there)
 * @param interleaved   true if which code runs differs between any two runs of the program (its threads interleave
 *                      differently: lock contention, lazy initialisation; or it seeds hash tables from the clock): a lossless
 *                      analysis's adaptive table may then differ from the fixed one without removal being at
 *                      fault, and {@code --audit} is the check
 */
public record Workload(String name, String classPath, String mainClass, List<String> ciArgs,
                       List<String> fullArgs, List<String> jvmArgs, boolean deterministic, boolean interleaved) {

    public Workload {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(classPath, "classPath");
        Objects.requireNonNull(mainClass, "mainClass");
        if (!name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("workload name must use letters, digits, '-', '_' or '.': " + name);
        }
        ciArgs = List.copyOf(ciArgs);
        fullArgs = List.copyOf(fullArgs);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** A workload whose threads, if it has several, do the same work in every run. */
    public Workload(String name, String classPath, String mainClass, List<String> ciArgs, List<String> fullArgs,
                    List<String> jvmArgs, boolean deterministic) {
        this(name, classPath, mainClass, ciArgs, fullArgs, jvmArgs, deterministic, false);
    }

    public List<String> args(Preset preset) {
        return preset == Preset.CI ? ciArgs : fullArgs;
    }
}
