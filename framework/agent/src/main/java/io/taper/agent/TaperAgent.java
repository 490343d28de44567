package io.taper.agent;

import io.taper.agent.internal.AgentStartup;
import io.taper.agent.internal.AgentWarnings;
import io.taper.agent.internal.AttachedSession;
import io.taper.agent.internal.BootClassPath;
import io.taper.protocol.AttachState;
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

    /**
     * {@code taper attach} and {@code taper detach}, through the Attach API: {@code attach=CONFIG_FILE} or
     * {@code detach=STATE_FILE} ({@link AttachState}). Never throws: the outcome goes to the state file.
     */
    public static void agentmain(String args, Instrumentation inst) {
        String[] verb = AttachState.parseArgs(args);
        if (verb[0] == null) {
            AgentWarnings.agentDisabled("agentmain expects attach=CONFIG_FILE or detach=STATE_FILE, not " + args);
            return;
        }
        try {
            if (verb[0].equals(AttachState.DETACH)) {
                AttachedSession.detach(Path.of(verb[1]));
                return;
            }
            Path file = Path.of(verb[1]);
            Path state = file.resolveSibling(AttachState.FILE);
            TaperConfig config;
            try {
                config = TaperConfig.load(file);
                BootClassPath.appendUnlessPresent(inst, config.runtimeJar(), "io.taper.runtime.Bypass");
            } catch (Throwable t) {
                java.util.Map<String, String> failed = new java.util.LinkedHashMap<>();
                failed.put(AttachState.KEY_STATE, AttachState.FAILED);
                failed.put(AttachState.KEY_REASON, t.getMessage() == null ? t.toString() : t.getMessage());
                AttachState.write(state, failed);
                return;
            }
            AttachedSession.attach(config, state, inst);
        } catch (Throwable t) {
            AgentWarnings.agentDisabled("agentmain failed: " + t);
        }
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
