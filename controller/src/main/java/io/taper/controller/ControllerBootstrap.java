package io.taper.controller;

import io.taper.result.Mode;
import io.taper.controller.internal.ControlLoop;
import io.taper.controller.internal.LoadedClasses;
import io.taper.controller.internal.Retransformer;
import io.taper.controller.internal.StrategyCatalog;
import io.taper.controller.internal.ResultsHolder;
import io.taper.runtime.control.ControllerStrategy;
import io.taper.runtime.control.FixedStrategy;
import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The one entry point the agent calls, once, after its start-up retransformation:
 * <pre>{@code
 * Controller c = ControllerBootstrap.start(inst, taperConfig.asMap(), loaderTags::tagOf, helloOk.resultsClass());
 * ... in the shutdown hook: c.stop(); stats.put("controller", c.stats());
 * }</pre>
 * Reads the configuration keys {@code mode}, {@code controller}, {@code controller.path} and the
 * optional {@code controller.batch.size} (classes per {@code retransformClasses} call; default: all of a
 * step's classes in one call) and {@code controller.reweave} (the cost model's policy, default {@code never}). In any mode but {@code adaptive} the strategy is {@code none}. A strategy
 * that cannot be found or configured is reported on stderr and in the statistics ({@code "error"}), and
 * the run goes on with fixed instrumentation: a controller problem never stops the program.
 */
public final class ControllerBootstrap {

    private static Controller started;

    private ControllerBootstrap() {
    }

    /**
     * Starts the controller thread (a daemon named {@code taper-controller}) unless the strategy never
     * steps. Calling it again returns the controller already started.
     *
     * @param inst         the agent's instrumentation (must support retransformation)
     * @param config       the run's configuration ({@code TaperConfig.asMap()})
     * @param tags         the agent's loader tags, to find the classes to retransform
     * @param resultsClass the analysis's results class (on the boot class path), or null; a strategy that
     *                     asks for the results gets an instance created on first use
     */
    public static synchronized Controller start(Instrumentation inst, Map<String, String> config, LoaderTags tags,
                                                String resultsClass) {
        return start(inst, config, tags, resultsClass, 0);
    }

    /**
     * As above, with the agent's start-up retransformation time per class: the first estimate of what re-weaving
     * a class costs, for the controller's cost model ({@code controller.reweave}) until it has measured its own.
     */
    public static synchronized Controller start(Instrumentation inst, Map<String, String> config, LoaderTags tags,
                                                String resultsClass, long startupNanosPerClass) {
        return start(inst, config, tags, resultsClass, startupNanosPerClass, AheadWeaving.NONE);
    }

    /** As above, with the agent's weaving of each retransformation batch ahead of its call. */
    public static synchronized Controller start(Instrumentation inst, Map<String, String> config, LoaderTags tags,
                                                String resultsClass, long startupNanosPerClass, AheadWeaving ahead) {
        if (started != null) {
            return started;
        }
        long startNanos = System.nanoTime();
        boolean adaptive = Mode.parse(config.getOrDefault("mode", Mode.FIXED.key())) == Mode.ADAPTIVE;
        String spec = adaptive ? config.getOrDefault("controller", FixedStrategy.NAME).trim()
                : FixedStrategy.NAME;
        String error = null;
        ControllerStrategy strategy;
        RetransformationStrategy batching = RetransformationStrategy.ONE_BATCH_PER_STEP;
        String reweave = config.getOrDefault("controller.reweave", "never");
        try {
            String batch = config.getOrDefault("controller.batch.size", "").trim();
            if (!batch.isEmpty()) {
                batching = RetransformationStrategy.batchesOf(Integer.parseInt(batch));
            }
            // outside adaptive mode the strategy is always none: no catalog to discover (start-up time)
            strategy = adaptive ? StrategyCatalog.discover(config.get("controller.path")).create(spec)
                : new FixedStrategy();
            ControlLoop.checkReweave(reweave);
        } catch (RuntimeException | LinkageError e) {
            error = e.getMessage() == null ? e.toString() : e.getMessage();
            System.err.println("[taper] controller: " + error + "; running with fixed instrumentation");
            strategy = new FixedStrategy();
            reweave = "never";
        }
        if (adaptive && "true".equals(config.get("audit"))) {
            ClassDeployments.get().audit();
        }
        // Classes, not lambdas or method references: bootstrapping them is premain's time in every run.
        LoadedClasses classes = new LoadedClasses(new Supplier<Class<?>[]>() {
            @Override
            public Class<?>[] get() {
                return inst.getAllLoadedClasses();
            }
        }, new Predicate<Class<?>>() {
            @Override
            public boolean test(Class<?> c) {
                return inst.isModifiableClass(c);
            }
        }, tags);
        ControlLoop loop = new ControlLoop(strategy, spec, ClassDeployments.get(), new ResultsHolder(resultsClass), classes,
                new Retransformer.Operation() {
                    @Override
                    public void retransform(Class<?>[] batch) throws Throwable {
                        RetransformLock.exclusive(inst, batch);
                    }

                    @Override
                    public void retransformInPhase(Class<?>[] batch) throws Throwable {
                        RetransformLock.inPhase(inst, batch);
                    }
                }, batching, startNanos, reweave, startupNanosPerClass, ahead);
        Thread thread = null;
        if (strategy.periodMillis() > 0) {
            thread = new Thread(loop, "taper-controller");
            thread.setDaemon(true);
            thread.start();
        }
        started = new Controller(loop, thread, adaptive ? Mode.ADAPTIVE.key() : Mode.FIXED.key(), error);
        return started;
    }
}
