package io.taper.agent;

import io.taper.testing.ForkedJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A forked JVM with the test classes on its class path, optionally with the packaged agent, under -Xverify:all. */
final class AgentJvm {

    private AgentJvm() {
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
    static ForkedJvm.Result run(Path dir, Path agentConfig, String mainClass, String... args)
            throws IOException, InterruptedException {
        return run(dir, List.of(), agentConfig, mainClass, args);
    }

    /** @param jvmOptions extra options before the agent, e.g. {@code -Xbootclasspath/a:...} */
    static ForkedJvm.Result run(Path dir, List<String> jvmOptions, Path agentConfig, String mainClass, String... args)
            throws IOException, InterruptedException {
        return runWithClasspath(dir, jvmOptions, agentConfig, testClasses().toString(), mainClass, args);
    }

    /** @param classpath the observed program's class path */
    static ForkedJvm.Result runWithClasspath(Path dir, List<String> jvmOptions, Path agentConfig, String classpath,
                                             String mainClass, String... args) throws IOException, InterruptedException {
        ForkedJvm jvm = ForkedJvm.of("-Xverify:all", "-Xshare:auto").add(jvmOptions);
        if (agentConfig != null) {
            jvm.add("-javaagent:" + agentJar() + "=" + agentConfig);
        }
        return jvm.add("-cp", classpath, mainClass).add(args).run(dir);
    }
}
