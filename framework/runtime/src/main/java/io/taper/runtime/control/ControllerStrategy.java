package io.taper.runtime.control;

import java.util.Map;

/**
 * Decides, every {@link #periodMillis()} milliseconds, which sites to remove, restore or switch to
 * another variant. The controller thread calls {@link #step} and then applies what the step asked for:
 * it updates the deployment and retransforms the affected classes in one batch.
 *
 * <p>Strategies are found by {@link #name()} with {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/io.taper.runtime.control.ControllerStrategy} of an analysis jar or of a jar
 * given with {@code --controller-path}, and select it with {@code --controller NAME[:ARGUMENT]}.
 * Each run gets a fresh instance (public no-argument constructor), configured once before the first
 * step. The controller thread runs strategies with the analysis bypass entered: their work is not
 * observed. A strategy that throws is counted in the controller's statistics and stepped again later.
 */
public interface ControllerStrategy {

    /** The name selected with {@code --controller}: the part before the first ':'. */
    String name();

    /**
     * Receives the text after the first ':' of the spec ("" if none) before the first step.
     *
     * @throws IllegalArgumentException if the argument is not valid for this strategy
     */
    default void configure(String argument) {
        if (!argument.isEmpty()) {
            throw new IllegalArgumentException("strategy '" + name() + "' takes no argument, got '" + argument + "'");
        }
    }

    /** Milliseconds between steps; 0 or less: never step (the instrumentation stays fixed). */
    long periodMillis();

    /**
     * Milliseconds from a step (or the controller's start) to the next, given the time since the controller
     * started; by default {@link #periodMillis()}. Called only when {@link #periodMillis()} is positive; a value
     * below 1 counts as 1. A strategy may step more often while the program warms up, when a removal also spares
     * the JIT compiling the instrumentation.
     */
    default long delayMillis(long elapsedMillis) {
        return periodMillis();
    }

    /** One decision: inspect the context and call its disable/enable/setVariant methods. */
    void step(ControlContext context);

    /**
     * The strategy's own statistics (JSON-shaped values), read once after the last step and put under
     * {@code "stats"."controller"."strategyStats"} of result.json when not empty.
     */
    default Map<String, Object> stats() {
        return Map.of();
    }
}
