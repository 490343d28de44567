package io.taper.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a JVM with the test classes on its class path, optionally with the agent; captures everything. */
final class ForkedJvm {

    record Result(int exitCode, String stdout, String stderr) {
    }

    private ForkedJvm() {
    }

    static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    static Path agentJar() {
        Path jar = Path.of(System.getProperty("taper.agent.jar", "target/taper-agent.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("build the agent jar first (mvn package): " + jar);
        }
        return jar;
    }

    static Path testClasses() {
        return Path.of(System.getProperty("taper.test.classes", "target/test-classes")).toAbsolutePath();
    }

    /**
     * @param agentConfig null: no agent
     */
    static Result run(Path dir, Path agentConfig, String mainClass, String... args) throws IOException, InterruptedException {
        return run(dir, List.of(), agentConfig, mainClass, args);
    }

    /** @param jvmOptions extra options before the agent, e.g. {@code -Xbootclasspath/a:...} */
    static Result run(Path dir, List<String> jvmOptions, Path agentConfig, String mainClass, String... args)
            throws IOException, InterruptedException {
        return runWithClasspath(dir, jvmOptions, agentConfig, testClasses().toString(), mainClass, args);
    }

    /** @param classpath the observed program's class path */
    static Result runWithClasspath(Path dir, List<String> jvmOptions, Path agentConfig, String classpath,
                                   String mainClass, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(java().toString());
        cmd.add("-Xverify:all");
        cmd.add("-Xshare:auto");
        cmd.addAll(jvmOptions);
        if (agentConfig != null) {
            cmd.add("-javaagent:" + agentJar() + "=" + agentConfig);
        }
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("forked JVM did not finish in 120 s: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
            Files.readString(err, StandardCharsets.UTF_8));
    }
}
