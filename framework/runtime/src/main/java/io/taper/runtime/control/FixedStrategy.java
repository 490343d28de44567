package io.taper.runtime.control;

/** Built-in {@code none}: never changes the deployment (fixed instrumentation). */
public final class FixedStrategy implements ControllerStrategy {

    public static final String NAME = "none";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public long periodMillis() {
        return 0;
    }

    @Override
    public void step(ControlContext context) {
        // nothing to decide
    }
}
