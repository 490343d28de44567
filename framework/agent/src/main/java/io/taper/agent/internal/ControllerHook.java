package io.taper.agent.internal;

import io.taper.protocol.TaperConfig;
import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The single place where the agent starts the adaptive controller (controller module), after the
 * start-up pass. Returns the controller's statistics supplier for agent-result.json, or null.
 */
final class ControllerHook {

    private ControllerHook() {
    }

    static Supplier<Map<String, Object>> start(Instrumentation inst, TaperConfig config, ClassLoaderTags tags) {
        // The controller module offers no start method yet (only ClassDeployments); see the agent's report.
        return null;
    }
}
