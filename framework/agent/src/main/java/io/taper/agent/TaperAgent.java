package io.taper.agent;

import io.taper.agent.internal.AgentStartup;
import io.taper.agent.internal.AgentWarnings;
import io.taper.agent.internal.BootClassPath;
import io.taper.protocol.TaperConfig;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;

/**
 * {@code -javaagent:taper-agent.jar=RUN/taper.properties}. Puts the Taper runtime on the boot class path
 * (woven JDK classes can only link to classes there), then hands over to the agent's start-up. A
 * launcher should also pass {@code -Xbootclasspath/a:RUNTIME_JAR:WORK/analysis-prepared.jar}, which
 * spares the program's stderr a JVM warning (see {@code BootClassPath}). Never
 * throws and never exits: whatever fails, the program runs, uninstrumented, after one warning line.
 *
 * <p>This class refers to no runtime type, so it verifies and links before the runtime jar is appended.
 */
public final class TaperAgent {

    private TaperAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        TaperConfig config;
        try {
            if (args == null || args.isEmpty()) {
                throw new IllegalArgumentException("no configuration file: use -javaagent:taper-agent.jar=FILE");
            }
            config = TaperConfig.load(Path.of(args));
            BootClassPath.appendUnlessPresent(inst, config.runtimeJar(), "io.taper.runtime.Bypass");
        } catch (Throwable t) {
            AgentWarnings.agentDisabled(t.getMessage() == null ? t.toString() : t.getMessage());
            return;
        }
        try {
            AgentStartup.start(config, inst);
        } catch (Throwable t) {
            AgentWarnings.agentDisabled("start-up failed: " + t);
        }
    }
}
