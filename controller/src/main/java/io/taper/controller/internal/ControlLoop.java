package io.taper.controller.internal;

import io.taper.result.ResultKeys.Controller;
import io.taper.controller.ClassDeployments;
import io.taper.controller.ClassKey;
import io.taper.runtime.Audit;
import io.taper.runtime.Bypass;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.SiteSwitches;
import io.taper.runtime.control.ControllerStrategy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The controller thread's work: every period, one strategy step, then the step's changes applied to the
 * deployment and the dirty classes retransformed in one pass. Never throws into the program: a failing
 * step or pass is counted. Stopping never interrupts the thread (an interrupt would close the agent's
 * socket channel in the middle of a weave); it signals a latch the thread waits on between steps.
 */
public final class ControlLoop implements Runnable {

    private final ControllerStrategy strategy;
    private final String spec;
    private final ClassDeployments deployments;
    private final ResultsHolder results;
    private final LoadedClasses classes;
    private final Retransformer retransformer;
    private final RetransformationStats retransformation;
    private final SiteOutcomes outcomes;
    private final CodeRemovalModel codeRemoval;
    private final long startNanos;
    private final CountDownLatch stop = new CountDownLatch(1);

    private long steps;
    private long stepErrors;
    private String firstStepError;
    private long stepNanos;
    private long stepNanosMax;
    private long passes;
    private long classesMissing;
    private long classesUnmodifiable;

    /**
     * @param reweave           how to decide re-weaving classes to drop switched-off code ({@code controller.reweave})
     * @param seedNanosPerClass the start-up retransformation's time per class: the cost model's first estimate
     * @param ahead             weaves each batch's classes before its call
     */
    public ControlLoop(ControllerStrategy strategy, String spec, ClassDeployments deployments, ResultsHolder results,
                       LoadedClasses classes, Retransformer.Operation operation,
                       io.taper.controller.RetransformationStrategy batching, long startNanos, String reweave,
                       long seedNanosPerClass, io.taper.controller.AheadWeaving ahead) {
        this.strategy = strategy;
        this.spec = spec;
        this.deployments = deployments;
        this.results = results;
        this.classes = classes;
        this.startNanos = startNanos;
        this.retransformation = new RetransformationStats(startNanos);
        // Classes, not lambdas or method references: bootstrapping them is premain's time in every run.
        this.retransformer = new Retransformer(operation, new LongSupplier() {
            @Override
            public long getAsLong() {
                return deployments.weaveNanosOfThisThread();
            }
        }, batching, retransformation, new Runnable() {
            @Override
            public void run() {
                Bypass.enter();               // as the controller thread: its own work is not the program's
                deployments.startWeaveClock();
            }
        }, ahead, new LongSupplier() {
            @Override
            public long getAsLong() {
                return SafepointClock.millis();
            }
        });
        this.outcomes = new SiteOutcomes(deployments);
        this.codeRemoval = new CodeRemovalModel(deployments, new ClassHeat(HEAT_HALF_LIFE_MILLIS),
                CodeRemovalModel.Settings.parse(reweave), seedNanosPerClass);
    }

    /** Throws IllegalArgumentException with the accepted forms if the re-weave policy is not one. */
    public static void checkReweave(String reweave) {
        CodeRemovalModel.Settings.parse(reweave);
    }

    /** How fast the cost model's view of where the program runs forgets: phases shorter than this blur. */
    static final double HEAT_HALF_LIFE_MILLIS = 2_000;

    public long periodMillis() {
        return strategy.periodMillis();
    }

    @Override
    public void run() {
        // The controller's own work (strategy, collections, reflection) must not be observed. The thread
        // stays in the bypass for good; the agent's transformer must weave regardless (see ARCHITECTURE.md).
        Bypass.enter();
        try {
            while (!stop.await(Math.max(1, strategy.delayMillis(elapsedMillis())), TimeUnit.MILLISECONDS)) {
                stepOnce();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Signals the thread to stop after the current step. */
    public void signalStop() {
        stop.countDown();
    }

    /** One strategy step and the resulting retransformation pass. */
    public synchronized void stepOnce() {
        deployments.startWeaveClock();        // on whichever thread steps (the controller's, or a test's)
        steps++;
        StagedContext context = new StagedContext(deployments, results, elapsedMillis(), steps,
                codeRemoval.pauseMillisPerClass());
        long t0 = System.nanoTime();
        try {
            strategy.step(context);
        } catch (Throwable t) {
            stepErrors++;
            if (firstStepError == null) {
                firstStepError = String.valueOf(t);
            }
        } finally {
            long took = System.nanoTime() - t0;
            stepNanos += took;
            stepNanosMax = Math.max(stepNanosMax, took);
        }
        long at = elapsedMillis();
        for (int site : context.switchedOff()) {
            outcomes.switchedOff(site, at);
        }
        try {
            codeRemoval.step(context, at);
        } catch (Throwable t) {
            stepErrors++;
            if (firstStepError == null) {
                firstStepError = "cost model: " + t;
            }
        }
        try {
            apply(context.changes());
        } catch (Throwable t) {
            stepErrors++;
            if (firstStepError == null) {
                firstStepError = "applying changes: " + t;
            }
        }
    }

    private void apply(List<Change> changes) {
        for (Change c : changes) {
            switch (c.kind()) {
                case DISABLE -> deployments.disable(c.siteId());
                case ENABLE -> deployments.enable(c.siteId());
                case VARIANT -> deployments.setVariant(c.siteId(), c.variant());
            }
            outcomes.requested(c);
        }
        List<ClassKey> dirty = deployments.drainDirty();
        if (!dirty.isEmpty()) {
            LoadedClasses.Resolution r = classes.resolve(dirty);
            classesMissing += r.missing().size();
            classesUnmodifiable += r.unmodifiable().size();
            if (!r.found().isEmpty()) {
                passes++;
                long t0 = System.nanoTime();
                List<Class<?>> failedClasses = retransformer.retransform(r.found());
                codeRemoval.measured(System.nanoTime() - t0, r.found().size());
                for (Class<?> failed : failedClasses) {
                    deployments.onRetransformFailed(classes.keyOf(failed));
                }
            }
        }
        outcomes.confirm(elapsedMillis());
    }

    private long elapsedMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** True once the removal of this site has been confirmed by the woven code (and not undone). */
    public synchronized boolean isRemoved(int siteId) {
        return outcomes.isRemoved(siteId);
    }

    public synchronized Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Controller.STRATEGY, spec);
        m.put("periodMillis", strategy.periodMillis());
        m.put("steps", steps);
        m.put("stepErrors", stepErrors);
        if (firstStepError != null) {
            m.put("firstStepError", firstStepError);
        }
        m.put("stepMillis", RetransformationStats.millis(stepNanos));
        m.put("stepMillisMax", RetransformationStats.millis(stepNanosMax));
        if (results.error() != null) {
            m.put("resultsError", results.error());
        }
        m.put("sitesDead", (long) SiteRegistry.deadSites().length);
        m.put(Controller.SITES_SWITCHED_OFF, (long) SiteSwitches.count());
        outcomes.putInto(m);
        m.put("passes", passes);
        m.put("classesNotFound", classesMissing);
        m.put("classesUnmodifiable", classesUnmodifiable);
        m.putAll(retransformation.toMap());
        m.put(Controller.REWEAVE, codeRemoval.stats());
        if (Audit.enabled()) {
            m.put(Controller.AUDIT, Audit.report());
        }
        Map<String, Object> own = strategy.stats();
        if (own != null && !own.isEmpty()) {
            m.put("strategyStats", own);
        }
        return m;
    }
}
