package io.taper.agent.internal;

import io.taper.controller.Controller;
import io.taper.controller.ControllerBootstrap;
import io.taper.protocol.TaperConfig;
import java.lang.instrument.Instrumentation;

/**
 * The single place where the agent starts the adaptive controller (controller module), after the
 * start-up pass, with the agent's loader tags (so the controller finds the classes to retransform) and
 * the analysis's results class.
 */
final class ControllerHook {

    private ControllerHook() {
    }

    static Controller start(Instrumentation inst, TaperConfig config, ClassLoaderTags tags, String resultsClass,
                            AgentStats stats, BatchWeaveAhead ahead) {
        long perClass = stats.startupClasses > 0 ? stats.startupRetransformNanos / stats.startupClasses : 0;
        return ControllerBootstrap.start(inst, config.asMap(), tags, resultsClass, perClass, ahead);
    }
}
