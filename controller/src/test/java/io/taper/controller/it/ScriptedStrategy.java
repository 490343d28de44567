package io.taper.controller.it;

import io.taper.runtime.control.ControlContext;
import io.taper.runtime.control.ControllerStrategy;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * A strategy that never steps on its own (period 0): the harness queues actions and calls
 * {@code Controller.stepNow()}, so every step is deterministic. Listed in src/test/resources' services.
 */
public final class ScriptedStrategy implements ControllerStrategy {

    public static final Queue<Consumer<ControlContext>> NEXT = new ConcurrentLinkedQueue<>();

    @Override
    public String name() {
        return "scripted";
    }

    @Override
    public long periodMillis() {
        return 0;
    }

    @Override
    public void step(ControlContext context) {
        for (Consumer<ControlContext> action; (action = NEXT.poll()) != null; ) {
            action.accept(context);
        }
    }
}
